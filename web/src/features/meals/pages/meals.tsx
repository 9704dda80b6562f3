import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { MealCard, MealCardSkeleton } from '@/components/meal-card';
import { Spinner } from '@/components/spinner';
import { useNextPageOnScroll } from '@/hooks/use-load-more-on-scroll';
import { useSession } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/page-head';
import { formatCount } from '@/lib/format';
import { mealFiltersFrom, useMealsList, type MealFilters } from '../api/get-meals';
import { MealFiltersBar } from '../components/meal-filters';

const filterKeys = ['search', 'category', 'priceRange', 'diet', 'freeFrom'] as const;

/** The filters live in the URL, so a search can be linked, shared and reloaded. */
function useFiltersFromUrl() {
  const [params, setParams] = useSearchParams();
  const filters = mealFiltersFrom(params);
  const update = useCallback(
    (changes: Partial<MealFilters>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const key of filterKeys) {
            const value = changes[key];
            if (value === undefined) continue;
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [filters, update] as const;
}

function SkeletonGrid() {
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: 6 }, (_, index) => (
        <MealCardSkeleton key={index} />
      ))}
    </div>
  );
}

export function MealsPage() {
  const [filters, setFilters] = useFiltersFromUrl();
  const session = useSession();
  const list = useMealsList(filters);
  const meals = list.data?.pages.flatMap((page) => page.meals) ?? [];
  const total = list.data?.pages.at(-1)?.total ?? 0;
  useDocumentTitle('All Meals');

  const loadMore = useNextPageOnScroll(list, meals.length);

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 max-sm:py-6 sm:px-6">
      <h1 className="text-3xl font-bold text-stone-900 max-sm:text-2xl">All Meals</h1>
      <p className="mt-2 mb-6 text-stone-600 max-sm:mt-1 max-sm:mb-4 max-sm:text-sm">
        Everything the kitchen serves, newest first. Search by dish or ingredient, or narrow the list by category and
        price.
      </p>
      <MealFiltersBar filters={filters} onChange={setFilters} diet={session.profile?.diet} />
      <div className="mt-6 max-sm:mt-4" aria-busy={list.isFetching}>
        {list.isPending ? (
          <SkeletonGrid />
        ) : list.isError && meals.length === 0 ? (
          <ErrorState title="Meals could not be loaded" error={list.error} onRetry={() => list.refetch()} />
        ) : meals.length === 0 ? (
          <EmptyState title="No Meals Found">Try another search, category, price range or diet.</EmptyState>
        ) : (
          <>
            <p className="mb-4 text-sm font-semibold text-stone-700" aria-live="polite" data-testid="meal-count">
              {formatCount(total, 'meal')}
              {meals.length < total && <span className="font-normal text-stone-500"> · showing {meals.length}</span>}
            </p>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {meals.map((meal, index) => (
                <li key={meal._id}>
                  <MealCard meal={meal} showRating={false} priority={index === 0} titleAs="h2" />
                </li>
              ))}
            </ul>
            <div className="mt-8 flex justify-center">
              {list.isFetchingNextPage ? (
                <Spinner label="Loading more meals" />
              ) : list.isFetchNextPageError ? (
                <ErrorState title="More meals could not be loaded" error={list.error} onRetry={loadMore} />
              ) : list.hasNextPage ? (
                // For keyboard users and anyone whose screen never scrolls far enough.
                <button type="button" className="btn-secondary" onClick={loadMore}>
                  Load more meals
                </button>
              ) : (
                <p className="text-stone-500">No more meals to load.</p>
              )}
            </div>
          </>
        )}
      </div>
    </div>
  );
}
