import type { Leave } from '@hostelhub/contracts';
import { RowAction } from '@/components/row-action';
import { cellClass, TableFrame, TableRow } from '@/components/table-frame';
import { useSession } from '@/lib/auth';
import { confirmThenRun, showSuccess } from '@/lib/dialogs';
import { formatCents } from '@/lib/format';
import { pendingFor } from '@/lib/refreshing-mutation';
import { LeaveReasons } from './leave-reasons';
import { LeaveStatusPill } from './leave-status';
import { useCancelLeave } from '../api/leave';
import { cancellable, creditText, leaveDates } from '../lib/leave-words';

/**
 * A member's leaves, latest first: the days, the status, the credit and the reasons; Cancel
 * (confirmed first) for a pending or approved leave that has not started.
 */
export function MyLeaveList({ leaves, today }: { leaves: Leave[]; today: string }) {
  const cancel = useCancelLeave();
  const { refreshProfile } = useSession();

  const onCancel = async (leave: Leave) => {
    const dates = leaveDates(leave, today);
    const takenBack =
      leave.status === 'approved' && leave.creditCents > 0
        ? ` Its credit of ${formatCents(leave.creditCents)} is taken back.`
        : '';
    const done = await confirmThenRun(
      ['Cancel this leave?', `Your leave (${dates}) will be cancelled.${takenBack}`, 'Yes, cancel it'],
      () => cancel.mutateAsync(leave._id),
    );
    if (done === undefined) return;
    if (leave.status === 'approved') await refreshProfile();
    void showSuccess('Leave cancelled', undefined, 1500);
  };

  return (
    <TableFrame caption="Your leave" headers={['Dates', 'Days', 'Status', 'Credit', 'Reasons', 'Cancel']}>
      {leaves.map((leave) => (
        <TableRow key={leave._id}>
          <td className={`${cellClass} font-medium`}>{leaveDates(leave, today)}</td>
          <td className={cellClass}>{leave.days}</td>
          <td className={cellClass}>
            <LeaveStatusPill status={leave.status} />
          </td>
          <td className={cellClass}>{creditText(leave)}</td>
          <td className={cellClass}>
            <LeaveReasons leave={leave} />
          </td>
          <td className={cellClass}>
            {cancellable(leave, today) ? (
              <RowAction
                label="Cancel"
                row={`leave ${leaveDates(leave, today)}`}
                tone="danger"
                busy={pendingFor(cancel, leave._id)}
                onClick={() => void onCancel(leave)}
              />
            ) : (
              <span className="text-stone-500">—</span>
            )}
          </td>
        </TableRow>
      ))}
    </TableFrame>
  );
}
