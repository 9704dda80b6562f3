import { useState, type ChangeEvent, type FormEvent } from 'react';
import {
  hallNameMaxLength,
  latestChooseUntilDay,
  mealSlotLabels,
  mealSlots,
  type Hall,
  type MealSlot,
} from '@hostelhub/contracts';
import { CheckboxChoices } from '@/components/choice-options';
import { ErrorState } from '@/components/error-state';
import { FormField } from '@/components/form-field';
import { RowAction } from '@/components/row-action';
import { Spinner } from '@/components/spinner';
import { useHalls } from '@/domain/halls/halls';
import { ProfileSection } from './profile-section';
import { RefusalNote } from './refusal-note';
import { useAddHall, useDeleteHall, useHallSettings, useUpdateHallSettings } from '../api/halls';

const slotsText = (slots: MealSlot[]) => slots.map((slot) => mealSlotLabels[slot]).join(', ');

/**
 * Admin Profile's dining halls (ADR 72): the hostel's halls with the meal times each serves,
 * a form to add one, and how often a member may reserve at a hall not their own. A hostel
 * with one hall sees it listed and nothing else changes.
 */
export function HallsSection() {
  const halls = useHalls();
  return (
    <ProfileSection
      title="Dining halls"
      intro={<>Each serving on the menu belongs to a hall. With more than one hall, the menu planner asks which.</>}
    >
      <div className="mt-3">
        {halls.isPending ? (
          <Spinner label="Loading the halls" className="size-6" />
        ) : halls.isError ? (
          <ErrorState title="The halls could not be loaded" error={halls.error} onRetry={() => void halls.refetch()} />
        ) : (
          <HallList halls={halls.data.halls} />
        )}
      </div>
      <AddHallForm />
      <SwitchesForm />
    </ProfileSection>
  );
}

function HallList({ halls }: { halls: Hall[] }) {
  const remove = useDeleteHall();
  if (halls.length === 0) return <p className="text-sm text-stone-600">No hall yet: add the first one below.</p>;
  return (
    <>
      <ul className="divide-y divide-stone-200" aria-label="Halls">
        {halls.map((hall) => (
          <li key={hall._id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <span className="font-medium text-stone-900">{hall.name}</span>
              <span className="block text-sm text-stone-600">
                {slotsText(hall.slots)}
                {hall.memberLimit !== null && ` · up to ${hall.memberLimit} members a month`}
              </span>
            </span>
            {halls.length > 1 && (
              <RowAction
                label="Delete"
                row={hall.name}
                tone="danger"
                busy={remove.isPending && remove.variables === hall._id}
                onClick={() => remove.mutate(hall._id)}
              />
            )}
          </li>
        ))}
      </ul>
      {remove.isError && <RefusalNote what="Not deleted" error={remove.error} className="mt-2" />}
    </>
  );
}

function AddHallForm() {
  const add = useAddHall();
  const [name, setName] = useState('');
  const [slots, setSlots] = useState<MealSlot[]>([...mealSlots]);
  const [limit, setLimit] = useState('');
  const [error, setError] = useState<string | undefined>();
  const limitError = /^\d*$/.test(limit.trim()) && limit.trim() !== '0' ? undefined : 'A whole number, or blank';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Give the hall a name');
    if (slots.length === 0) return setError('Choose at least one meal time');
    if (limitError) return;
    setError(undefined);
    const memberLimit = limit.trim() === '' ? null : Number(limit);
    add.mutate(
      { name: name.trim(), slots, memberLimit },
      {
        onSuccess: () => {
          setName('');
          setLimit('');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="mt-4 grid gap-3 border-t border-stone-200 pt-4" aria-label="Add a hall">
      <FormField label="New hall's name" error={error}>
        {(field) => (
          <input
            {...field}
            className="input"
            value={name}
            maxLength={hallNameMaxLength}
            onChange={(event) => {
              add.reset();
              setName(event.target.value);
            }}
          />
        )}
      </FormField>
      <fieldset>
        <legend className="label">Meal times it serves</legend>
        <div className="flex flex-wrap gap-4">
          <CheckboxChoices values={mealSlots} labels={mealSlotLabels} checked={slots} onChoose={setSlots} />
        </div>
      </fieldset>
      <WholeNumberField
        label="Members who may choose it each month"
        hint="Blank: no limit. Counts the members who choose it for a month."
        error={limitError}
        value={limit}
        onChange={setLimit}
      />
      {add.isError && <RefusalNote what="Not added" error={add.error} />}
      <button type="submit" className="btn-primary w-full sm:w-auto sm:justify-self-start" disabled={add.isPending}>
        {add.isPending ? 'Adding…' : 'Add the hall'}
      </button>
    </form>
  );
}

function SwitchesForm() {
  const settings = useHallSettings();
  const update = useUpdateHallSettings();
  const [choice, setChoice] = useState<string | null>(null);
  const [untilChoice, setUntilChoice] = useState<string | null>(null);
  if (settings.isPending) return <Spinner label="Loading the hall settings" className="mt-4 size-6" />;
  if (settings.isError) {
    return (
      <ErrorState
        title="The hall settings could not be loaded"
        error={settings.error}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  const saved = settings.data.switchesPerMonth;
  const value = choice ?? String(saved);
  const savedUntil = settings.data.chooseUntilDay === null ? '' : String(settings.data.chooseUntilDay);
  const until = untilChoice ?? savedUntil;
  const untilError =
    /^\d*$/.test(until) && (until === '' || (Number(until) >= 1 && Number(until) <= latestChooseUntilDay))
      ? undefined
      : `A day from 1 to ${latestChooseUntilDay}, or blank`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (untilError) return;
    update.mutate(
      { switchesPerMonth: Number(value), chooseUntilDay: until === '' ? null : Number(until) },
      {
        onSuccess: () => {
          setChoice(null);
          setUntilChoice(null);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="mt-4 grid gap-3 border-t border-stone-200 pt-4" aria-label="Hall rules">
      <FormField
        label="Meals a member may reserve at another hall each month"
        hint="0: members reserve only at their own hall."
      >
        {(field) => (
          <input
            {...field}
            type="number"
            inputMode="numeric"
            min={0}
            max={62}
            className="input sm:max-w-32"
            value={value}
            onChange={(event) => {
              update.reset();
              setChoice(event.target.value);
            }}
          />
        )}
      </FormField>
      <WholeNumberField
        label="Members choose next month's hall until day"
        hint="Blank: members do not choose; an admin sets each resident's hall."
        error={untilError}
        value={until}
        onChange={(text) => {
          update.reset();
          setUntilChoice(text);
        }}
      />
      {update.isError && <RefusalNote what="Not saved" error={update.error} />}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          className="btn-primary w-full sm:w-auto"
          disabled={update.isPending || (value === String(saved) && until === savedUntil) || value === ''}
        >
          {update.isPending ? 'Saving…' : 'Save the hall rules'}
        </button>
        <p aria-live="polite" className="text-sm text-green-800">
          {update.isSuccess && choice === null ? 'Saved.' : ''}
        </p>
      </div>
    </form>
  );
}

/** A whole number typed as text, where blank has a meaning (no limit, no choice). */
function WholeNumberField({
  label,
  hint,
  error,
  value,
  onChange,
}: {
  label: string;
  hint: string;
  error: string | undefined;
  value: string;
  onChange: (text: string) => void;
}) {
  const typed = (event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value);
  return (
    <FormField label={label} hint={hint} error={error}>
      {(field) => <input {...field} inputMode="numeric" className="input sm:max-w-32" value={value} onChange={typed} />}
    </FormField>
  );
}
