import { mealImageSize } from '@/components/meal-card';
import { formatPrice } from '@/lib/format';
import type { UpcomingMeal } from '@hostelhub/contracts';

type UpcomingMealCardProps = {
  meal: UpcomingMeal;
  liking: boolean;
  premiumOnly: boolean;
  onLike: () => void;
  /** The first card of the list, likely above the fold: loaded at once and first. */
  priority?: boolean;
};

export function UpcomingMealCard({ meal, liking, premiumOnly, onLike, priority = false }: UpcomingMealCardProps) {
  const liked = Boolean(meal.liked);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
      <img
        src={meal.image}
        alt={meal.title}
        {...mealImageSize}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        className="aspect-[4/3] w-full bg-stone-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <span className="self-start rounded-full bg-orange-100 px-3 py-0.5 text-xs font-semibold text-orange-800">
          {meal.category}
        </span>
        <h2 className="text-lg font-semibold text-stone-900">{meal.title}</h2>
        <p className="line-clamp-3 text-sm text-stone-600">{meal.description}</p>
        <p className="font-bold text-orange-700">{formatPrice(meal.price)}</p>
        <div className="mt-auto flex items-center justify-between gap-2 pt-2">
          <button
            type="button"
            onClick={onLike}
            disabled={liked || liking}
            aria-label={`${liked ? 'Liked' : 'Like'} ${meal.title}`}
            className="btn-secondary"
          >
            <span aria-hidden="true" className={liked ? 'text-red-600' : 'text-stone-500'}>
              {liked ? '♥' : '♡'}
            </span>
            {liked ? 'Liked' : 'Like'}
          </button>
          {/* Beside the button, not in it: the button's name is what it says (WCAG 2.5.3). */}
          <span className="rounded-full bg-stone-100 px-2 text-sm text-stone-700" data-testid="like-count">
            {meal.likes} {meal.likes === 1 ? 'like' : 'likes'}
          </span>
          {premiumOnly && (
            <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-800">
              Premium Only
            </span>
          )}
        </div>
      </div>
    </article>
  );
}
