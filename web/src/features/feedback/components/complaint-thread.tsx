import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  complaintReplyBody,
  complaintReplyMaxLength,
  complaintStatusLabels,
  type Complaint,
  type ComplaintReplyBody,
  type ComplaintThreadEntry,
} from '@hostelhub/contracts';
import { FormActions } from '@/components/form-actions';
import { TextAreaField } from '@/components/form-field';
import { reportActionError } from '@/lib/dialogs';
import { formatRelativeTime } from '@/lib/format';
import { useReplyToComplaint } from '../api/complaints';

const roleLabels: Record<ComplaintThreadEntry['author']['role'], string> = {
  member: 'Resident',
  staff: 'Kitchen',
  admin: 'Kitchen',
};

function ThreadEntry({ entry }: { entry: ComplaintThreadEntry }) {
  const fromKitchen = entry.author.role !== 'member';
  return (
    <li className={`rounded-md px-3 py-2 text-sm ${fromKitchen ? 'bg-orange-50' : 'bg-stone-100'}`}>
      <p className="text-xs text-stone-600">
        <span className="font-semibold text-stone-800">{entry.author.name}</span> ({roleLabels[entry.author.role]})
        {entry.createdAt ? ` · ${formatRelativeTime(entry.createdAt)}` : ''}
      </p>
      {entry.kind === 'status' && entry.status ? (
        <p className="font-medium text-stone-800">Marked {complaintStatusLabels[entry.status].toLowerCase()}</p>
      ) : null}
      {entry.text ? <p className="break-words whitespace-pre-line text-stone-800">{entry.text}</p> : null}
    </li>
  );
}

/**
 * A complaint's thread: its replies and changes of status in order, every text shown as
 * text, and a reply form while the complaint is open or acknowledged.
 */
export function ComplaintThread({ complaint }: { complaint: Complaint }) {
  const reply = useReplyToComplaint();
  const closed = complaint.status === 'resolved' || complaint.status === 'declined';
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ComplaintReplyBody>({ defaultValues: { text: '' }, resolver: zodResolver(complaintReplyBody) });

  const onSubmit = async ({ text }: ComplaintReplyBody) => {
    try {
      await reply.mutateAsync({ id: complaint._id, text });
      reset({ text: '' });
    } catch (error) {
      await reportActionError(error);
    }
  };

  return (
    <div className="mt-3 space-y-3">
      {complaint.replies.length > 0 ? (
        <ol aria-label="Replies" className="space-y-2">
          {complaint.replies.map((entry) => (
            <ThreadEntry key={entry._id} entry={entry} />
          ))}
        </ol>
      ) : (
        <p className="text-sm text-stone-600">No answer yet.</p>
      )}
      {closed ? (
        <p className="text-sm text-stone-600">
          This complaint is {complaintStatusLabels[complaint.status].toLowerCase()}: raise a new one if something is
          still wrong.
        </p>
      ) : (
        <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-2">
          <TextAreaField
            label="Reply"
            error={errors.text?.message}
            rows={2}
            maxLength={complaintReplyMaxLength}
            {...register('text')}
          />
          <FormActions busy={isSubmitting} label="Send reply" busyLabel="Sending…" tone="secondary" />
        </form>
      )}
    </div>
  );
}
