import { useState } from 'react';
import { flushSync } from 'react-dom';
import {
  complaintReasonMaxLength,
  complaintTransitions,
  type Complaint,
  type ComplaintChange,
} from '@hostelhub/contracts';
import { ReasonDialog } from '@/components/reason-dialog';
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
  const allowed = complaintTransitions[complaint.status];
  if (allowed.length === 0) return null;

  const run = async (status: ComplaintChange, withReason: string | null) => {
    try {
      await change.mutateAsync({ id: complaint._id, status, reason: withReason });
      flushSync(() => setAsking(null));
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
        <ReasonDialog
          title={asking === 'declined' ? 'Decline this complaint' : 'Resolve this complaint'}
          label={asking === 'declined' ? 'Reason (the resident reads it)' : 'What was done (optional)'}
          requiredMessage={asking === 'declined' ? 'Say why it is declined' : undefined}
          maxLength={complaintReasonMaxLength}
          action={actionLabels[asking]}
          busy={change.isPending}
          onSubmit={(text) => void run(asking, text)}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </div>
  );
}
