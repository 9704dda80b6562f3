import { LikeButton } from '@/components/like-button';
import { MealPicture } from '@/components/meal-card';
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
      <MealPicture meal={meal} priority={priority} className="aspect-[4/3] w-full bg-stone-100 object-cover" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <span className="self-start rounded-full bg-orange-100 px-3 py-0.5 text-xs font-semibold text-orange-800">
          {meal.category}
        </span>
        <h2 className="text-lg font-semibold text-stone-900">{meal.title}</h2>
        <p className="line-clamp-3 text-sm text-stone-600">{meal.description}</p>
        <p className="font-bold text-orange-700">{formatPrice(meal.price)}</p>
        <div className="mt-auto flex items-center justify-between gap-2 pt-2">
          <LikeButton liked={liked} busy={liking} likes={meal.likes} onLike={onLike} mealTitle={meal.title} />
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
