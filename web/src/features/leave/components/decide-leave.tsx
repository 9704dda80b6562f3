import { useState } from 'react';
import { flushSync } from 'react-dom';
import { leaveReasonMaxLength, type Leave } from '@hostelhub/contracts';
import { RowAction } from '@/components/row-action';
import { TextAreaField } from '@/components/form-field';
import { Modal } from '@/components/modal';
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
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();

  const close = () => {
    setAsking(null);
    setReason('');
    setReasonError(undefined);
  };

  const run = async (status: Decision, text: string | null) => {
    try {
      await decide.mutateAsync({ id: leave._id, status, reason: text });
      flushSync(close);
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
        <Modal title={decisionWords[asking].title} onClose={close}>
          <form
            noValidate
            className="space-y-3"
            onSubmit={(event) => {
              event.preventDefault();
              const text = reason.trim();
              if (asking === 'declined' && !text) {
                setReasonError('Say why it is declined');
                return;
              }
              setReasonError(undefined);
              void run(asking, text || null);
            }}
          >
            <p className="text-sm text-stone-700">
              {who}: {daysText(leave.days)}.
            </p>
            <TextAreaField
              label={decisionWords[asking].reason}
              error={reasonError}
              rows={3}
              maxLength={leaveReasonMaxLength}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
            <div className="flex justify-end gap-2">
              <button type="button" className="btn-secondary btn-sm" onClick={close}>
                Cancel
              </button>
              <button type="submit" className="btn-primary btn-sm" disabled={decide.isPending}>
                {decisionWords[asking].action}
              </button>
            </div>
          </form>
        </Modal>
      ) : null}
    </div>
  );
}
