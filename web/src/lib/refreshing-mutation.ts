// The one shape of a change made through the API: call it, then mark stale what it changed.
import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { refreshKey } from './query-keys';

/** Marks every query under each key stale, so whatever shows them reads again. */
export const invalidateKeys = (queryClient: QueryClient, ...keys: QueryKey[]) =>
  Promise.all(keys.map((queryKey) => refreshKey(queryClient, queryKey)));

/**
 * A mutation of the API that, once it succeeds, refreshes what it changed: `refresh` gets the
 * query client and the call's input, and the mutation settles when the refresh has been asked.
 */
export function useRefreshingMutation<Input, Result>(
  mutationFn: (input: Input) => Promise<Result>,
  refresh: (queryClient: QueryClient, input: Input) => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (_result, input) => refresh(queryClient, input) });
}

/** Whether `mutation` is under way for `input` (one row's call), not for another row's. */
export const pendingFor = <Input>(mutation: { isPending: boolean; variables: Input | undefined }, input: Input) =>
  mutation.isPending && mutation.variables === input;
