import { useEffect, useState } from 'react';
import { mealCategories, priceRanges } from '@hostelhub/contracts';
import type { MealFilters } from './api/get-meals';

type MealFiltersProps = {
  filters: MealFilters;
  onChange: (changes: Partial<MealFilters>) => void;
};

const searchDelayMs = 300;

export function MealFiltersBar({ filters, onChange }: MealFiltersProps) {
  const [searchText, setSearchText] = useState(filters.search);

  // The URL can change the search too (the home page's search box, back and forward).
  const [urlSearch, setUrlSearch] = useState(filters.search);
  if (urlSearch !== filters.search) {
    setUrlSearch(filters.search);
    setSearchText(filters.search);
  }

  // Typing settles before the list reloads, instead of one request per key.
  useEffect(() => {
    if (searchText === filters.search) return;
    const timer = setTimeout(() => onChange({ search: searchText }), searchDelayMs);
    return () => clearTimeout(timer);
  }, [searchText, filters.search, onChange]);

  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ search: searchText });
      }}
      // On a phone: the search on one line, the two selects side by side below it.
      className="grid grid-cols-2 gap-2 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm sm:gap-3 sm:p-4 md:grid-cols-[2fr_1fr_1fr]"
    >
      <div className="col-span-2 md:col-span-1">
        <label htmlFor="meal-search" className="mb-1 block text-xs font-medium text-stone-700 sm:text-sm">
          Search
        </label>
        <input
          id="meal-search"
          type="search"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          placeholder="A dish or an ingredient"
          className="input"
        />
      </div>
      <div>
        <label htmlFor="meal-category" className="mb-1 block text-xs font-medium text-stone-700 sm:text-sm">
          Category
        </label>
        <select
          id="meal-category"
          value={filters.category}
          onChange={(event) => onChange({ category: event.target.value })}
          className="input"
        >
          <option value="">All categories</option>
          {mealCategories.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="meal-price" className="mb-1 block text-xs font-medium text-stone-700 sm:text-sm">
          Price range
        </label>
        <select
          id="meal-price"
          value={filters.priceRange}
          onChange={(event) => onChange({ priceRange: event.target.value })}
          className="input"
        >
          <option value="">Any price</option>
          {Object.entries(priceRanges).map(([key, range]) => (
            <option key={key} value={key}>
              {range.label}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
