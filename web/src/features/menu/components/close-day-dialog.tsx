import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { closedDayBody } from '@hostelhub/contracts';
import { FormField } from '@/components/form-field';
import { Modal } from '@/components/modal';
import { reportActionError } from '@/lib/dialogs';
import { formatDayLong } from '@/lib/serving-format';
import { useCloseDay } from '../api/planner';

/** Closes the kitchen for a day, with a note residents see on the menu. */
export function CloseDayDialog({ date, onClose }: { date: string; onClose: () => void }) {
  const close = useCloseDay();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ note: string }>({ resolver: zodResolver(closedDayBody), defaultValues: { note: '' } });
  const onSubmit = async ({ note }: { note: string }) => {
    try {
      await close.mutateAsync({ date, note });
      onClose();
    } catch (error) {
      await reportActionError(error);
    }
  };
  return (
    <Modal title={`Close the kitchen on ${formatDayLong(date)}`} onClose={onClose}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4">
        <FormField label="Note for residents" error={errors.note?.message} hint="For example: Public holiday">
          {(control) => <input {...control} type="text" className="input" {...register('note')} />}
        </FormField>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={isSubmitting}>
            Close the day
          </button>
        </div>
      </form>
    </Modal>
  );
}
