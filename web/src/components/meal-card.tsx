import { Link } from 'react-router';
import { formatPrice } from '@/lib/format';
import type { PublicMeal } from '@hostelhub/contracts';
import { StarRating } from './star-rating';

type MealCardProps = {
  meal: Pick<PublicMeal, '_id' | 'title' | 'image' | 'description' | 'price' | 'rating'>;
  showRating?: boolean;
  /** The first card of a list, likely above the fold: loaded at once and first. */
  priority?: boolean;
  /** The title's heading level: one below the heading the list sits under (h2 under the page's h1). */
  titleAs?: 'h2' | 'h3';
};

/** The demo's pictures are 400x300; the size keeps the card's box fixed before one loads. */
export const mealImageSize = { width: 400, height: 300 } as const;

export function MealCard({ meal, showRating = true, priority = false, titleAs: Title = 'h3' }: MealCardProps) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition hover:shadow-md">
      <img
        src={meal.image}
        alt={meal.title}
        {...mealImageSize}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        className="aspect-[4/3] w-full bg-stone-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Title className="text-lg font-semibold text-stone-900">{meal.title}</Title>
        {showRating && <StarRating value={meal.rating} className="size-4" />}
        <p className="line-clamp-2 text-sm text-stone-600">{meal.description}</p>
        <div className="mt-auto flex items-center justify-between pt-2">
          <span className="text-lg font-bold text-orange-700">{formatPrice(meal.price)}</span>
          <Link to={`/meal/${meal._id}`} className="btn-primary text-sm" aria-label={`View Details: ${meal.title}`}>
            View Details
          </Link>
        </div>
      </div>
    </article>
  );
}

/** A grey card of the same size while meals load. */
export function MealCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex animate-pulse flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white"
    >
      <div className="aspect-[4/3] w-full bg-stone-200" />
      <div className="flex flex-col gap-3 p-4">
        <div className="h-5 w-2/3 rounded bg-stone-200" />
        <div className="h-4 w-full rounded bg-stone-200" />
        <div className="h-4 w-1/2 rounded bg-stone-200" />
      </div>
    </div>
  );
}
