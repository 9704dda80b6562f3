import { useId, useState } from 'react';
import { Link } from 'react-router';
import { confirmAction, showError, showSuccess } from '@/lib/dialogs';
import { useDeleteMeal } from '../api/delete-meal';
import { useAllMeals } from '../api/get-all-meals';
import { useUpdateMeal } from '../api/update-meal';
import { inputClass } from '../components/image-field';
import { ListStates, messageOf } from '../components/list-states';
import { LoadMore } from '../components/load-more';
import { MealForm } from '../components/meal-form';
import { Modal } from '../components/modal';
import { PageTitle } from '../components/page-title';
import { cellClass, TableFrame } from '../components/table-frame';
import { mealToFormValues } from '../lib/meal-form-schema';
import { rowsOf } from '../lib/paged-list';
import { adminIdentity } from '../lib/session-admin';
import { useSession } from '@/lib/auth';
import type { AdminMeal, MealInput, MealSort } from '@hostelhub/contracts';

const sortOptions: { value: MealSort; label: string }[] = [
  { value: '', label: 'Newest' },
  { value: 'Like', label: 'Like' },
  { value: 'Reviews-count', label: 'Reviews count' },
];

const actionClass = 'rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap disabled:opacity-60';

export default function AllMealsPage() {
  const sortId = useId();
  const session = useSession();
  const [sort, setSort] = useState<MealSort>('');
  const meals = useAllMeals(sort);
  const updateMeal = useUpdateMeal();
  const deleteMeal = useDeleteMeal();
  const [editing, setEditing] = useState<AdminMeal | null>(null);
  const rows = rowsOf(meals.data);

  const onSave = async (meal: MealInput) => {
    if (!editing) return;
    try {
      await updateMeal.mutateAsync({ id: editing._id, meal });
    } catch (error) {
      await showError(messageOf(error));
      throw error;
    }
    setEditing(null);
    void showSuccess('Meal updated', undefined, 1500);
  };

  const onDelete = async (meal: AdminMeal) => {
    const confirmed = await confirmAction(
      'Delete this meal?',
      `${meal.title} and its likes and reviews will be removed.`,
      'Yes, delete it',
    );
    if (!confirmed) return;
    try {
      await deleteMeal.mutateAsync(meal._id);
    } catch (error) {
      await showError(messageOf(error));
    }
  };

  return (
    <section>
      <PageTitle
        actions={
          <div className="flex items-center gap-2">
            <label htmlFor={sortId} className="text-sm font-medium whitespace-nowrap text-stone-700">
              Sort by
            </label>
            <select
              id={sortId}
              value={sort}
              onChange={(event) => setSort(event.target.value as MealSort)}
              className={`${inputClass} mt-0 w-auto`}
            >
              {sortOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        }
      >
        All Meals
      </PageTitle>
      <ListStates query={meals} isEmpty={rows.length === 0} emptyMessage="No meals found.">
        <>
          <TableFrame
            caption="All meals"
            headers={['#', 'Title', 'Likes', 'Reviews', 'Rating', 'Distributor', 'Actions']}
          >
            {rows.map((meal, index) => (
              <tr key={meal._id}>
                <td className={cellClass}>{index + 1}</td>
                <td className={`${cellClass} min-w-40 font-medium`}>{meal.title}</td>
                <td className={cellClass}>{meal.likes}</td>
                <td className={cellClass}>{meal.reviews_count}</td>
                <td className={cellClass}>{meal.rating.toFixed(1)}</td>
                <td className={cellClass}>{meal.distributorName}</td>
                <td className={cellClass}>
                  <div className="flex gap-2">
                    <Link
                      to={`/meal/${meal._id}`}
                      aria-label={`View ${meal.title}`}
                      className={`${actionClass} border border-stone-300 bg-white text-stone-800 hover:bg-stone-50`}
                    >
                      View
                    </Link>
                    <button
                      type="button"
                      onClick={() => setEditing(meal)}
                      aria-label={`Edit ${meal.title}`}
                      className={`${actionClass} bg-stone-800 text-white hover:bg-stone-700`}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      onClick={() => onDelete(meal)}
                      disabled={deleteMeal.isPending && deleteMeal.variables === meal._id}
                      aria-label={`Delete ${meal.title}`}
                      className={`${actionClass} bg-red-600 text-white hover:bg-red-700`}
                    >
                      Delete
                    </button>
                  </div>
                </td>
              </tr>
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
            resetAfterSubmit={false}
            onSubmit={onSave}
          />
        </Modal>
      )}
    </section>
  );
}
