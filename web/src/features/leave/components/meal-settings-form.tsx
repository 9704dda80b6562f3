import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ReactNode } from 'react';
import { useFieldArray, useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { bookingRules, maxCreditSteps, type MealSettings, type MealSettingsBody } from '@hostelhub/contracts';
import { FieldError, FormField } from '@/components/form-field';
import { isSessionEndingError } from '@/lib/api-client';
import { useUpdateMealSettings } from '../api/leave';
import { bookingRuleWords } from '../lib/leave-words';
import {
  creditKindLabels,
  creditKinds,
  mealSettingsForm,
  toForm,
  type MealSettingsForm as FormValues,
} from '../lib/settings-form';

/** A whole number (or an amount) typed as text, with the site's input look, narrow. */
function NumberInput({
  field,
  registered,
  decimal = false,
  className = 'sm:max-w-32',
}: {
  field: object;
  registered: UseFormRegisterReturn;
  decimal?: boolean;
  className?: string;
}) {
  return (
    <input
      {...field}
      {...registered}
      type="text"
      inputMode={decimal ? 'decimal' : 'numeric'}
      autoComplete="off"
      className={`input ${className}`}
    />
  );
}

/** A titled group of the form: a fieldset whose legend names it. */
function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
      <legend className="px-1 text-lg font-semibold text-stone-900">{legend}</legend>
      {children}
    </fieldset>
  );
}

/**
 * The hostel's booking rule and leave rules (ADR 74), checked as the API checks them. The
 * saved settings replace the form's once PUT /meal-settings answers; a refusal is shown as
 * the API says it.
 */
