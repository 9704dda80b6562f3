import type { LeaveStatus } from '@hostelhub/contracts';
import { leaveStatusLabels, leaveStatusStyles } from '../lib/leave-words';

/** A leave's status as a coloured label: Pending, Approved, Declined, Cancelled. */
export function LeaveStatusPill({ status }: { status: LeaveStatus }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${leaveStatusStyles[status]}`}>
      {leaveStatusLabels[status]}
    </span>
  );
}
