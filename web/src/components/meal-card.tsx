import { Link } from 'react-router';
import { formatPrice } from '@/lib/format';
import type { PublicMeal } from '@hostelhub/contracts';
import { paths } from '@/lib/paths';
import { MealLabelBadges } from './meal-labels';
import { StarRating } from './star-rating';

type MealCardProps = {
  meal: Pick<
    PublicMeal,
    '_id' | 'title' | 'image' | 'description' | 'price' | 'rating' | 'reviews_count' | 'allergens' | 'dietTags'
  >;
  showRating?: boolean;
  /** The first card of a list, likely above the fold: loaded at once and first. */
  priority?: boolean;
  /** The title's heading level: one below the heading the list sits under (h2 under the page's h1). */
  titleAs?: 'h2' | 'h3';
  /** Below the small breakpoint: a row with a thumbnail, so a list of them stays short on a phone. */
  compactOnPhone?: boolean;
};

/**
 * Every meal picture's: the demo's pictures are 400x300, and the size keeps the card's box fixed
 * before one loads; `elementtiming` has the browser report when one is painted, which
 * web/inline/load-site.js waits for before it starts the scripts.
 */
const mealPictureAttributes = { width: 400, height: 300, elementtiming: 'meal-picture' } as const;

/**
 * A meal's picture, named by its title. `priority`: likely above the fold (the first card, the
 * meal's own page), so loaded at once and first; any other waits until it is near the view.
 */
export function MealPicture({
  meal,
  priority = false,
  className,
}: {
  meal: { image: string; title: string };
  priority?: boolean;
  className: string;
}) {
  return (
    <img
      src={meal.image}
      alt={meal.title}
      {...mealPictureAttributes}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      className={className}
    />
  );
}

export function MealCard({
  meal,
  showRating = true,
  priority = false,
  titleAs: Title = 'h3',
  compactOnPhone = false,
}: MealCardProps) {
  const compact = compactOnPhone ? 'max-sm:flex-row' : '';
  return (
    // The whole card is clickable through its one link, stretched over the card (nothing else
    // in it is interactive), so there is one tab stop and one name per meal.
    <article
      className={`relative flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition focus-within:ring-2 focus-within:ring-brand hover:shadow-md ${compact}`}
    >
      <MealPicture
        meal={meal}
        priority={priority}
        className={`aspect-[4/3] w-full bg-stone-100 object-cover ${compactOnPhone ? 'max-sm:aspect-square max-sm:h-auto max-sm:w-28 max-sm:shrink-0 max-sm:self-stretch' : ''}`}
      />
      <div className={`flex min-w-0 flex-1 flex-col gap-2 p-4 ${compactOnPhone ? 'max-sm:gap-1 max-sm:p-3' : ''}`}>
        <Title className="text-lg font-semibold text-stone-900">{meal.title}</Title>
        {showRating &&
          (meal.reviews_count > 0 ? (
            <StarRating value={meal.rating} className="size-4" />
          ) : (
            <p className="text-sm text-stone-500">No reviews yet</p>
          ))}
        <p className={`line-clamp-2 text-sm text-stone-600 ${compactOnPhone ? 'max-sm:line-clamp-1' : ''}`}>
          {meal.description}
        </p>
        <MealLabelBadges labels={meal} />
        <div className="mt-auto flex items-center justify-between pt-2">
          <span className="text-lg font-bold text-orange-700">{formatPrice(meal.price)}</span>
          <Link
            to={paths.meal(meal._id)}
            className="btn-primary text-sm after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
            aria-label={`View Details: ${meal.title}`}
          >
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
