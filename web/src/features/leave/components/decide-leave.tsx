import { useState } from 'react';
import { flushSync } from 'react-dom';
import { leaveReasonMaxLength, type Leave } from '@hostelhub/contracts';
import { RowAction } from '@/components/row-action';
import { ReasonDialog } from '@/components/reason-dialog';
import { reportActionError } from '@/lib/dialogs';
import { useDecideLeave } from '../api/leave';
import { daysText } from '../lib/leave-words';

type Decision = 'approved' | 'declined';

const decisionWords: Record<Decision, { action: string; title: string; reason: string }> = {
  approved: { action: 'Approve', title: 'Approve this leave', reason: 'Note for the member (optional)' },
  declined: { action: 'Decline', title: 'Decline this leave', reason: 'Reason (the member reads it)' },
};

/**
 * An admin's Approve and Decline for a pending leave. Both ask first, in a dialog: declining
 * needs a reason the member reads; approving may carry a note. `who` names the row
 * ("Sam Student, Mon 7 Dec to Fri 11 Dec") for the buttons' names and the dialog.
 */
export function DecideLeave({
  leave,
  who,
  onDecided,
}: {
  leave: Leave;
  who: string;
  onDecided: (text: string) => void;
}) {
  const decide = useDecideLeave();
  const [asking, setAsking] = useState<Decision | null>(null);

  const run = async (status: Decision, text: string | null) => {
    try {
      await decide.mutateAsync({ id: leave._id, status, reason: text });
      flushSync(() => setAsking(null));
      onDecided(`${status === 'approved' ? 'Approved' : 'Declined'}: the leave of ${who}.`);
    } catch (error) {
      await reportActionError(error);
    }
  };

  if (leave.status !== 'pending') return <span className="text-stone-500">—</span>;
  return (
    <div className="flex flex-wrap gap-2">
      <RowAction
        label="Approve"
        row={who}
        tone="success"
        busy={decide.isPending}
        onClick={() => setAsking('approved')}
      />
      <RowAction
        label="Decline"
        row={who}
        tone="danger"
        busy={decide.isPending}
        onClick={() => setAsking('declined')}
      />
      {asking ? (
        <ReasonDialog
          title={decisionWords[asking].title}
          label={decisionWords[asking].reason}
          requiredMessage={asking === 'declined' ? 'Say why it is declined' : undefined}
          maxLength={leaveReasonMaxLength}
          action={decisionWords[asking].action}
          busy={decide.isPending}
          onSubmit={(text) => void run(asking, text)}
          onClose={() => setAsking(null)}
        >
          <p className="text-sm text-stone-700">
            {who}: {daysText(leave.days)}.
          </p>
        </ReasonDialog>
      ) : null}
    </div>
  );
}