export function MealSettingsForm({ saved }: { saved: MealSettings }) {
  const update = useUpdateMealSettings();
  const ids = useId();
  const creditError = useId();
  const stepsError = useId();
  const {
    register,
    handleSubmit,
    reset,
    control,
    setError,
    clearErrors,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<FormValues, unknown, MealSettingsBody>({
    defaultValues: toForm(saved),
    resolver: zodResolver(mealSettingsForm),
  });
  const steps = useFieldArray({ control, name: 'creditByLength' });
  const credit = useWatch({ control, name: 'credit' });

  const onSubmit = async (body: MealSettingsBody) => {
    try {
      reset(toForm(await update.mutateAsync(body)));
    } catch (error) {
      if (isSessionEndingError(error)) return;
      const message = error instanceof Error ? error.message : 'Something went wrong. Please try again.';
      // The form stays as typed (dirty), so "Saved." is not claimed.
      setError('root.server', { type: 'server', message });
    }
  };

  const stepsMessage = errors.creditByLength?.message ?? errors.creditByLength?.root?.message;

  return (
    <form
      noValidate
      aria-label="Meal settings"
      className="grid gap-6"
      onSubmit={(event) => {
        clearErrors('root.server');
        void handleSubmit(onSubmit)(event);
      }}
    >
      <Group legend="Booking rule">
        <p className="-mt-2 text-sm text-stone-600">How the kitchen counts who eats at each serving.</p>
        <div className="grid gap-3" role="radiogroup" aria-label="Booking rule">
          {bookingRules.map((rule) => (
            <div key={rule} className="flex items-start gap-3 text-sm">
              <input
                id={`${ids}-${rule}`}
                type="radio"
                value={rule}
                className="mt-1"
                aria-describedby={`${ids}-${rule}-meaning`}
                {...register('booking')}
              />
              <div>
                <label htmlFor={`${ids}-${rule}`} className="block font-medium text-stone-900">
                  {bookingRuleWords[rule].label}
                </label>
                <p id={`${ids}-${rule}-meaning`} className="text-stone-600">
                  {bookingRuleWords[rule].meaning}
                </p>
              </div>
            </div>
          ))}
        </div>
        <FieldError id={`${ids}-booking-error`} message={errors.booking?.message} />
      </Group>

      <Group legend="Leave rules">
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label="Shortest leave, in days" error={errors.minDays?.message}>
            {(field) => <NumberInput field={field} registered={register('minDays')} className="" />}
          </FormField>
          <FormField label="Days of notice" hint="0: from today." error={errors.noticeDays?.message}>
            {(field) => <NumberInput field={field} registered={register('noticeDays')} className="" />}
          </FormField>
          <FormField
            label="Most days of leave in a month"
            hint="Blank: no limit."
            error={errors.maxDaysPerMonth?.message}
          >
            {(field) => <NumberInput field={field} registered={register('maxDaysPerMonth')} className="" />}
          </FormField>
        </div>
        <div className="flex items-start gap-3 text-sm">
          <input
            id={`${ids}-approval`}
            type="checkbox"
            className="mt-1"
            aria-describedby={`${ids}-approval-note`}
            {...register('needsApproval')}
          />
          <div>
            <label htmlFor={`${ids}-approval`} className="block font-medium text-stone-900">
              An admin approves each leave
            </label>
            <p id={`${ids}-approval-note`} className="text-stone-600">
              Off: a leave that keeps these rules is approved when applied for.
            </p>
          </div>
        </div>
      </Group>

      <Group legend="Leave credit">
        <p className="-mt-2 text-sm text-stone-600">What an approved leave takes off the member’s next invoice.</p>
        <div
          className="grid gap-2"
          role="radiogroup"
          aria-label="Credit"
          aria-describedby={errors.credit?.message ? creditError : undefined}
        >
          {creditKinds.map((kind) => (
            <label key={kind} className="flex items-center gap-2 text-sm text-stone-800">
              <input type="radio" value={kind} {...register('credit')} />
              {creditKindLabels[kind]}
            </label>
          ))}
        </div>
        <FieldError id={creditError} message={errors.credit?.message} />
        {credit === 'perDay' && (
          <FormField label="Credit per day, in dollars" hint="For example 4.50." error={errors.creditPerDay?.message}>
            {(field) => <NumberInput field={field} registered={register('creditPerDay')} decimal />}
          </FormField>
        )}
        {credit === 'share' && (
          <FormField
            label="Share of the plan's daily price, in percent"
            hint="The plan's monthly price over the days of the month, times this share."
            error={errors.creditSharePercent?.message}
          >
            {(field) => <NumberInput field={field} registered={register('creditSharePercent')} />}
          </FormField>
        )}
        {credit !== 'none' && (
          <>
            <FormField
              label="Days of each leave without credit"
              hint="Blank or 0: every day earns."
              error={errors.uncreditedDays?.message}
            >
              {(field) => <NumberInput field={field} registered={register('uncreditedDays')} />}
            </FormField>
            <fieldset className="grid gap-3" aria-describedby={stepsMessage ? stepsError : undefined}>
              <legend className="label">Credit by length</legend>
              <p className="-mt-1 text-sm text-stone-600">
                No steps: every leave earns its full credit. With steps, a leave earns the share of the longest step it
                reaches, and nothing if shorter than the first.
              </p>
              {steps.fields.map((step, index) => (
                <div key={step.id} className="flex flex-wrap items-start gap-3 rounded-lg bg-stone-50 p-3">
                  <FormField
                    label={`Step ${index + 1}: from days`}
                    error={errors.creditByLength?.[index]?.minDays?.message}
                  >
                    {(field) => <NumberInput field={field} registered={register(`creditByLength.${index}.minDays`)} />}
                  </FormField>
                  <FormField
                    label={`Step ${index + 1}: percent of the credit`}
                    error={errors.creditByLength?.[index]?.percent?.message}
                  >
                    {(field) => <NumberInput field={field} registered={register(`creditByLength.${index}.percent`)} />}
                  </FormField>
                  <button
                    type="button"
                    className="btn-secondary btn-sm self-end"
                    aria-label={`Remove step ${index + 1}`}
                    onClick={() => steps.remove(index)}
                  >
                    Remove
                  </button>
                </div>
              ))}
              <FieldError id={stepsError} message={stepsMessage} />
              <div>
                <button
                  type="button"
                  className="btn-secondary btn-sm"
                  disabled={steps.fields.length >= maxCreditSteps}
                  onClick={() => steps.append({ minDays: '', percent: '' })}
                >
                  Add a step
                </button>
                {steps.fields.length >= maxCreditSteps && (
                  <span className="ml-3 text-sm text-stone-600">At most {maxCreditSteps} steps.</span>
                )}
              </div>
            </fieldset>
          </>
        )}
      </Group>

      {errors.root?.server && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          Not saved: {errors.root.server.message}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? 'Saving…' : 'Save the meal settings'}
        </button>
        {/* Always present (a polite live region), so "Saved." is announced when it appears. */}
        <p aria-live="polite" className="text-sm text-green-800">
          {update.isSuccess && !isDirty ? 'Saved.' : ''}
        </p>
      </div>
    </form>
  );
}
