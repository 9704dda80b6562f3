import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { reviewFields, type ReviewFields } from '@hostelhub/contracts';
import { FormActions } from '@/components/form-actions';
import { TextAreaField } from '@/components/form-field';
import { StarRatingInput } from '@/components/star-rating';
import type { MyReview } from '@hostelhub/contracts';

type ReviewEditFormProps = {
  review: MyReview;
  onSave: (change: ReviewFields) => Promise<void>;
  onCancel: () => void;
};

/** Edits the rating and comment of one's own review, with the same rules as posting one. */
export function ReviewEditForm({ review, onSave, onCancel }: ReviewEditFormProps) {
  const {
    control,
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ReviewFields>({
    defaultValues: { comment: review.comment, rating: review.rating },
    resolver: zodResolver(reviewFields),
  });

  return (
    <form onSubmit={handleSubmit(onSave)} noValidate className="space-y-4">
      <Controller
        control={control}
        name="rating"
        render={({ field }) => (
          <StarRatingInput
            label="Rating"
            value={field.value}
            onChange={field.onChange}
            error={errors.rating?.message}
          />
        )}
      />
      <TextAreaField
        label="Comment"
        error={errors.comment?.message}
        rows={4}
        maxLength={1000}
        {...register('comment')}
      />
      <FormActions busy={isSubmitting} label="Save review" busyLabel="Saving…">
        <button type="button" onClick={onCancel} className="btn-secondary btn-sm">
          Cancel
        </button>
      </FormActions>
    </form>
  );
}
