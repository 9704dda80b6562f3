import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { dietProfileBody, emptyDietProfile, type DietProfile } from '@hostelhub/contracts';
import { AllergenCheckboxes, DietTagCheckboxes } from '@/components/diet-checkboxes';
import { reportActionError, showSuccess } from '@/lib/dialogs';
import { ProfileSection } from './profile-section';
import { useUpdateDiet } from '../api/update-diet';

/**
 * My Profile's diet: the allergens the member avoids and the diets they keep. The meal pages
 * warn about these, requests and reservations ask to confirm, and /meals can match them.
 */
export function DietProfileForm({ diet }: { diet: DietProfile | undefined }) {
  const update = useUpdateDiet();
  const {
    register,
    handleSubmit,
    formState: { isSubmitting, isDirty },
    reset,
  } = useForm<{ avoid: string[]; diets: string[] }, unknown, DietProfile>({
    defaultValues: diet ?? emptyDietProfile,
    resolver: zodResolver(dietProfileBody),
  });

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      reset(saved);
      void showSuccess('Diet saved', 'Meals that hold what you avoid now say so.', 1500);
    } catch (error) {
      await reportActionError(error);
    }
  });

  return (
    <ProfileSection
      title="My diet"
      intro={<>Tell us what you avoid: meals that contain it, or that have no allergen declaration, will warn you.</>}
    >
      <form onSubmit={submit} className="mt-3 grid gap-4">
        <fieldset>
          <legend className="label">Allergens I avoid</legend>
          <AllergenCheckboxes registration={register('avoid')} />
        </fieldset>
        <fieldset>
          <legend className="label">My diet</legend>
          <DietTagCheckboxes registration={register('diets')} />
        </fieldset>
        <div>
          <button type="submit" className="btn-primary" disabled={isSubmitting || !isDirty}>
            {isSubmitting ? 'Saving…' : 'Save my diet'}
          </button>
        </div>
      </form>
    </ProfileSection>
  );
}
