import { useEffect, useState } from 'react';
import { CheckboxChoices } from '@/components/choice-options';
import {
  allergenKeys,
  allergenLabels,
  dietTagLabels,
  dietTags,
  mealCategories,
  priceRanges,
  type AllergenKey,
  type DietProfile,
} from '@hostelhub/contracts';
import { ChoiceOptions } from '@/components/choice-options';
import { formatAllergenName } from '@/lib/format';
import type { MealFilters } from '../api/get-meals';

type MealFiltersProps = {
  filters: MealFilters;
  onChange: (changes: Partial<MealFilters>) => void;
  /** The signed-in reader's diet profile: "Match my profile" applies it in one step. */
  diet?: DietProfile | null;
};

const searchDelayMs = 300;

const labelClass = 'mb-1 block text-xs font-medium text-stone-700 sm:text-sm';

const priceRangeLabels = Object.fromEntries(Object.entries(priceRanges).map(([key, range]) => [key, range.label]));

/** The three selects, each named after its URL parameter. */
const selects: {
  name: 'category' | 'priceRange' | 'diet';
  id: string;
  label: string;
  blank: string;
  values: readonly string[];
  labels?: Readonly<Record<string, string>>;
}[] = [
  { name: 'category', id: 'meal-category', label: 'Category', blank: 'All categories', values: mealCategories },
  {
    name: 'priceRange',
    id: 'meal-price',
    label: 'Price range',
    blank: 'Any price',
    values: Object.keys(priceRanges),
    labels: priceRangeLabels,
  },
  { name: 'diet', id: 'meal-diet', label: 'Diet', blank: 'Any diet', values: dietTags, labels: dietTagLabels },
];

/** The URL's `freeFrom=milk,peanuts` as known allergen keys (anything else is dropped). */
export const freeFromKeys = (value: string): AllergenKey[] =>
  allergenKeys.filter((key) => value.split(',').includes(key));

export function MealFiltersBar({ filters, onChange, diet }: MealFiltersProps) {
  const [searchText, setSearchText] = useState(filters.search);
  const freeFrom = freeFromKeys(filters.freeFrom);
  const hasProfile = Boolean(diet && (diet.avoid.length > 0 || diet.diets.length > 0));
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
    // Each field is named after its URL parameter: Enter pressed before the site has taken the
    // page over submits the form as the browser's own GET to this page, and the server renders
    // the filtered list instead of dropping what was typed.
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ search: searchText });
      }}
      // On a phone: the search on one line, the two selects side by side below it.
      className="grid grid-cols-2 gap-2 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm sm:gap-3 sm:p-4 md:grid-cols-[2fr_1fr_1fr_1fr]"
    >
      <div className="col-span-2 md:col-span-1">
        <label htmlFor="meal-search" className={labelClass}>
          Search
        </label>
        <input
          id="meal-search"
          name="search"
          type="search"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          placeholder="A dish or an ingredient"
          className="input"
        />
      </div>
      {selects.map((select) => (
        <div key={select.name}>
          <label htmlFor={select.id} className={labelClass}>
            {select.label}
          </label>
          <select
            id={select.id}
            name={select.name}
            value={filters[select.name]}
            onChange={(event) => onChange({ [select.name]: event.target.value })}
            className="input"
          >
            <ChoiceOptions blank={select.blank} values={select.values} labels={select.labels} />
          </select>
        </div>
      ))}
      {/* The checkboxes below edit the list through the URL; the browser's own submission
          carries the list in force. */}
      <input type="hidden" name="freeFrom" value={filters.freeFrom} />
      <details className="col-span-2 md:col-span-3">
        <summary className="cursor-pointer text-sm font-medium text-stone-700">
          Free from
          {freeFrom.length > 0 ? `: ${freeFrom.map((key) => allergenLabels[key]).join(', ')}` : ' (any allergen)'}
        </summary>
        <fieldset className="mt-2">
          <legend className="sr-only">Free from these allergens</legend>
          <p className="mb-1 text-xs text-stone-600">
            Only meals the kitchen has declared free of each one; meals without a declaration are left out.
          </p>
          <div className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4 lg:grid-cols-7">
            <CheckboxChoices
              values={allergenKeys}
              labels={formatAllergenName}
              checked={freeFrom}
              onChoose={(next) => onChange({ freeFrom: next.join(',') })}
            />
          </div>
        </fieldset>
      </details>
      {hasProfile && diet && (
        <div className="col-span-2 flex items-start md:col-span-1 md:justify-end">
          <button
            type="button"
            className="btn-secondary text-sm"
            onClick={() => onChange({ freeFrom: diet.avoid.join(','), diet: diet.diets[0] ?? '' })}
          >
            Match my profile
          </button>
        </div>
      )}
    </form>
  );
}
