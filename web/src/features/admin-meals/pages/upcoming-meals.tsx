import { useState } from 'react';
import { flushSync } from 'react-dom';
import { ListStates } from '@/components/list-states';
import { LoadMore } from '@/components/load-more';
import { Modal } from '@/components/modal';
import { PageTitle } from '@/components/page-title';
import { cellClass, TableFrame, TableRow } from '@/components/table-frame';
import type { MealInput, UpcomingMeal } from '@hostelhub/contracts';
import { useSession } from '@/lib/auth';
import { rowsOf } from '@/lib/paged-list';
import { useUpcomingMeals } from '@/lib/upcoming-meals-query';
import { reportActionError, sendOrReport, showSuccess } from '@/lib/dialogs';
import { RowAction } from '@/components/row-action';
import { pendingFor } from '@/lib/refreshing-mutation';
import { useAddUpcomingMeal } from '../api/add-upcoming-meal';
import { usePublishUpcomingMeal } from '../api/publish-upcoming-meal';
import { MealForm } from '../components/meal-form';
import { adminIdentity } from '../lib/admin-identity';

export function UpcomingMealsAdminPage() {
  const session = useSession();
  const upcoming = useUpcomingMeals();
  const addUpcoming = useAddUpcomingMeal();
  const publish = usePublishUpcomingMeal();
  const [adding, setAdding] = useState(false);

  const onAdd = async (meal: MealInput) => {
    await sendOrReport(() => addUpcoming.mutateAsync(meal));
    // The modal goes first, so the message opens over the page rather than inside the modal.
    flushSync(() => setAdding(false));
    void showSuccess('Upcoming Meal Added Successfully', undefined, 1500);
  };

  const onPublish = async (meal: UpcomingMeal) => {
    try {
      await publish.mutateAsync(meal._id);
      void session.refreshProfile();
      void showSuccess('Meal Published Successful', undefined, 1500);
    } catch (error) {
      await reportActionError(error);
    }
  };

  const rows = rowsOf(upcoming.data);
  return (
    <section>
      <PageTitle
        actions={
          <button type="button" onClick={() => setAdding(true)} className="btn-primary">
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
            <TableRow key={meal._id}>
              <td className={cellClass}>
                <img src={meal.image} alt="" className="h-12 w-16 rounded object-cover" loading="lazy" />
              </td>
              <td className={`${cellClass} min-w-40 font-medium`}>{meal.title}</td>
              <td className={cellClass}>{meal.category}</td>
              <td className={cellClass}>{meal.likes}</td>
              <td className={cellClass}>{meal.distributorName}</td>
              <td className={cellClass}>
                <RowAction
                  label="Publish"
                  row={meal.title}
                  tone="success"
                  onClick={() => onPublish(meal)}
                  busy={pendingFor(publish, meal._id)}
                />
              </td>
            </TableRow>
          ))}
        </TableFrame>
        <LoadMore {...upcoming} />
      </ListStates>
      {adding && (
        <Modal title="Add Upcoming Meal" onClose={() => setAdding(false)}>
          <MealForm {...adminIdentity(session)} submitLabel="Add Upcoming Meal" onSubmit={onAdd} />
        </Modal>
      )}
    </section>
  );
}
