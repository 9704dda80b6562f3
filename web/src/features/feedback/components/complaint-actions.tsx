import { useState } from 'react';
import { flushSync } from 'react-dom';
import {
  complaintReasonMaxLength,
  complaintTransitions,
  type Complaint,
  type ComplaintChange,
} from '@hostelhub/contracts';
import { TextAreaField } from '@/components/form-field';
import { Modal } from '@/components/modal';
import { reportActionError } from '@/lib/dialogs';
import { useChangeComplaint } from '../api/complaints';

const actionLabels: Record<ComplaintChange, string> = {
  acknowledged: 'Acknowledge',
  resolved: 'Resolve',
  declined: 'Decline',
};

/**
 * Staff's and admins' buttons for the changes a complaint may take now: acknowledging at once,
 * resolving with an optional note, declining with a reason the member reads.
 */
export function ComplaintActions({ complaint }: { complaint: Complaint }) {
  const change = useChangeComplaint();
  const [asking, setAsking] = useState<'resolved' | 'declined' | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const allowed = complaintTransitions[complaint.status];
  if (allowed.length === 0) return null;

  const run = async (status: ComplaintChange, withReason: string | null) => {
    try {
      await change.mutateAsync({ id: complaint._id, status, reason: withReason });
      flushSync(() => setAsking(null));
      setReason('');
    } catch (error) {
      await reportActionError(error);
    }
  };

  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {allowed.map((status) => (
        <button
          key={status}
          type="button"
          disabled={change.isPending}
          className={status === 'declined' ? 'btn-secondary btn-sm' : 'btn-primary btn-sm'}
          onClick={() => (status === 'acknowledged' ? void run(status, null) : setAsking(status))}
        >
          {actionLabels[status]}
        </button>
      ))}
      {asking ? (
        <Modal
          title={asking === 'declined' ? 'Decline this complaint' : 'Resolve this complaint'}
          onClose={() => setAsking(null)}
        >
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
            <TextAreaField
              label={asking === 'declined' ? 'Reason (the resident reads it)' : 'What was done (optional)'}
              error={reasonError}
              rows={3}
              maxLength={complaintReasonMaxLength}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
            <div className="flex justify-end gap-2">
              <button type="button" className="btn-secondary btn-sm" onClick={() => setAsking(null)}>
                Cancel
              </button>
              <button type="submit" className="btn-primary btn-sm" disabled={change.isPending}>
                {actionLabels[asking]}
              </button>
            </div>
          </form>
        </Modal>
      ) : null}
    </div>
  );
}
