import { useState } from 'react';
import { Avatar } from '@/components/avatar';
import { LoadMore } from '@/components/load-more';
import { StarRating } from '@/components/star-rating';
import { formatRelativeTime } from '@/lib/format';
import { rowsOf } from '@/lib/paged-list';
import type { PublicReview } from '@hostelhub/contracts';
import { useMoreMealReviews } from '../api/get-meal-reviews';

/**
 * The meal's first page of reviews (from GET /meal/{id}) and, once the reader asks, the
 * pages after it (`nextCursor`: where the first page ended; null when it was the last).
 */
export function ReviewList({
  mealId,
  firstPage,
  nextCursor,
  now,
}: {
  mealId: string;
  firstPage: PublicReview[];
  nextCursor: string | null;
  /** The instant "2 days ago" counts from: when the meal was read, so a page the server rendered reads the same in the browser. */
  now: number;
}) {
  const [wantMore, setWantMore] = useState(false);
  const more = useMoreMealReviews(mealId, nextCursor, wantMore);
  const reviews = [...firstPage, ...rowsOf(more.data)];
  // Until the first later page is in, the button stands for it (and shows it loading); a
  // failed page leaves the button there to try again.
  const loadMore =
    !wantMore || more.isPending
      ? { hasNextPage: nextCursor !== null, isFetchingNextPage: wantMore, fetchNextPage: () => setWantMore(true) }
      : more.isError
        ? { hasNextPage: true, isFetchingNextPage: false, fetchNextPage: () => more.refetch() }
        : more;
  if (reviews.length === 0)
    return <p className="text-stone-500">No reviews yet. Be the first to share your thoughts.</p>;
  return (
    <>
      <ul className="flex flex-col gap-4">
        {reviews.map((review) => (
          <li key={review._id} className="flex gap-3 rounded-2xl border border-stone-200 bg-white p-4">
            <Avatar src={review.img} name={review.userName} className="size-10 shrink-0" />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <p className="font-semibold text-stone-900">
                  {review.userName}
                  {review.mine && <span className="ml-2 text-xs font-normal text-orange-700">(you)</span>}
                </p>
                <time dateTime={review.timeStamp ?? undefined} className="text-sm text-stone-500">
                  {formatRelativeTime(review.timeStamp, now)}
                </time>
              </div>
              <StarRating value={review.rating} className="size-4" />
              <p className="mt-1 break-words text-stone-700">{review.comment}</p>
            </div>
          </li>
        ))}
      </ul>
      <LoadMore {...loadMore} />
    </>
  );
}
