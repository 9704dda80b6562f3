import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import {
  complaintCategories,
  complaintCategoryLabels,
  complaintTextMaxLength,
  feedbackMessages,
  isAlwaysUrgent,
  mealSlotLabels,
  z,
  type ComplaintCategory,
  type DueRating,
} from '@hostelhub/contracts';
import { FormActions } from '@/components/form-actions';
import { ChoiceOptions } from '@/components/choice-options';
import { FormField } from '@/components/form-field';
import { reportActionError, showSuccess } from '@/lib/dialogs';
import { formatDayShort } from '@/lib/serving-format';
import { useRaiseComplaint } from '../api/complaints';

const complaintForm = z.object({
  servingId: z.string(),
  category: z
    .string()
    .refine((value) => (complaintCategories as readonly string[]).includes(value), feedbackMessages.categoryRequired),
  text: z
    .string()
    .trim()
    .min(1, feedbackMessages.textRequired)
    .max(complaintTextMaxLength, feedbackMessages.textTooLong),
  urgent: z.boolean(),
});
type ComplaintForm = z.infer<typeof complaintForm>;

/** Raises a complaint about a recent meal one was served, or about the dining in general. */
export function RaiseComplaintForm({ servings }: { servings: DueRating[] }) {
  const raise = useRaiseComplaint();
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ComplaintForm>({
    defaultValues: { servingId: '', category: '', text: '', urgent: false },
    resolver: zodResolver(complaintForm),
  });
  const category = useWatch({ control, name: 'category' });
  const alwaysUrgent =
    (complaintCategories as readonly string[]).includes(category) && isAlwaysUrgent(category as ComplaintCategory);

  const onSubmit = async (values: ComplaintForm) => {
    try {
      await raise.mutateAsync({
        category: values.category as ComplaintCategory,
        text: values.text,
        urgent: values.urgent,
        servingId: values.servingId || null,
      });
      reset();
      await showSuccess('Complaint sent', 'The kitchen will answer here, and you will be told in the bell.', 2500);
    } catch (error) {
      await reportActionError(error);
    }
  };

  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-label="Raise a complaint"
      className="space-y-3 rounded-lg border border-stone-200 bg-white p-4 shadow-sm"
    >
      <h2 className="text-lg font-semibold text-stone-900">Raise a complaint</h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="About">
          {(field) => (
            <select {...field} className="input" {...register('servingId')}>
              <option value="">The dining in general</option>
              {servings.map((serving) => (
                <option key={serving.servingId} value={serving.servingId}>
                  {mealSlotLabels[serving.slot]} · {formatDayShort(serving.date)} · {serving.meal.title}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="What is it about?" error={errors.category?.message}>
          {(field) => (
            <select {...field} className="input" {...register('category')}>
              <ChoiceOptions blank="Choose…" values={complaintCategories} labels={complaintCategoryLabels} />
            </select>
          )}
        </FormField>
      </div>
      <FormField label="What happened?" error={errors.text?.message}>
        {(field) => (
          <textarea {...field} rows={4} maxLength={complaintTextMaxLength} className="input" {...register('text')} />
        )}
      </FormField>
      {alwaysUrgent ? (
        <p className="text-sm font-medium text-red-700">
          Hygiene and allergen complaints are always urgent: every admin is told at once.
        </p>
      ) : (
        <label className="flex items-center gap-2 text-sm text-stone-700">
          <input type="checkbox" className="size-4" {...register('urgent')} />
          This is urgent (every admin is told at once)
        </label>
      )}
      <FormActions busy={isSubmitting} label="Send complaint" busyLabel="Sending…" />
    </form>
  );
}
