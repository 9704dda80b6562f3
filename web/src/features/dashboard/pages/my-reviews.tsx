import { useState } from 'react';
import { Link } from 'react-router';
import { confirmAction, showError, showSuccess } from '@/lib/dialogs';
import { useDeleteReview } from '../api/delete-review';
import { useMyReviews } from '../api/get-my-reviews';
import { useUpdateReview } from '../api/update-review';
import { ListStates, messageOf } from '../components/list-states';
import { LoadMore } from '../components/load-more';
import { Modal } from '../components/modal';
import { PageTitle } from '../components/page-title';
import { ReviewEditForm } from '../components/review-edit-form';
import { cellClass, TableFrame } from '../components/table-frame';
import { rowsOf } from '../lib/paged-list';
import type { MyReview } from '@hostelhub/contracts';

const actionClass = 'rounded-md px-3 py-1.5 text-sm font-medium disabled:opacity-60';

export default function MyReviewsPage() {
  const reviews = useMyReviews();
  const updateReview = useUpdateReview();
  const deleteReview = useDeleteReview();
  const [editing, setEditing] = useState<MyReview | null>(null);
  const rows = rowsOf(reviews.data);

  const onSave = async (change: { comment: string; rating: number }) => {
    if (!editing) return;
    try {
      await updateReview.mutateAsync({ mealId: editing.mealId, ...change });
      setEditing(null);
      await showSuccess('Review updated', undefined, 1500);
    } catch (error) {
      await showError(messageOf(error));
    }
  };

  const onDelete = async (review: MyReview) => {
    const confirmed = await confirmAction(
      'Delete this review?',
      `Your review of ${review.mealTitle} will be removed.`,
      'Yes, delete it',
    );
    if (!confirmed) return;
    try {
      await deleteReview.mutateAsync(review.mealId);
    } catch (error) {
      await showError(messageOf(error));
    }
  };

  return (
    <section>
      <PageTitle>My Reviews</PageTitle>
      <ListStates query={reviews} isEmpty={rows.length === 0} emptyMessage="No reviews found.">
        <>
          <TableFrame
            caption="Your reviews"
            headers={['#', 'Meal Title', 'Like', 'Comment', 'View Meal', 'Edit', 'Delete']}
          >
            {rows.map((review, index) => (
              <tr key={review._id}>
                <td className={cellClass}>{index + 1}</td>
                <td className={`${cellClass} min-w-40 font-medium`}>{review.mealTitle}</td>
                <td className={cellClass}>{review.like}</td>
                <td className={`${cellClass} max-w-xs`}>
                  <span className="mr-1 text-amber-500" aria-label={`${review.rating} of 5 stars`}>
                    {'★'.repeat(review.rating)}
                  </span>
                  <span className="line-clamp-2">{review.comment}</span>
                </td>
                <td className={cellClass}>
                  <Link
                    to={`/meal/${review.mealId}`}
                    className="font-medium whitespace-nowrap text-orange-700 underline"
                  >
                    View Meal
                  </Link>
                </td>
                <td className={cellClass}>
                  <button
                    type="button"
                    onClick={() => setEditing(review)}
                    aria-label={`Edit your review of ${review.mealTitle}`}
                    className={`${actionClass} bg-stone-800 text-white hover:bg-stone-700`}
                  >
                    Edit
                  </button>
                </td>
                <td className={cellClass}>
                  <button
                    type="button"
                    onClick={() => onDelete(review)}
                    disabled={deleteReview.isPending && deleteReview.variables === review.mealId}
                    aria-label={`Delete your review of ${review.mealTitle}`}
                    className={`${actionClass} bg-red-600 text-white hover:bg-red-700`}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </TableFrame>
          <LoadMore {...reviews} />
        </>
      </ListStates>
      {editing && (
        <Modal title={`Edit your review of ${editing.mealTitle}`} onClose={() => setEditing(null)}>
          <ReviewEditForm review={editing} onSave={onSave} onCancel={() => setEditing(null)} />
        </Modal>
      )}
    </section>
  );
}
