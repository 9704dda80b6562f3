import { useState, type FormEvent } from 'react';
import { calendarMonth, insightsMaxMonths, insightsQuery } from '@hostelhub/contracts';
import { RadioChoices } from '@/components/choice-options';
import { FormField } from '@/components/form-field';
import { rangeLabels, rangePresets, type InsightsRange, type RangePreset } from '../range';
import { formatMonth } from '../format';

type RangeSelectorProps = {
  range: InsightsRange;
  onPreset: (preset: RangePreset) => void;
  onCustom: (range: { from: string; to: string }) => void;
};

/**
 * This month, the last 3 or 12, or any months from-to (as many as the API answers at once).
 * The months are checked with the API's own schema before they are asked for.
 */
export function RangeSelector({ range, onPreset, onCustom }: RangeSelectorProps) {
  const [customOpen, setCustomOpen] = useState(range.choice === 'custom');
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const choice = customOpen ? 'custom' : range.choice;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const fieldErrors = {
      from: calendarMonth.safeParse(from).success ? undefined : 'Choose a month',
      to: calendarMonth.safeParse(to).success ? undefined : 'Choose a month',
    };
    if (!fieldErrors.from && !fieldErrors.to && !insightsQuery.safeParse({ from, to }).success) {
      fieldErrors.from =
        from > to ? 'The first month must not be after the last' : `At most ${insightsMaxMonths} months at once`;
    }
    setErrors(fieldErrors);
    if (!fieldErrors.from && !fieldErrors.to) onCustom({ from, to });
  };

  return (
    <div className="mb-6 rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <fieldset>
        <legend className="label mb-2">Range</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          <RadioChoices
            name="insights-range"
            values={[...rangePresets, 'custom' as const]}
            labels={rangeLabels}
            checked={choice}
            onChoose={(option) => {
              if (option === 'custom') {
                setCustomOpen(true);
              } else {
                setCustomOpen(false);
                setErrors({});
                onPreset(option);
              }
            }}
          />
        </div>
      </fieldset>
      {customOpen && (
        <form className="mt-4 flex flex-wrap items-start gap-4" onSubmit={onSubmit} noValidate>
          <FormField label="From month" error={errors.from} hint="YYYY-MM">
            {(control) => (
              <input
                {...control}
                type="month"
                className="input"
                value={from}
                onChange={(e) => setFrom(e.target.value)}
              />
            )}
          </FormField>
          <FormField label="To month" error={errors.to} hint="YYYY-MM">
            {(control) => (
              <input {...control} type="month" className="input" value={to} onChange={(e) => setTo(e.target.value)} />
            )}
          </FormField>
          <button type="submit" className="btn-primary mt-7">
            Show
          </button>
        </form>
      )}
      <p className="mt-3 text-sm text-stone-600" aria-live="polite">
        Showing{' '}
        {range.from === range.to ? formatMonth(range.from) : `${formatMonth(range.from)} to ${formatMonth(range.to)}`},
        in the hostel&apos;s time zone.
      </p>
    </div>
  );
}
