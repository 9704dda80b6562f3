/** A meal's rating aggregate, kept on the meal document. */
export type RatingAggregate = { reviewsCount: number; ratingTotal: number; rating: number };

/** The average of `total` over `count` reviews, to one decimal; 0 when there are none. */
export function averageRating(total: number, count: number): number {
  return count > 0 ? Math.round((total / count) * 10) / 10 : 0;
}

/** The aggregate after adding (+1), removing (-1) or re-rating (0) one review. */
export function adjustAggregate(
  current: { reviewsCount?: unknown; ratingTotal?: unknown },
  countChange: -1 | 0 | 1,
  totalChange: number,
): RatingAggregate {
  const reviewsCount = Math.max(0, Number(current.reviewsCount ?? 0) + countChange);
  const ratingTotal = reviewsCount === 0 ? 0 : Number(current.ratingTotal ?? 0) + totalChange;
  return { reviewsCount, ratingTotal, rating: averageRating(ratingTotal, reviewsCount) };
}
