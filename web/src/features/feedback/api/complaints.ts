// Complaints: the member's own or the kitchen's queue (GET /complaints), raising one, replying
// and changing its status.
import { useInfiniteQuery } from '@tanstack/react-query';
import {
  routes,
  type ComplaintBody,
  type ComplaintCategory,
  type ComplaintPatchBody,
  type ComplaintStatus,
} from '@hostelhub/contracts';
import { fetchEndpoint } from '@/lib/api-client';
import { dashboardPageSize, pagedListOptions } from '@/lib/paged-list';
import { queryKeys } from '@/lib/query-keys';
import { invalidateKeys, useRefreshingMutation } from '@/lib/refreshing-mutation';

export type ComplaintFilters = { status?: ComplaintStatus; category?: ComplaintCategory };

/** One page of GET /complaints as the site's cursor lists read pages. */
export async function getComplaints(filters: ComplaintFilters, cursor: string | null) {
  const page = await fetchEndpoint(routes.complaints, {
    query: { ...filters, limit: dashboardPageSize, ...(cursor ? { cursor } : {}) },
  });
  return { items: page.complaints, nextCursor: page.nextCursor };
}

export const complaintsQueryOptions = (filters: ComplaintFilters) =>
  pagedListOptions(queryKeys.feedback.complaintList(filters), (cursor) => getComplaints(filters, cursor));

export const useComplaints = (filters: ComplaintFilters) => useInfiniteQuery(complaintsQueryOptions(filters));

const refreshComplaints = (queryClient: Parameters<Parameters<typeof useRefreshingMutation>[1]>[0]) =>
  invalidateKeys(queryClient, queryKeys.feedback.complaints);

export const raiseComplaint = (body: ComplaintBody) => fetchEndpoint(routes.raiseComplaint, { body });
export const useRaiseComplaint = () => useRefreshingMutation(raiseComplaint, refreshComplaints);

export const replyToComplaint = ({ id, text }: { id: string; text: string }) =>
  fetchEndpoint(routes.replyToComplaint, { params: { id }, body: { text } });
export const useReplyToComplaint = () => useRefreshingMutation(replyToComplaint, refreshComplaints);

export const changeComplaint = ({ id, ...body }: ComplaintPatchBody & { id: string }) =>
  fetchEndpoint(routes.updateComplaint, { params: { id }, body });
export const useChangeComplaint = () => useRefreshingMutation(changeComplaint, refreshComplaints);
