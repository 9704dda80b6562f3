// The audit log (ADR 78): GET /admin-actions page by page, and its CSV with the same filters.
import { useInfiniteQuery } from '@tanstack/react-query';
import { routes, type AdminActionKind, type AdminActionsPage } from '@hostelhub/contracts';
import { fetchEndpoint } from '@/lib/api-client';
import { dashboardPageSize, pagedListOptions } from '@/lib/paged-list';
import { queryKeys } from '@/lib/query-keys';

/** The filters the API takes, each optional. */
export type ActivityFilters = { actor?: string; kind?: AdminActionKind; from?: string; to?: string };

const getActions = (filters: ActivityFilters, cursor: string | null, signal: AbortSignal) =>
  fetchEndpoint(routes.adminActions, {
    query: { ...filters, limit: dashboardPageSize, ...(cursor ? { cursor } : {}) },
    signal,
  }).then((page: AdminActionsPage) => ({ items: page.actions, nextCursor: page.nextCursor }));

export const useActivity = (filters: ActivityFilters) =>
  useInfiniteQuery(
    pagedListOptions(queryKeys.activity(filters), (cursor, signal) => getActions(filters, cursor, signal)),
  );

/** GET /exports/admin-actions.csv with the filters shown. */
export const getActivityCsv = (filters: ActivityFilters) =>
  fetchEndpoint(routes.adminActionsExport, { query: filters, responseType: 'text' });
