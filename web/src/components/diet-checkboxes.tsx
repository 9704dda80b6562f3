import type { UseFormRegisterReturn } from 'react-hook-form';
import { allergenKeys, dietTagLabels, dietTags } from '@hostelhub/contracts';
import { formatAllergenName } from '@/lib/format';

type CheckboxListProps<T extends string> = {
  values: readonly T[];
  labelOf: (value: T) => string;
  className: string;
  /** The form's registration of the field the ticked values go to (an array of them). */
  registration: UseFormRegisterReturn;
};

function CheckboxList<T extends string>({ values, labelOf, className, registration }: CheckboxListProps<T>) {
  return (
    <div className={className}>
      {values.map((value) => (
        <label key={value} className="flex items-center gap-2 text-sm">
          <input type="checkbox" value={value} {...registration} />
          {labelOf(value)}
        </label>
      ))}
    </div>
  );
}

/** The 14 regulated allergens, a checkbox each: what a meal contains or what a member avoids. */
export function AllergenCheckboxes({ registration }: { registration: UseFormRegisterReturn }) {
  return (
    <CheckboxList
      values={allergenKeys}
      labelOf={formatAllergenName}
      className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4"
      registration={registration}
    />
  );
}

/** The diet tags (vegetarian, vegan...), a checkbox each: what a meal suits or a member keeps to. */
export function DietTagCheckboxes({ registration }: { registration: UseFormRegisterReturn }) {
  return (
    <CheckboxList
      values={dietTags}
      labelOf={(tag) => dietTagLabels[tag]}
      className="flex flex-wrap gap-x-4 gap-y-1"
      registration={registration}
    />
  );
}
