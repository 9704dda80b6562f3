import { useNavigate } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadMore } from '@/components/load-more';
import { ErrorState } from '@/components/error-state';
import { MealCardSkeleton } from '@/components/meal-card';
import { useNextPageOnScroll } from '@/hooks/use-load-more-on-scroll';
import { useRequireSignIn } from '@/hooks/use-require-sign-in';
import { ApiRequestError } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { reportActionError } from '@/lib/dialogs';
import { plansRedirectState } from '@/lib/plans-redirect';
import { useDocumentTitle } from '@/lib/page-head';
import { rowsOf } from '@/lib/paged-list';
import { useUpcomingMeals } from '@/lib/upcoming-meals-query';
import { memberBadges, type Badge as BadgeName } from '@hostelhub/contracts';
import { paths } from '@/lib/paths';
import { useLikeUpcomingMeal } from '../api/like-upcoming-meal';
import { UpcomingMealCard } from '../components/upcoming-meal-card';

export function UpcomingMealsPage() {
  const meals = useUpcomingMeals();
  const { profile } = useSession();
  const requireSignIn = useRequireSignIn();
  const navigate = useNavigate();
  const like = useLikeUpcomingMeal();
  const badge: BadgeName = profile?.badge ?? 'Bronze';
  useDocumentTitle('Upcoming Meals');
  // Liking is for members: the plans, saying why, and the way back here after subscribing.
  const showMembership = (title: string) =>
    navigate(paths.home, { state: plansRedirectState({ path: paths.upcomingMeals, title }) });
  const rows = rowsOf(meals.data);
  useNextPageOnScroll(meals, rows.length);

  const onLike = (mealId: string, title: string) => {
    const user = requireSignIn({ reason: `Sign in to like ${title}` });
    if (!user) return;
    if (profile && !memberBadges.includes(badge)) return showMembership(title);
    like.mutate(
      { mealId },
      {
        onError: (error) => {
          if (error instanceof ApiRequestError && error.status === 402) showMembership(title);
          else reportActionError(error);
        },
      },
    );
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-stone-900">Upcoming Meals</h1>
      <p className="mt-2 mb-8 text-stone-600">
        Coming soon to the kitchen. Members can like the dishes they want to see on the menu first.
      </p>
      {meals.isPending ? (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 3 }, (_, index) => (
            <MealCardSkeleton key={index} />
          ))}
        </div>
      ) : meals.isError ? (
        <ErrorState title="Upcoming meals could not be loaded" error={meals.error} onRetry={() => meals.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title="No upcoming meals yet">Check back soon.</EmptyState>
      ) : (
        <>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {rows.map((meal, index) => (
              <li key={meal._id}>
                <UpcomingMealCard
                  meal={meal}
                  priority={index === 0}
                  liking={like.isPending && like.variables?.mealId === meal._id}
                  premiumOnly={profile?.badge === 'Bronze'}
                  onLike={() => onLike(meal._id, meal.title)}
                />
              </li>
            ))}
          </ul>
          <LoadMore {...meals} />
        </>
      )}
    </div>
  );
}
