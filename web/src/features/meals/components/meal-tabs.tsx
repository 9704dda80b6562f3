import { useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { MealCard, MealCardSkeleton } from '@/components/meal-card';
import { mealCategories, ownValue } from '@hostelhub/contracts';
import { paths } from '@/lib/paths';
import { useMealsByCategory } from '../api/get-meals-by-category';

const tabs = [
  { label: 'All Meals', category: '' },
  ...mealCategories.map((category) => ({ label: category, category })),
];

function MealGrid({ category }: { category: string }) {
  const meals = useMealsByCategory(category);
  if (meals.isPending) {
    return (
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, index) => (
          <MealCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (meals.isError)
    return <ErrorState title="Meals could not be loaded" error={meals.error} onRetry={() => meals.refetch()} />;
  if (meals.data.length === 0) return <EmptyState title="No Meals Found" />;
  return (
    <div className="grid gap-3 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3">
      {meals.data.map((meal, index) => (
        <MealCard key={meal._id} meal={meal} priority={index === 0} compactOnPhone />
      ))}
    </div>
  );
}

/** All Meals / Breakfast / Lunch / Dinner, as an accessible tab list (arrow keys switch). */
export function MealTabs() {
  const [active, setActive] = useState(0);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent) => {
    const move = ownValue({ ArrowRight: 1, ArrowLeft: -1 }, event.key);
    let next: number | undefined;
    if (move !== undefined) next = (active + move + tabs.length) % tabs.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = tabs.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <section aria-labelledby="meal-tabs-heading" className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-14">
      <h2 id="meal-tabs-heading" className="mb-6 text-center text-3xl font-bold text-stone-900">
        Meals by Category
      </h2>
      <div
        role="tablist"
        aria-label="Meal categories"
        onKeyDown={onKeyDown}
        className="mb-6 flex flex-wrap justify-center gap-2 sm:mb-8"
      >
        {tabs.map((tab, index) => (
          <button
            key={tab.label}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            role="tab"
            type="button"
            id={`meal-tab-${index}`}
            aria-selected={active === index}
            aria-controls="meal-tab-panel"
            tabIndex={active === index ? 0 : -1}
            onClick={() => setActive(index)}
            className={`rounded-full px-5 py-2 font-semibold transition ${
              active === index
                ? 'bg-brand text-white'
                : 'bg-white text-stone-700 ring-1 ring-stone-300 hover:bg-orange-50'
            }`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="meal-tab-panel" aria-labelledby={`meal-tab-${active}`}>
        <MealGrid category={tabs[active]!.category} />
      </div>
      <p className="mt-8 text-center">
        <Link to={paths.mealsWith({ category: tabs[active]!.category })} className="btn-secondary">
          See all meals
        </Link>
      </p>
    </section>
  );
}
