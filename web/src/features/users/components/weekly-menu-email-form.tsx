import { useState, type FormEvent } from 'react';
import type { EmailSettings } from '@hostelhub/contracts';
import { ErrorState } from '@/components/error-state';
import { FormField } from '@/components/form-field';
import { Spinner } from '@/components/spinner';
import { ProfileSection } from './profile-section';
import { RefusalNote } from './refusal-note';
import { useEmailSettings, useUpdateEmailSettings } from '../api/email-settings';

/** 1 Monday ... 7 Sunday, as the API numbers them. */
const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const hours = Array.from({ length: 24 }, (_, hour) => hour);
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
const scheduleText = ({ weekday, hour }: EmailSettings['weeklyMenu']) =>
  `${weekdays[weekday - 1]}s at ${hourLabel(hour)}, hostel time`;

/** The two selects: each part of the schedule, its options as [value, what it shows]. */
const scheduleFields = [
  { key: 'weekday', label: 'Day', options: weekdays.map((name, index) => [index + 1, name] as const) },
  { key: 'hour', label: 'Hour (hostel time)', options: hours.map((hour) => [hour, hourLabel(hour)] as const) },
] as const;

/**
 * Admin Profile's setting for the "next week's menu" email: the weekday and hour (on the
 * hostel's clock) it goes out to members who turned it on.
 */
export function WeeklyMenuEmailForm() {
  const settings = useEmailSettings();
  return (
    <ProfileSection
      title="Next week's menu email"
      intro={
        <>
          Members who turn this email on get next week&apos;s menu once a week, at the time you choose. It is off for
          members by default.
        </>
      }
    >
      <div className="mt-3">
        {settings.isPending ? (
          <Spinner label="Loading the email's schedule" className="size-6" />
        ) : settings.isError ? (
          <ErrorState
            title="The email's schedule could not be loaded"
            error={settings.error}
            onRetry={() => void settings.refetch()}
          />
        ) : (
          <ScheduleForm saved={settings.data} />
        )}
      </div>
    </ProfileSection>
  );
}

function ScheduleForm({ saved }: { saved: EmailSettings }) {
  const update = useUpdateEmailSettings();
  const [choice, setChoice] = useState(saved.weeklyMenu);
  const changed = choice.weekday !== saved.weeklyMenu.weekday || choice.hour !== saved.weeklyMenu.hour;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ weeklyMenu: choice });
  };

  return (
    <form onSubmit={submit} className="grid gap-3" aria-describedby="weekly-menu-email-now">
      <p id="weekly-menu-email-now" className="text-sm text-stone-700">
        Now sent on <strong>{scheduleText(saved.weeklyMenu)}</strong>.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {scheduleFields.map(({ key, label, options }) => (
          <FormField key={key} label={label}>
            {(field) => (
              <select
                {...field}
                className="input"
                value={choice[key]}
                onChange={(event) => {
                  update.reset();
                  setChoice({ ...choice, [key]: Number(event.target.value) });
                }}
              >
                {options.map(([value, text]) => (
                  <option key={value} value={value}>
                    {text}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        ))}
      </div>
      {update.isError && <RefusalNote what="Not saved" error={update.error} />}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={update.isPending || !changed}>
          {update.isPending ? 'Saving…' : 'Save the schedule'}
        </button>
        {/* Always present (a polite live region), so "Saved." is announced when it appears. */}
        <p aria-live="polite" className="text-sm text-green-800">
          {update.isSuccess && !changed ? 'Saved.' : ''}
        </p>
      </div>
    </form>
  );
}
