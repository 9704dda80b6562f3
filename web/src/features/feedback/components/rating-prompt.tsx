import type { ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { feedbackMessages, mealSlotLabels, ratingCommentMaxLength, z, type DueRating } from '@hostelhub/contracts';
import { FormActions } from '@/components/form-actions';
import { TextAreaField } from '@/components/form-field';
import { StarRatingInput } from '@/components/star-rating';
import { reportActionError } from '@/lib/dialogs';
import { formatDayShort } from '@/lib/serving-format';
import { useRateServing } from '../api/ratings';

const ratingForm = z.object({
  stars: z.number().int().min(1, feedbackMessages.starsRequired).max(5, feedbackMessages.starsRequired),
  comment: z.string().max(ratingCommentMaxLength, feedbackMessages.commentTooLong),
  contactMe: z.boolean(),
});
type RatingForm = z.infer<typeof ratingForm>;

/** "How was lunch today?" when the serving was today, else "How was lunch on Mon 24 Nov?". */
export function ratingQuestion(due: DueRating, today: string): string {
  const slot = mealSlotLabels[due.slot].toLowerCase();
  return due.date === today ? `How was ${slot} today?` : `How was ${slot} on ${formatDayShort(due.date)}?`;
}

type RatingPromptProps = {
  due: DueRating;
  /** The hostel's date today, `YYYY-MM-DD`. */
  today: string;
  onSaved?: () => void;
  /** A control beside Save, such as "Not now". */
  extraAction?: ReactNode;
};

/**
 * Rates one serving the member was served at: 1-5 stars, an optional comment and whether the
 * kitchen may contact them. A rating already given is shown and may be changed until the
 * window closes (the API answers a second call as an edit).
 */
export function RatingPrompt({ due, today, onSaved, extraAction }: RatingPromptProps) {
  const rate = useRateServing();
  const {
    control,
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RatingForm>({
    defaultValues: {
      stars: due.rating?.stars ?? 0,
      comment: due.rating?.comment ?? '',
      contactMe: due.rating?.contactMe ?? false,
    },
    resolver: zodResolver(ratingForm),
  });
  const headingId = `rate-${due.servingId}`;

  const onSubmit = async (values: RatingForm) => {
    try {
      await rate.mutateAsync({ servingId: due.servingId, ...values });
      onSaved?.();
    } catch (error) {
      await reportActionError(error);
    }
  };

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold text-stone-900">
        {ratingQuestion(due, today)}
      </h2>
      <p className="mb-3 text-sm text-stone-600">
        {due.meal.title}
        {due.rating ? ' · you rated it; you may change your rating for 48 hours after the meal' : ''}
      </p>
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-3">
        <Controller
          control={control}
          name="stars"
          render={({ field }) => (
            <StarRatingInput
              label="Your rating"
              name={`stars-${due.servingId}`}
              value={field.value}
              onChange={field.onChange}
              error={errors.stars?.message}
            />
          )}
        />
        <TextAreaField
          label="Comment (optional)"
          error={errors.comment?.message}
          rows={3}
          maxLength={ratingCommentMaxLength}
          {...register('comment')}
        />
        <label className="flex items-center gap-2 text-sm text-stone-700">
          <input type="checkbox" className="size-4" {...register('contactMe')} />
          The kitchen may contact me about this
        </label>
        <p className="text-xs text-stone-500">
          Other residents never see who rated. The kitchen sees your name only if you tick the box.
        </p>
        <FormActions busy={isSubmitting} label={due.rating ? 'Update rating' : 'Send rating'} busyLabel="Saving…">
          {extraAction}
        </FormActions>
      </form>
    </section>
  );
}
