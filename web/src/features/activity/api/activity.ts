// The audit log (ADR 78): GET /admin-actions page by page, and its CSV with the same filters.
import { useInfiniteQuery } from '@tanstack/react-query';
import { routes, type AdminActionKind, type AdminActionsPage } from '@hostelhub/contracts';
import { callEndpoint, fetchEndpoint } from '@/lib/api-client';
import { dashboardPageSize, pagedListOptions } from '@/lib/paged-list';
import { queryKeys } from '@/lib/query-keys';
import { downloadName } from '@/lib/save-file';

/** The filters the API takes, each optional: who acted (a uid), the kind, and the hostel's days. */
export type ActivityFilters = { actor?: string; kind?: AdminActionKind; from?: string; to?: string };

const getActions = (filters: ActivityFilters, cursor: string | null, signal: AbortSignal) =>
  fetchEndpoint(routes.adminActions, {
    query: { ...filters, limit: dashboardPageSize, ...(cursor ? { cursor } : {}) },
    signal,
  }).then((page: AdminActionsPage) => ({ items: page.actions, nextCursor: page.nextCursor }));

/** The log under the filters, newest first, a page at a time; nothing asked while `enabled` is false. */
export const useActivity = (filters: ActivityFilters, enabled = true) =>
  useInfiniteQuery({
    ...pagedListOptions(queryKeys.activity(filters), (cursor, signal) => getActions(filters, cursor, signal)),
    enabled,
  });

/** The CSV's name when the API gives none. */
export const activityCsvFallbackName = 'activity.csv';

/** GET /exports/admin-actions.csv with the filters shown: its text, and its name as the API gives it. */
export const getActivityCsv = async (filters: ActivityFilters) => {
  const { data, headers } = await callEndpoint(routes.adminActionsExport, { query: filters, responseType: 'text' });
  return { csv: data, fileName: downloadName(headers?.get('content-disposition'), activityCsvFallbackName) };
};
