import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { mealCategories } from '@hostelhub/contracts';
import { ChoiceOptions } from '@/components/choice-options';
import { FormField, InputField, TextAreaField } from '@/components/form-field';
import type { MealInput } from '@hostelhub/contracts';
import { emptyMealForm, mealFormSchema, type MealFormValues } from '../lib/meal-form-schema';
import { configuredUploadUrl } from '../lib/upload-image';
import { AllergenFields } from './allergen-fields';
import { ImageField } from './image-field';

type MealFormProps = {
  adminName: string;
  adminEmail: string;
  submitLabel: string;
  /** Resolves when saved; the form then clears (unless it edits an existing meal). */
  onSubmit: (meal: MealInput) => Promise<void>;
  defaultValues?: MealFormValues;
  resetAfterSubmit?: boolean;
  uploadUrl?: string | null;
  /** The meal being edited has no declared allergens: the checklist says so. */
  undeclared?: boolean;
};

/** Add Meals, Add Upcoming Meal and meal edit: every field required, each with its own message. */
export function MealForm({
  adminName,
  adminEmail,
  submitLabel,
  onSubmit,
  defaultValues = emptyMealForm,
  resetAfterSubmit = true,
  uploadUrl = configuredUploadUrl,
  undeclared = false,
}: MealFormProps) {
  const [uploading, setUploading] = useState(false);
  const form = useForm<MealFormValues, unknown, MealInput>({
    defaultValues,
    resolver: zodResolver(mealFormSchema),
    // Each field is checked when it is left, then as it is corrected.
    mode: 'onTouched',
  });
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  const submit = handleSubmit(async (meal) => {
    try {
      await onSubmit(meal);
      if (resetAfterSubmit) reset(emptyMealForm);
    } catch {
      // The caller has shown the failure; the form keeps what was typed.
    }
  });

  // A plain field's registration and its error, so each field names its key once.
  const fieldOf = (
    name: 'title' | 'ingredients' | 'description' | 'price' | 'distributorName' | 'distributorEmail',
  ) => ({
    error: errors[name]?.message,
    ...register(name),
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <InputField label="Title" type="text" {...fieldOf('title')} />
        <FormField label="Category" error={errors.category?.message}>
          {(field) => (
            <select {...field} className="input" {...register('category')}>
              <ChoiceOptions blank="Choose a category" values={mealCategories} />
            </select>
          )}
        </FormField>
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
        <InputField
          label="Ingredients (comma-separated)"
          className="sm:col-span-2"
          type="text"
          placeholder="Eggs, Flour, Milk"
          {...fieldOf('ingredients')}
        />
        <TextAreaField label="Description" className="sm:col-span-2" rows={3} {...fieldOf('description')} />
        <InputField label="Price ($)" type="number" step="0.01" min="0" inputMode="decimal" {...fieldOf('price')} />
        <div aria-hidden className="hidden sm:block" />
        <AllergenFields undeclared={undeclared} />
        <InputField label="Distributor name" type="text" {...fieldOf('distributorName')} />
        <InputField label="Distributor Email" type="email" {...fieldOf('distributorEmail')} />
        <InputField label="Admin name" type="text" value={adminName} readOnly />
        <InputField label="Admin email" type="email" value={adminEmail} readOnly />
        <div className="sm:col-span-2">
          <button type="submit" disabled={isSubmitting || uploading} className="btn-primary w-full sm:w-auto">
            {isSubmitting ? 'Saving…' : submitLabel}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
