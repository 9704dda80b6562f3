import { useId, useState, type FormEvent } from 'react';
import type { MyReview } from '@hostelhub/contracts';
import { inputClass } from './image-field';
import { RatingInput } from './rating-input';

type ReviewEditFormProps = {
  review: MyReview;
  onSave: (change: { comment: string; rating: number }) => Promise<void>;
  onCancel: () => void;
};

/** Edits the rating and comment of one's own review. */
export function ReviewEditForm({ review, onSave, onCancel }: ReviewEditFormProps) {
  const id = useId();
  const [comment, setComment] = useState(review.comment);
  const [rating, setRating] = useState(review.rating);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = comment.trim();
    if (!trimmed) return setError('This field is required');
    if (rating < 1) return setError('Choose a rating from 1 to 5 stars');
    setError(null);
    setSaving(true);
    try {
      await onSave({ comment: trimmed, rating });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <RatingInput name={`${id}-rating`} value={rating} onChange={setRating} />
      <div>
        <label htmlFor={`${id}-comment`} className="block text-sm font-medium text-stone-700">
          Comment
        </label>
        <textarea
          id={`${id}-comment`}
          rows={4}
          maxLength={1000}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          aria-invalid={error ? true : undefined}
          className={inputClass}
        />
        {error && <p className="mt-1 text-sm text-red-600">{error}</p>}
      </div>
      <div className="flex justify-end gap-2">
        <button
          type="button"
          onClick={onCancel}
          className="rounded-md border border-stone-300 px-4 py-2 text-sm font-medium"
        >
          Cancel
        </button>
        <button
          type="submit"
          disabled={saving}
          className="rounded-md bg-orange-600 px-4 py-2 text-sm font-semibold text-white hover:bg-orange-700 disabled:opacity-60"
        >
          {saving ? 'Saving…' : 'Save review'}
        </button>
      </div>
    </form>
  );
}
