// The leave queue's filters as the address keeps them: `?status=` (pending unless chosen;
// `any` for every status) and `?month=YYYY-MM`, so a filtered queue can be shared, reloaded
// and gone back to.
import { leaveStatuses, shiftMonth, type LeaveStatus } from '@hostelhub/contracts';
import type { LeaveFilters } from '../api/leave';

/** The status filter's value for every status. */
export const anyStatus = 'any';
export type StatusChoice = LeaveStatus | typeof anyStatus;

const isStatus = (value: string | null): value is LeaveStatus =>
  value !== null && (leaveStatuses as readonly string[]).includes(value);
const isMonth = (value: string | null): value is string => value !== null && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

/** The filters the address asks for; what it spells wrongly is left at its default. */
export function queueFiltersFrom(params: URLSearchParams): { status: StatusChoice; month: string | null } {
  const status = params.get('status');
  const month = params.get('month');
  return {
    status: status === anyStatus ? anyStatus : isStatus(status) ? status : 'pending',
    month: isMonth(month) ? month : null,
  };
}

/** What GET /leaves is asked. */
export const queryOf = ({ status, month }: { status: StatusChoice; month: string | null }): LeaveFilters => ({
  ...(status === anyStatus ? {} : { status }),
  ...(month ? { month } : {}),
});

/** The address's query for the filters: the default (pending, every month) is the bare address. */
export function searchFor({ status, month }: { status: StatusChoice; month: string | null }): URLSearchParams {
  const params = new URLSearchParams();
  if (status !== 'pending') params.set('status', status);
  if (month) params.set('month', month);
  return params;
}

/** The months to choose from: six before this one to six after, and the one chosen if outside. */
export function monthChoices(thisMonth: string, chosen: string | null): string[] {
  const months = Array.from({ length: 13 }, (_, index) => shiftMonth(thisMonth, index - 6));
  if (chosen && !months.includes(chosen)) months.push(chosen);
  return months.sort();
}
