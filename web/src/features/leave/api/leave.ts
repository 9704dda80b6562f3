// Leave and the hostel's meal settings (ADR 74): GET and PUT /meal-settings, a member's own
// leaves (GET /leaves, POST /leaves, DELETE /leaves/{id}) and the admins' queue of every
// member's leave (GET /leaves by status and month, PATCH /leaves/{id}).
import { useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { routes, type LeaveBody, type LeavePatchBody, type LeaveStatus, type MyLeaves } from '@hostelhub/contracts';
import { fetchEndpoint } from '@/lib/api-client';
import { dashboardPageSize, pagedListOptions } from '@/lib/paged-list';
import { queryKeys } from '@/lib/query-keys';
import { invalidateKeys, useRefreshingMutation } from '@/lib/refreshing-mutation';
import { settingHooks } from '@/lib/setting-query';

const mealSettings = settingHooks(routes.mealSettings, routes.updateMealSettings, queryKeys.mealSettings);
export const useUpdateMealSettings = mealSettings.useUpdateSetting;

/** The admins' filters: a status ('pending' unless chosen) and a month `YYYY-MM`, both optional. */
export type LeaveFilters = { status?: LeaveStatus; month?: string };

/** One page of GET /leaves; the first page also carries the rules and the days left. */
const getLeaves = (filters: LeaveFilters, cursor: string | null, signal: AbortSignal): Promise<MyLeaves> =>
  fetchEndpoint(routes.leaves, {
    query: { ...filters, limit: dashboardPageSize, ...(cursor ? { cursor } : {}) },
    signal,
  });

/** A member's own leaves, latest first, with the hostel's rules and the days left this month and next. */
export const useMyLeaves = () =>
  useInfiniteQuery(pagedListOptions(queryKeys.leave.mine, (cursor, signal) => getLeaves({}, cursor, signal)));

/** Every member's leave, by first day, as an admin filters them. */
export const useLeaveQueue = (filters: LeaveFilters) =>
  useInfiniteQuery(
    pagedListOptions(queryKeys.leave.queue(filters), (cursor, signal) => getLeaves(filters, cursor, signal)),
  );

const refreshLeaves = (queryClient: QueryClient) => invalidateKeys(queryClient, queryKeys.leave.all);

export const applyForLeave = (body: LeaveBody) => fetchEndpoint(routes.applyForLeave, { body });
export const useApplyForLeave = () => useRefreshingMutation(applyForLeave, refreshLeaves);

export const cancelLeave = (id: string) => fetchEndpoint(routes.cancelLeave, { params: { id } });
export const useCancelLeave = () => useRefreshingMutation(cancelLeave, refreshLeaves);

export const decideLeave = ({ id, ...body }: LeavePatchBody & { id: string }) =>
  fetchEndpoint(routes.decideLeave, { params: { id }, body });
export const useDecideLeave = () => useRefreshingMutation(decideLeave, refreshLeaves);
