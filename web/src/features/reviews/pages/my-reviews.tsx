import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { ListStates } from '@/components/list-states';
import { LoadMore } from '@/components/load-more';
import { Modal } from '@/components/modal';
import { PageTitle } from '@/components/page-title';
import { DataTable, type DataColumn } from '@/components/table-frame';
import type { MyReview } from '@hostelhub/contracts';
import { confirmThenRun, reportActionError, showSuccess } from '@/lib/dialogs';
import { rowsOf } from '@/lib/paged-list';
import { paths } from '@/lib/paths';
import { RowAction } from '@/components/row-action';
import { pendingFor } from '@/lib/refreshing-mutation';
import { useDeleteReview } from '../api/delete-review';
import { useMyReviews } from '../api/get-my-reviews';
import { useUpdateReview } from '../api/update-review';
import { ReviewEditForm } from '../components/review-edit-form';

export function MyReviewsPage() {
  const reviews = useMyReviews();
  const updateReview = useUpdateReview();
  const deleteReview = useDeleteReview();
  const [editing, setEditing] = useState<MyReview | null>(null);
  const rows = rowsOf(reviews.data);

  const onSave = async (change: { comment: string; rating: number }) => {
    if (!editing) return;
    try {
      await updateReview.mutateAsync({ mealId: editing.mealId, ...change });
      // The modal goes first, so the message opens over the page rather than inside the modal.
      flushSync(() => setEditing(null));
      await showSuccess('Review updated', undefined, 1500);
    } catch (error) {
      await reportActionError(error);
    }
  };

  const onDelete = async (review: MyReview) => {
    await confirmThenRun(
      ['Delete this review?', `Your review of ${review.mealTitle} will be removed.`, 'Yes, delete it'],
      () => deleteReview.mutateAsync(review.mealId),
    );
  };

  const columns: DataColumn<MyReview>[] = [
    { header: '#', cell: (_review, index) => index + 1 },
    { header: 'Meal Title', className: 'min-w-40 font-medium', cell: (review) => review.mealTitle },
    { header: 'Like', cell: (review) => review.like },
    {
      header: 'Comment',
      className: 'max-w-xs',
      cell: (review) => (
        <>
          <span className="mr-1 text-amber-500" aria-label={`${review.rating} of 5 stars`}>
            {'★'.repeat(review.rating)}
          </span>
          <span className="line-clamp-2">{review.comment}</span>
        </>
      ),
    },
    {
      header: 'View Meal',
      cell: (review) => (
        <Link to={paths.meal(review.mealId)} className="font-medium whitespace-nowrap text-orange-700 underline">
          View Meal
        </Link>
      ),
    },
    {
      header: 'Edit',
      cell: (review) => (
        <RowAction
          label="Edit"
          row={`your review of ${review.mealTitle}`}
          tone="dark"
          onClick={() => setEditing(review)}
        />
      ),
    },
    {
      header: 'Delete',
      cell: (review) => (
        <RowAction
          label="Delete"
          row={`your review of ${review.mealTitle}`}
          tone="danger"
          onClick={() => onDelete(review)}
          busy={pendingFor(deleteReview, review.mealId)}
        />
      ),
    },
  ];

  return (
    <section>
      <PageTitle>My Reviews</PageTitle>
      <ListStates query={reviews} isEmpty={rows.length === 0} emptyMessage="No reviews found.">
        <>
          <DataTable caption="Your reviews" columns={columns} rows={rows} rowKey={(review) => review._id} />
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
