import { mealCategories, type MealInput } from '@hostelhub/contracts';
import { useId, useState, type ReactNode } from 'react';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { emptyMealForm, mealFormSchema, type MealFormValues } from '../lib/meal-form-schema';
import { configuredUploadUrl } from '../lib/upload-image';
import { zodFormResolver } from '../lib/zod-resolver';
import { ImageField, inputClass } from './image-field';

type MealFormProps = {
  adminName: string;
  adminEmail: string;
  submitLabel: string;
  /** Resolves when saved; the form then clears (unless it edits an existing meal). */
  onSubmit: (meal: MealInput) => Promise<void>;
  defaultValues?: MealFormValues;
  resetAfterSubmit?: boolean;
  uploadUrl?: string | null;
};

/** Add Meals, Add Upcoming Meal and meal edit: every field required, with the spec's messages. */
export function MealForm({
  adminName,
  adminEmail,
  submitLabel,
  onSubmit,
  defaultValues = emptyMealForm,
  resetAfterSubmit = true,
  uploadUrl = configuredUploadUrl,
}: MealFormProps) {
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<MealFormValues, unknown, MealInput>({
    defaultValues,
    resolver: zodFormResolver<MealFormValues, MealInput>(mealFormSchema),
  });

  const submit = handleSubmit(async (meal) => {
    try {
      await onSubmit(meal);
      if (resetAfterSubmit) reset(emptyMealForm);
    } catch {
      // The caller has shown the failure; the form keeps what was typed.
    }
  });

  const field = (name: keyof MealFormValues, label: string, input: ReactNode, error?: FieldError, wide = false) => (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <label htmlFor={`${id}-${name}`} className="block text-sm font-medium text-stone-700">
        {label}
      </label>
      {input}
      {error && (
        <p id={`${id}-${name}-error`} className="mt-1 text-sm text-red-600">
          {error.message}
        </p>
      )}
    </div>
  );
  const control_ = (name: keyof MealFormValues, error?: FieldError) => ({
    id: `${id}-${name}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-${name}-error` : undefined,
    className: inputClass,
    ...register(name),
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      {field('title', 'Title', <input type="text" {...control_('title', errors.title)} />, errors.title)}
      {field(
        'category',
        'Category',
        <select {...control_('category', errors.category)}>
          <option value="">Choose a category</option>
          {mealCategories.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>,
        errors.category,
      )}
      <Controller
        control={control}
        name="image"
        render={({ field: image, fieldState }) => (
          <ImageField
            value={image.value}
            onChange={image.onChange}
            onBlur={image.onBlur}
            error={fieldState.error?.message}
            uploadUrl={uploadUrl}
            onUploadingChange={setUploading}
          />
        )}
      />
      {field(
        'ingredients',
        'Ingredients (comma-separated)',
        <input type="text" placeholder="Eggs, Flour, Milk" {...control_('ingredients', errors.ingredients)} />,
        errors.ingredients,
        true,
      )}
      {field(
        'description',
        'Description',
        <textarea rows={3} {...control_('description', errors.description)} />,
        errors.description,
        true,
      )}
      {field(
        'price',
        'Price ($)',
        <input type="number" step="0.01" min="0" inputMode="decimal" {...control_('price', errors.price)} />,
        errors.price,
      )}
      <div aria-hidden className="hidden sm:block" />
      {field(
        'distributorName',
        'Distributor name',
        <input type="text" {...control_('distributorName', errors.distributorName)} />,
        errors.distributorName,
      )}
      {field(
        'distributorEmail',
        'Distributor Email',
        <input type="email" {...control_('distributorEmail', errors.distributorEmail)} />,
        errors.distributorEmail,
      )}
      <div>
        <label htmlFor={`${id}-adminName`} className="block text-sm font-medium text-stone-700">
          Admin name
        </label>
        <input id={`${id}-adminName`} type="text" value={adminName} readOnly className={inputClass} />
      </div>
      <div>
        <label htmlFor={`${id}-adminEmail`} className="block text-sm font-medium text-stone-700">
          Admin email
        </label>
        <input id={`${id}-adminEmail`} type="email" value={adminEmail} readOnly className={inputClass} />
      </div>
      <div className="sm:col-span-2">
        <button
          type="submit"
          disabled={isSubmitting || uploading}
          className="w-full rounded-md bg-orange-600 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-orange-700 focus-visible:ring-2 focus-visible:ring-orange-400 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-60 sm:w-auto"
        >
          {isSubmitting ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
