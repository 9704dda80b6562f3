// The kitchen view's urgent complaints: open ones (hygiene, allergens, or marked urgent),
// shown until someone acknowledges them on the complaints page.
import { useQuery } from '@tanstack/react-query';
import { routes } from '@hostelhub/contracts';
import { fetchEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const useUrgentComplaints = () =>
  useQuery({
    queryKey: queryKeys.feedback.urgent,
    queryFn: ({ signal }) =>
      fetchEndpoint(routes.complaints, { query: { status: 'open', urgent: 'true', limit: 20 }, signal }),
    // The kitchen view stays open through a service: look again every minute.
    refetchInterval: 60_000,
  });
