import { showError, showSuccess } from '@/lib/dialogs';
import { useAddMeal } from '../api/add-meal';
import { messageOf } from '../components/list-states';
import { MealForm } from '../components/meal-form';
import { PageTitle } from '../components/page-title';
import { adminIdentity } from '../lib/session-admin';
import { useSession } from '@/lib/auth';
import type { MealInput } from '@hostelhub/contracts';

export default function AddMealsPage() {
  const session = useSession();
  const addMeal = useAddMeal();

  const onSubmit = async (meal: MealInput) => {
    try {
      await addMeal.mutateAsync(meal);
    } catch (error) {
      await showError(messageOf(error));
      throw error;
    }
    // The admin's "Total Meals Added" counts this one.
    void session.refreshProfile();
    void showSuccess('Meal Added Successfully', undefined, 1500);
  };

  return (
    <section>
      <PageTitle>Add Meals</PageTitle>
      <div className="rounded-xl bg-white p-4 shadow-sm sm:p-6">
        <MealForm {...adminIdentity(session)} submitLabel="Add Meal" onSubmit={onSubmit} />
      </div>
    </section>
  );
}
