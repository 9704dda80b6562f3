import { useState } from 'react';
import { showError, showSuccess } from '@/lib/dialogs';
import { useAddUpcomingMeal } from '../api/add-upcoming-meal';
import { useUpcomingMeals } from '../api/get-upcoming-meals';
import { usePublishUpcomingMeal } from '../api/publish-upcoming-meal';
import { ListStates, messageOf } from '../components/list-states';
import { MealForm } from '../components/meal-form';
import { Modal } from '../components/modal';
import { PageTitle } from '../components/page-title';
import { cellClass, TableFrame } from '../components/table-frame';
import { adminIdentity } from '../lib/session-admin';
import { useSession } from '@/lib/auth';
import type { MealInput, UpcomingMeal } from '@hostelhub/contracts';

export default function UpcomingMealsAdminPage() {
  const session = useSession();
  const upcoming = useUpcomingMeals();
  const addUpcoming = useAddUpcomingMeal();
  const publish = usePublishUpcomingMeal();
  const [adding, setAdding] = useState(false);

  const onAdd = async (meal: MealInput) => {
    try {
      await addUpcoming.mutateAsync(meal);
    } catch (error) {
      await showError(messageOf(error));
      throw error;
    }
    setAdding(false);
    void showSuccess('Upcoming Meal Added Successfully', undefined, 1500);
  };

  const onPublish = async (meal: UpcomingMeal) => {
    try {
      await publish.mutateAsync(meal._id);
      void session.refreshProfile();
      void showSuccess('Meal Published Successful', undefined, 1500);
    } catch (error) {
      await showError(messageOf(error));
    }
  };

  const rows = upcoming.data ?? [];
  return (
    <section>
      <PageTitle
        actions={
          <button
            type="button"
            onClick={() => setAdding(true)}
            className="rounded-md bg-orange-600 px-4 py-2 text-sm font-semibold text-white hover:bg-orange-700 focus-visible:ring-2 focus-visible:ring-orange-400 focus-visible:ring-offset-2 focus-visible:outline-none"
          >
            Add Upcoming Meal
          </button>
        }
      >
        Upcoming Meals
      </PageTitle>
      <ListStates query={upcoming} isEmpty={rows.length === 0} emptyMessage="No Meals Added">
        <TableFrame
          caption="Upcoming meals"
          headers={['Image', 'Title', 'Category', 'Likes', 'Distributor', 'Publish']}
        >
          {rows.map((meal) => (
            <tr key={meal._id}>
              <td className={cellClass}>
                <img src={meal.image} alt="" className="h-12 w-16 rounded object-cover" loading="lazy" />
              </td>
              <td className={`${cellClass} min-w-40 font-medium`}>{meal.title}</td>
              <td className={cellClass}>{meal.category}</td>
              <td className={cellClass}>{meal.likes}</td>
              <td className={cellClass}>{meal.distributorName}</td>
              <td className={cellClass}>
                <button
                  type="button"
                  onClick={() => onPublish(meal)}
                  disabled={publish.isPending && publish.variables === meal._id}
                  aria-label={`Publish ${meal.title}`}
                  className="rounded-md bg-green-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-green-700 disabled:opacity-60"
                >
                  Publish
                </button>
              </td>
            </tr>
          ))}
        </TableFrame>
      </ListStates>
      {adding && (
        <Modal title="Add Upcoming Meal" onClose={() => setAdding(false)}>
          <MealForm {...adminIdentity(session)} submitLabel="Add Upcoming Meal" onSubmit={onAdd} />
        </Modal>
      )}
    </section>
  );
}
