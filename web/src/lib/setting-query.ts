// A hostel setting an admin reads with GET and replaces with PUT (the weekly menu email's
// schedule, the hall settings): the PUT's answer, what is now stored, replaces the cached one.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerOf, BodyOf, Route } from '@hostelhub/contracts';
import { fetchEndpoint } from '@/lib/api-client';

export function settingHooks<Read extends Route, Write extends Route>(
  read: Read,
  write: Write,
  queryKey: readonly string[],
) {
  return {
    useSetting: () => useQuery({ queryKey, queryFn: ({ signal }) => fetchEndpoint(read, { signal }) }),
    useUpdateSetting: () => {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (body: BodyOf<Write>) => fetchEndpoint(write, { body }),
        onSuccess: (saved: AnswerOf<Write>) => queryClient.setQueryData(queryKey, saved),
      });
    },
  };
}
