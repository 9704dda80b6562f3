import { Controller, useForm } from 'react-hook-form';
import { StarRatingInput } from '@/components/star-rating';
import { useRequireSignIn } from '@/hooks/use-require-sign-in';
import { reportActionError } from '@/lib/action-errors';
import { showSuccess } from '@/lib/dialogs';
import { useAddReview } from './api/add-review';

type ReviewFields = { rating: number; comment: string };

export function ReviewForm({ mealId }: { mealId: string }) {
  const requireSignIn = useRequireSignIn();
  const addReview = useAddReview(mealId);
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ReviewFields>({ defaultValues: { rating: 0, comment: '' } });

  const onSubmit = handleSubmit((fields) => {
    const user = requireSignIn();
    if (!user) return;
    addReview.mutate(
      {
        comment: fields.comment.trim(),
        rating: fields.rating,
        userName: user.displayName,
        email: user.email,
        img: user.photoURL,
      },
      {
        onSuccess: () => {
          reset();
          void showSuccess('Review added successfully');
        },
        onError: reportActionError,
      },
    );
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-5"
    >
      <h3 className="text-lg font-semibold text-stone-900">Write a review</h3>
      <Controller
        control={control}
        name="rating"
        rules={{ min: { value: 1, message: 'Please choose a rating' } }}
        render={({ field }) => (
          <StarRatingInput value={field.value} onChange={field.onChange} error={errors.rating?.message} />
        )}
      />
      <div>
        <label htmlFor="review-comment" className="sr-only">
          Your review
        </label>
        <textarea
          id="review-comment"
          rows={4}
          placeholder="Write your review here..."
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={errors.comment ? 'review-comment-error' : undefined}
          className="input"
          {...register('comment', {
            validate: (value) => value.trim().length > 0 || 'This field is required',
            maxLength: { value: 1000, message: 'Please keep your review under 1000 characters' },
          })}
        />
        {errors.comment && (
          <p id="review-comment-error" className="field-error">
            {errors.comment.message}
          </p>
        )}
      </div>
      <button type="submit" disabled={addReview.isPending} className="btn-primary self-start">
        {addReview.isPending ? 'Posting…' : 'Post Review'}
      </button>
    </form>
  );
}
