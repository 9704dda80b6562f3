import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { reviewFields, type ReviewFields } from '@hostelhub/contracts';
import { FormField } from '@/components/form-field';
import { StarRatingInput } from '@/components/star-rating';
import { useRequireSignIn } from '@/hooks/use-require-sign-in';
import { reportActionError, showSuccess } from '@/lib/dialogs';
import { useAddReview } from '../api/add-review';

export function ReviewForm({ mealId }: { mealId: string }) {
  const requireSignIn = useRequireSignIn();
  const addReview = useAddReview(mealId);
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ReviewFields>({ defaultValues: { rating: 0, comment: '' }, resolver: zodResolver(reviewFields) });

  const onSubmit = handleSubmit(async (fields) => {
    const user = requireSignIn();
    if (!user) return;
    // Awaited rather than mutate's own callbacks: the meal read again after a review replaces
    // this form with "Thanks for your review", and an unmounted form's callbacks never run.
    try {
      await addReview.mutateAsync(fields);
    } catch (error) {
      await reportActionError(error);
      return;
    }
    reset();
    void showSuccess('Review added successfully');
  });

  return (
    <form onSubmit={onSubmit} noValidate className="card flex flex-col gap-3 rounded-2xl p-5">
      <h3 className="text-lg font-semibold text-stone-900">Write a review</h3>
      <Controller
        control={control}
        name="rating"
        render={({ field }) => (
          <StarRatingInput value={field.value} onChange={field.onChange} error={errors.rating?.message} />
        )}
      />
      <FormField label="Your review" hideLabel error={errors.comment?.message}>
        {(field) => (
          <textarea
            {...field}
            rows={4}
            placeholder="Write your review here..."
            className="input"
            {...register('comment')}
          />
        )}
      </FormField>
      <button type="submit" disabled={addReview.isPending} className="btn-primary self-start">
        {addReview.isPending ? 'Posting…' : 'Post Review'}
      </button>
    </form>
  );
}
