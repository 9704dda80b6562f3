import { PageTitle } from '@/components/page-title';
import type { MealInput } from '@hostelhub/contracts';
import { useSession } from '@/lib/auth';
import { sendOrReport, showSuccess } from '@/lib/dialogs';
import { useAddMeal } from '../api/add-meal';
import { MealForm } from '../components/meal-form';
import { adminIdentity } from '../lib/admin-identity';

export function AddMealsPage() {
  const session = useSession();
  const addMeal = useAddMeal();

  const onSubmit = async (meal: MealInput) => {
    await sendOrReport(() => addMeal.mutateAsync(meal));
    // The admin's "Total Meals Added" counts this one.
    void session.refreshProfile();
    void showSuccess('Meal Added Successfully', undefined, 1500);
  };

  return (
    <section>
      <PageTitle>Add Meals</PageTitle>
      <div className="card p-4 sm:p-6">
        <MealForm {...adminIdentity(session)} submitLabel="Add Meal" onSubmit={onSubmit} />
      </div>
    </section>
  );
}
