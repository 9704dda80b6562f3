import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { ChoiceOptions } from '@/components/choice-options';
import { FormField } from '@/components/form-field';
import { ListStates } from '@/components/list-states';
import { LoadMore } from '@/components/load-more';
import { Modal } from '@/components/modal';
import { PageTitle } from '@/components/page-title';
import { SearchBox } from '@/components/search-box';
import { cellClass, TableFrame, TableRow } from '@/components/table-frame';
import { formatRating } from '@/lib/format';
import { mealCategories, type AdminMeal, type MealCategory, type MealInput, type MealSort } from '@hostelhub/contracts';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useSession } from '@/lib/auth';
import { confirmThenRun, sendOrReport, showSuccess } from '@/lib/dialogs';
import { formatCount } from '@/lib/format';
import { rowsOf } from '@/lib/paged-list';
import { paths } from '@/lib/paths';
import { RowAction } from '@/components/row-action';
import { pendingFor } from '@/lib/refreshing-mutation';
import { adminIdentity } from '../lib/admin-identity';
import { MealForm } from '../components/meal-form';
import { useUpdateMeal } from '../api/update-meal';
import { useAllMeals } from '../api/get-all-meals';
import { useDeleteMeal } from '../api/delete-meal';
import { mealToFormValues } from '../lib/meal-form-schema';

const sortOptions: { value: MealSort; label: string }[] = [
  { value: '', label: 'Newest' },
  { value: 'Like', label: 'Like' },
  { value: 'Reviews-count', label: 'Reviews count' },
];

export function AllMealsPage() {
  const session = useSession();
  const [sort, setSort] = useState<MealSort>('');
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<MealCategory | ''>('');
  const searchText = useDebouncedValue(search.trim());
  const meals = useAllMeals({ sort, search: searchText, category });
  const filtered = Boolean(searchText || category);
  const total = meals.data?.pages[0]?.total;
  const updateMeal = useUpdateMeal();
  const deleteMeal = useDeleteMeal();
  const [editing, setEditing] = useState<AdminMeal | null>(null);
  const rows = rowsOf(meals.data);

  const onSave = async (meal: MealInput) => {
    if (!editing) return;
    await sendOrReport(() => updateMeal.mutateAsync({ id: editing._id, meal }));
    // The modal goes first, so the message opens over the page rather than inside the modal.
    flushSync(() => setEditing(null));
    void showSuccess('Meal updated', undefined, 1500);
  };

  const onDelete = async (meal: AdminMeal) => {
    await confirmThenRun(
      ['Delete this meal?', `${meal.title} and its likes and reviews will be removed.`, 'Yes, delete it'],
      () => deleteMeal.mutateAsync(meal._id),
    );
  };

  return (
    <section>
      <PageTitle
        actions={
          <FormField label="Sort by" className="flex items-center gap-2 whitespace-nowrap [&>div]:mb-0">
            {(field) => (
              <select
                {...field}
                value={sort}
                onChange={(event) => setSort(event.target.value as MealSort)}
                className="input w-auto"
              >
                {sortOptions.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        }
      >
        All Meals
      </PageTitle>
      <div className="flex flex-wrap items-end gap-x-4">
        <SearchBox label="Search meals" placeholder="Title" value={search} onChange={setSearch} />
        <FormField label="Category" className="mb-4 w-44">
          {(field) => (
            <select
              {...field}
              value={category}
              onChange={(event) => setCategory(event.target.value as MealCategory | '')}
              className="input"
            >
              <ChoiceOptions blank="All categories" values={mealCategories} />
            </select>
          )}
        </FormField>
      </div>
      <ListStates
        query={meals}
        isEmpty={rows.length === 0}
        emptyMessage={filtered ? 'No meals match' : 'No meals found.'}
      >
        <>
          {total !== undefined && (
            <p className="mb-2 text-sm text-stone-600" aria-live="polite" data-testid="all-meals-count">
              {formatCount(total, 'meal')}
            </p>
          )}
          <TableFrame
            caption="All meals"
            headers={['#', 'Title', 'Likes', 'Reviews', 'Rating', 'Distributor', 'Actions']}
          >
            {rows.map((meal, index) => (
              <TableRow key={meal._id}>
                <td className={cellClass}>{index + 1}</td>
                <td className={`${cellClass} min-w-40 font-medium`}>{meal.title}</td>
                <td className={cellClass}>{meal.likes}</td>
                <td className={cellClass}>{meal.reviews_count}</td>
                <td className={cellClass}>{formatRating(meal.rating)}</td>
                <td className={cellClass}>{meal.distributorName}</td>
                <td className={cellClass}>
                  <div className="flex flex-wrap gap-2">
                    <Link to={paths.meal(meal._id)} aria-label={`View ${meal.title}`} className="btn-secondary btn-sm">
                      View
                    </Link>
                    <RowAction label="Edit" row={meal.title} tone="dark" onClick={() => setEditing(meal)} />
                    <RowAction
                      label="Delete"
                      row={meal.title}
                      tone="danger"
                      onClick={() => onDelete(meal)}
                      busy={pendingFor(deleteMeal, meal._id)}
                    />
                  </div>
                </td>
              </TableRow>
            ))}
          </TableFrame>
          <LoadMore {...meals} />
        </>
      </ListStates>
      {editing && (
        <Modal title={`Edit ${editing.title}`} onClose={() => setEditing(null)}>
          <MealForm
            {...adminIdentity(session)}
            submitLabel="Save changes"
            defaultValues={mealToFormValues(editing)}
            undeclared={editing.allergens === null}
            resetAfterSubmit={false}
            onSubmit={onSave}
          />
        </Modal>
      )}
    </section>
  );
}
