import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { AllergenCheckboxes, DietTagCheckboxes } from '@/components/diet-checkboxes';
import type { MealFormValues } from '../lib/meal-form-schema';

/**
 * The meal form's allergen checklist and diet tags. Declaring is an explicit act: either the
 * allergens present are ticked or "Contains none of the 14" is, the two exclusive of each
 * other, and a meal that was never declared says so instead of looking like "none".
 */
export function AllergenFields({ undeclared }: { undeclared: boolean }) {
  const {
    register,
    setValue,
    watch,
    formState: { errors },
  } = useFormContext<MealFormValues>();
  const allergenErrorId = useId();
  const dietErrorId = useId();
  const noteId = useId();
  const declaredNone = watch('declaredNone');
  const allergenError = errors.allergens?.message;
  const dietError = errors.dietTags?.message;

  const allergens = register('allergens', {
    onChange: () => setValue('declaredNone', false, { shouldValidate: false }),
  });
  const none = register('declaredNone', {
    onChange: (event: { target: { checked: boolean } }) => {
      if (event.target.checked) setValue('allergens', [], { shouldValidate: true });
    },
  });

  return (
    <div className="grid gap-4 sm:col-span-2">
      <fieldset
        className="rounded-lg border border-stone-300 p-3"
        aria-invalid={allergenError ? true : undefined}
        aria-describedby={
          [undeclared ? noteId : null, allergenError ? allergenErrorId : null].filter(Boolean).join(' ') || undefined
        }
      >
        <legend className="label px-1">Allergens (the 14 regulated)</legend>
        {undeclared && (
          <p id={noteId} className="mb-2 text-sm text-amber-800">
            Not declared yet: tick the allergens this meal contains, or &quot;Contains none of the 14&quot;.
          </p>
        )}
        <AllergenCheckboxes registration={allergens} />
        <label className="mt-2 flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" {...none} checked={declaredNone} />
          Contains none of the 14
        </label>
        {allergenError && (
          <p id={allergenErrorId} role="alert" className="mt-1 text-sm text-red-700">
            {allergenError}
          </p>
        )}
      </fieldset>
      <fieldset
        className="rounded-lg border border-stone-300 p-3"
        aria-invalid={dietError ? true : undefined}
        aria-describedby={dietError ? dietErrorId : undefined}
      >
        <legend className="label px-1">Diet</legend>
        <DietTagCheckboxes registration={register('dietTags')} />
        {dietError && (
          <p id={dietErrorId} role="alert" className="mt-1 text-sm text-red-700">
            {dietError}
          </p>
        )}
      </fieldset>
    </div>
  );
}
