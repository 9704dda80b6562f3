import { flushSync } from 'react-dom';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  calendarDate,
  instantOfHostelTime,
  timeOfDay,
  z,
  type Serving,
  type ServingPatchBody,
} from '@hostelhub/contracts';
import { InputField } from '@/components/form-field';
import { Modal } from '@/components/modal';
import { ApiRequestError } from '@/lib/api-client';
import { reportActionError, showError, showSuccess } from '@/lib/dialogs';
import { formatHostelTime, hostelToday } from '@/lib/serving-format';
import { useUpdateServing } from '../api/planner';
import { capacityText, slotOn, toCapacity } from '../lib/planner';

const servingFormSchema = z
  .object({
    startTime: timeOfDay,
    endTime: timeOfDay,
    cutoffDate: calendarDate,
    // Seconds allowed: an admin may close reservations a few seconds from now.
    cutoffTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'must be a time HH:MM'),
    capacity: capacityText,
  })
  .refine((form) => form.startTime < form.endTime, { message: 'Ends after it starts', path: ['endTime'] });
type ServingForm = z.infer<typeof servingFormSchema>;

/** The cutoff instant of a date and wall-clock time (HH:MM or HH:MM:SS) in the hostel's zone. */
function cutoffInstant(date: string, time: string, timeZone: string) {
  const [hours = '00', minutes = '00', seconds = '0'] = time.split(':');
  return new Date(instantOfHostelTime(date, `${hours}:${minutes}`, timeZone).getTime() + Number(seconds) * 1000);
}
/** A serving's times, cutoff and capacity, on the hostel's clock. */
export function EditServingDialog({
  serving,
  timeZone,
  onClose,
}: {
  serving: Serving;
  timeZone: string;
  onClose: () => void;
}) {
  const update = useUpdateServing();
  const cutoffDay = hostelToday(timeZone, new Date(serving.cutoffAt).getTime());
  const defaults: ServingForm = {
    startTime: formatHostelTime(serving.startsAt, timeZone),
    endTime: formatHostelTime(serving.endsAt, timeZone),
    cutoffDate: cutoffDay,
    cutoffTime: formatHostelTime(serving.cutoffAt, timeZone),
    capacity: serving.capacity === null ? '' : String(serving.capacity),
  };
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ServingForm>({ resolver: zodResolver(servingFormSchema), defaultValues: defaults });

  const onSubmit = async (form: ServingForm) => {
    // Only what changed is sent, with the version read: a change made meanwhile is a 409.
    const patch: ServingPatchBody = { ifVersion: serving.version };
    if (form.startTime !== defaults.startTime) patch.startTime = form.startTime;
    if (form.endTime !== defaults.endTime) patch.endTime = form.endTime;
    if (form.cutoffDate !== defaults.cutoffDate || form.cutoffTime !== defaults.cutoffTime)
      patch.cutoffAt = cutoffInstant(form.cutoffDate, form.cutoffTime, timeZone).toISOString();
    if (form.capacity !== defaults.capacity) patch.capacity = toCapacity(form.capacity);
    if (Object.keys(patch).length === 1) return onClose();
    try {
      await update.mutateAsync({ id: serving._id, patch });
      // The modal goes first, so the message opens over the page rather than inside the modal.
      flushSync(onClose);
      void showSuccess('Serving updated', undefined, 1500);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 409) {
        // The message opens over the form (one shown as the form goes would go with it).
        await showError(
          'This serving was changed meanwhile',
          `${error.message.replace(/[.!]?$/, '.')} The planner now shows the latest version.`,
        );
        onClose();
        return;
      }
      await reportActionError(error);
    }
  };

  return (
    <Modal title={`${serving.meal.title}: ${slotOn(serving.slot, serving.date)}`} onClose={onClose}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField label="Starts" error={errors.startTime?.message} type="time" {...register('startTime')} />
          <InputField label="Ends" error={errors.endTime?.message} type="time" {...register('endTime')} />
          <InputField
            label="Reservations close on"
            error={errors.cutoffDate?.message}
            type="date"
            {...register('cutoffDate')}
          />
          <InputField
            label="Reservations close at"
            error={errors.cutoffTime?.message}
            type="time"
            step={1}
            {...register('cutoffTime')}
          />
          <InputField
            label="Capacity (blank: no limit)"
            error={errors.capacity?.message}
            inputMode="numeric"
            {...register('capacity')}
          />
        </div>
        <p className="text-sm text-stone-600">Times on the hostel&apos;s clock ({timeZone}).</p>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={isSubmitting}>
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}
