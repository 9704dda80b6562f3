import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  addDays,
  calendarDate,
  closedDayBody,
  instantOfHostelTime,
  mealSlotLabels,
  mealSlots,
  mondayOf,
  timeOfDay,
  z,
  type MealSlot,
  type MenuDay,
  type Serving,
  type ServingPatchBody,
} from '@hostelhub/contracts';
import { FormField } from '@/components/form-field';
import { ListStates } from '@/components/list-states';
import { Modal } from '@/components/modal';
import { PageTitle } from '@/components/page-title';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { ApiRequestError } from '@/lib/api-client';
import { confirmAction, confirmThenRun, reportActionError, showError, showSuccess } from '@/lib/dialogs';
import { formatPrice } from '@/lib/format';
import { menuQueryOptions, useHostelTimeZone } from '@/lib/menu-query';
import {
  formatDayLong,
  formatDayShort,
  formatHostelTime,
  formatServingWindow,
  hostelToday,
} from '@/lib/serving-format';
import {
  useAddServing,
  useCloseDay,
  useCopyWeek,
  useDeleteServing,
  useMealFeedback,
  useMealSearch,
  useReopenDay,
  useUpdateServing,
} from '../api/planner';
import { MealFeedbackNote } from '../components/meal-feedback-note';

type Editing =
  | { kind: 'add'; date: string; slot: MealSlot }
  | { kind: 'edit'; serving: Serving }
  | { kind: 'close'; date: string }
  | null;

const slotOn = (slot: MealSlot, date: string) => `${mealSlotLabels[slot]} on ${formatDayShort(date)}`;

/** Capacity as typed: blank is no limit. */
const capacityText = z.string().trim().regex(/^\d*$/, 'A whole number, or blank for no limit');
const toCapacity = (text: string) => (text.trim() === '' ? null : Number(text));

function AddServingDialog({ date, slot, onClose }: { date: string; slot: MealSlot; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const [capacity, setCapacity] = useState('');
  const meals = useMealSearch(useDebouncedValue(search.trim()));
  const feedback = useFeedbackByMeal();
  const add = useAddServing();
  const capacityError = capacityText.safeParse(capacity).success ? undefined : 'A whole number, or blank for no limit';

  const onAdd = async (mealId: string, title: string) => {
    if (capacityError) return;
    try {
      await add.mutateAsync({ mealId, date, slot, capacity: toCapacity(capacity) });
      onClose();
      void showSuccess('Added to the menu', `${title}: ${slotOn(slot, date)}`, 1500);
    } catch (error) {
      await reportActionError(error);
    }
  };

  return (
    <Modal title={`Add a meal: ${slotOn(slot, date)}`} onClose={onClose}>
      <div className="flex flex-col gap-4">
        <div role="search">
          <FormField label="Search the meals">
            {(control) => (
              <input
                {...control}
                type="search"
                value={search}
                placeholder="Title, ingredient..."
                onChange={(event) => setSearch(event.target.value)}
                className="input"
              />
            )}
          </FormField>
        </div>
        <FormField label="Capacity (blank: no limit)" error={capacityError}>
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              value={capacity}
              onChange={(event) => setCapacity(event.target.value)}
              className="input max-w-40"
            />
          )}
        </FormField>
        <ListStates query={meals} isEmpty={(meals.data?.meals.length ?? 0) === 0} emptyMessage="No meal matches.">
          <ul className="flex flex-col gap-2">
            {meals.data?.meals.map((meal) => (
              <li
                key={meal._id}
                className="flex items-center justify-between gap-3 rounded-lg border border-stone-200 px-3 py-2"
              >
                <span className="min-w-0 break-words">
                  <span className="font-semibold text-stone-900">{meal.title}</span>{' '}
                  <span className="text-sm text-stone-600">
                    {meal.category} · {formatPrice(meal.price)}
                  </span>
                  <MealFeedbackNote feedback={feedback.get(meal._id)} />
                </span>
                <button
                  type="button"
                  className="btn-primary btn-sm"
                  disabled={add.isPending}
                  onClick={() => onAdd(meal._id, meal.title)}
                  aria-label={`Add ${meal.title}`}
                >
                  Add
                </button>
              </li>
            ))}
          </ul>
        </ListStates>
      </div>
    </Modal>
  );
}

const servingFormSchema = z
  .object({
    startTime: timeOfDay,
    endTime: timeOfDay,
    cutoffDate: calendarDate,
    // Seconds allowed: an admin may close reservations a few seconds from now.
    cutoffTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'must be a time HH:MM'),
    capacity: capacityText,
  })
  .refine((form) => form.startTime < form.endTime, { message: 'Ends after it starts', path: ['endTime'] });
type ServingForm = z.infer<typeof servingFormSchema>;

/** The cutoff instant of a date and wall-clock time (HH:MM or HH:MM:SS) in the hostel's zone. */
function cutoffInstant(date: string, time: string, timeZone: string) {
  const [hours = '00', minutes = '00', seconds = '0'] = time.split(':');
  return new Date(instantOfHostelTime(date, `${hours}:${minutes}`, timeZone).getTime() + Number(seconds) * 1000);
}

function EditServingDialog({
  serving,
  timeZone,
  onClose,
}: {
  serving: Serving;
  timeZone: string;
  onClose: () => void;
}) {
  const update = useUpdateServing();
  const cutoffDay = hostelToday(timeZone, new Date(serving.cutoffAt).getTime());
  const defaults: ServingForm = {
    startTime: formatHostelTime(serving.startsAt, timeZone),
    endTime: formatHostelTime(serving.endsAt, timeZone),
    cutoffDate: cutoffDay,
    cutoffTime: formatHostelTime(serving.cutoffAt, timeZone),
    capacity: serving.capacity === null ? '' : String(serving.capacity),
  };
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ServingForm>({ resolver: zodResolver(servingFormSchema), defaultValues: defaults });

  const onSubmit = async (form: ServingForm) => {
    // Only what changed is sent, with the version read: a change made meanwhile is a 409.
    const patch: ServingPatchBody = { ifVersion: serving.version };
    if (form.startTime !== defaults.startTime) patch.startTime = form.startTime;
    if (form.endTime !== defaults.endTime) patch.endTime = form.endTime;
    if (form.cutoffDate !== defaults.cutoffDate || form.cutoffTime !== defaults.cutoffTime)
      patch.cutoffAt = cutoffInstant(form.cutoffDate, form.cutoffTime, timeZone).toISOString();
    if (form.capacity !== defaults.capacity) patch.capacity = toCapacity(form.capacity);
    if (Object.keys(patch).length === 1) return onClose();
    try {
      await update.mutateAsync({ id: serving._id, patch });
      onClose();
      void showSuccess('Serving updated', undefined, 1500);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 409) {
        // The message opens over the form (one shown as the form goes would go with it).
        await showError(
          'This serving was changed meanwhile',
          `${error.message.replace(/[.!]?$/, '.')} The planner now shows the latest version.`,
        );
        onClose();
        return;
      }
      await reportActionError(error);
    }
  };

  return (
    <Modal title={`${serving.meal.title}: ${slotOn(serving.slot, serving.date)}`} onClose={onClose}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Starts" error={errors.startTime?.message}>
            {(control) => <input {...control} type="time" className="input" {...register('startTime')} />}
          </FormField>
          <FormField label="Ends" error={errors.endTime?.message}>
            {(control) => <input {...control} type="time" className="input" {...register('endTime')} />}
          </FormField>
          <FormField label="Reservations close on" error={errors.cutoffDate?.message}>
            {(control) => <input {...control} type="date" className="input" {...register('cutoffDate')} />}
          </FormField>
          <FormField label="Reservations close at" error={errors.cutoffTime?.message}>
            {(control) => <input {...control} type="time" step={1} className="input" {...register('cutoffTime')} />}
          </FormField>
          <FormField label="Capacity (blank: no limit)" error={errors.capacity?.message}>
            {(control) => <input {...control} inputMode="numeric" className="input" {...register('capacity')} />}
          </FormField>
        </div>
        <p className="text-sm text-stone-600">Times on the hostel&apos;s clock ({timeZone}).</p>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={isSubmitting}>
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}

function CloseDayDialog({ date, onClose }: { date: string; onClose: () => void }) {
  const close = useCloseDay();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ note: string }>({ resolver: zodResolver(closedDayBody), defaultValues: { note: '' } });
  const onSubmit = async ({ note }: { note: string }) => {
    try {
      await close.mutateAsync({ date, note });
      onClose();
    } catch (error) {
      await reportActionError(error);
    }
  };
  return (
    <Modal title={`Close the kitchen on ${formatDayLong(date)}`} onClose={onClose}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4">
        <FormField label="Note for residents" error={errors.note?.message} hint="For example: Public holiday">
          {(control) => <input {...control} type="text" className="input" {...register('note')} />}
        </FormField>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={isSubmitting}>
            Close the day
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Each meal's recent rating and reservation rate by meal id (empty until it arrives, or if it fails). */
function useFeedbackByMeal() {
  const feedback = useMealFeedback();
  return useMemo(() => new Map((feedback.data?.meals ?? []).map((meal) => [meal.mealId, meal])), [feedback.data]);
}

type DayColumnProps = {
  day: MenuDay;
  timeZone: string;
  isToday: boolean;
  onEdit: (editing: Editing) => void;
};

function PlannerDay({ day, timeZone, isToday, onEdit }: DayColumnProps) {
  const feedback = useFeedbackByMeal();
  const remove = useDeleteServing();
  const reopen = useReopenDay();
  const headingId = `planner-${day.date}`;

  const onRemove = async (serving: Serving) => {
    const what = `${serving.meal.title}: ${slotOn(serving.slot, serving.date)}`;
    if (!(await confirmAction('Remove this serving?', what, 'Yes, remove it'))) return;
    try {
      await remove.mutateAsync(serving._id);
    } catch (error) {
      await reportActionError(error);
    }
  };
  const onReopen = async () => {
    try {
      await reopen.mutateAsync(day.date);
    } catch (error) {
      await reportActionError(error);
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      className={`card p-3 ${isToday ? 'ring-2 ring-orange-200' : ''}`}
      data-testid={`planner-day-${day.date}`}
    >
      <h2 id={headingId} className="font-bold text-stone-900">
        {formatDayShort(day.date)}
        {isToday && <span className="ml-2 text-xs font-semibold text-orange-800">Today</span>}
      </h2>
      {day.closed ? (
        <div className="mt-2 flex flex-col gap-2">
          <p className="rounded bg-stone-100 px-2 py-1 text-sm text-stone-700">
            <span className="font-semibold">Closed:</span> {day.closed.note}
          </p>
          <button
            type="button"
            className="btn-secondary btn-sm"
            onClick={onReopen}
            aria-label={`Reopen ${formatDayShort(day.date)}`}
          >
            Reopen
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="mt-1 text-sm font-medium text-orange-700 underline"
          onClick={() => onEdit({ kind: 'close', date: day.date })}
          aria-label={`Close ${formatDayShort(day.date)}`}
        >
          Close
        </button>
      )}
      <div className="mt-2 flex flex-col gap-3">
        {mealSlots.map((slot) => {
          const servings = day.servings.filter((serving) => serving.slot === slot);
          return (
            <div key={slot}>
              <h3 className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{mealSlotLabels[slot]}</h3>
              <ul className="mt-1 flex flex-col gap-1">
                {servings.map((serving) => (
                  <li key={serving._id} className="rounded border border-stone-200 px-2 py-1 text-sm">
                    <p className="font-semibold break-words text-stone-900">{serving.meal.title}</p>
                    <p className="text-stone-600">
                      {formatServingWindow(serving.startsAt, serving.endsAt, timeZone)}
                      {serving.capacity !== null && ` · ${serving.reserved}/${serving.capacity}`}
                      {serving.capacity === null && serving.reserved > 0 && ` · ${serving.reserved} reserved`}
                    </p>
                    <MealFeedbackNote feedback={feedback.get(serving.meal._id)} />
                    <div className="mt-1 flex gap-2">
                      <button
                        type="button"
                        className="font-medium text-orange-700 underline"
                        onClick={() => onEdit({ kind: 'edit', serving })}
                        aria-label={`Change ${serving.meal.title}: ${slotOn(slot, day.date)}`}
                      >
                        Change
                      </button>
                      <button
                        type="button"
                        className="font-medium text-red-700 underline"
                        onClick={() => onRemove(serving)}
                        aria-label={`Remove ${serving.meal.title}: ${slotOn(slot, day.date)}`}
                      >
                        Remove
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
              {!day.closed && (
                <button
                  type="button"
                  className="mt-1 text-sm font-medium text-orange-700 underline"
                  onClick={() => onEdit({ kind: 'add', date: day.date, slot })}
                  aria-label={`Add a meal: ${slotOn(slot, day.date)}`}
                >
                  + Add
                </button>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}

/**
 * The admin's week: 7 days by 3 slots from a wide screen up, a day-by-day list below it.
 * Every change goes through the API; the week is read again after each, so two admins
 * planning at once see each other's servings.
 */
export function MenuPlannerPage() {
  const timeZone = useHostelTimeZone();
  const today = timeZone ? hostelToday(timeZone) : undefined;
  const [chosenWeek, setChosenWeek] = useState<string | null>(null);
  const monday = chosenWeek ?? (today ? mondayOf(today) : undefined);
  const week = useQuery({ ...menuQueryOptions(monday ?? '', 7), enabled: Boolean(monday) });
  const copy = useCopyWeek();
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);

  const onCopy = async () => {
    if (!monday) return;
    const previous = addDays(monday, -7);
    const copied = await confirmThenRun(
      [
        'Copy last week into this one?',
        `The servings of the week of ${formatDayShort(previous)} are added to the week of ${formatDayShort(monday)}.`,
        'Copy',
      ],
      () => copy.mutateAsync({ fromWeek: previous, toWeek: monday }),
    );
    if (!copied) return;
    void showSuccess(
      `Copied ${copied.inserted} ${copied.inserted === 1 ? 'serving' : 'servings'}`,
      copied.skipped > 0 ? `${copied.skipped} already on this week's menu` : undefined,
    );
  };

  return (
    <section>
      <PageTitle>Menu Planner</PageTitle>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="btn-secondary btn-sm"
          disabled={!monday}
          onClick={() => monday && setChosenWeek(addDays(monday, -7))}
        >
          <span aria-hidden="true">← </span>Previous week
        </button>
        <button
          type="button"
          className="btn-secondary btn-sm"
          disabled={!monday}
          onClick={() => monday && setChosenWeek(addDays(monday, 7))}
        >
          Next week<span aria-hidden="true"> →</span>
        </button>
        <button type="button" className="btn-primary btn-sm" disabled={!monday || copy.isPending} onClick={onCopy}>
          Copy previous week
        </button>
        {monday && <p className="text-sm text-stone-600">Week of {formatDayLong(monday)}</p>}
      </div>
      <ListStates query={{ ...week, isPending: !timeZone || week.isPending }} isEmpty={false} emptyMessage="">
        <div className="grid gap-3 xl:grid-cols-7">
          {week.data?.days.map((day) => (
            <PlannerDay
              key={day.date}
              day={day}
              timeZone={week.data.timeZone}
              isToday={day.date === today}
              onEdit={setEditing}
            />
          ))}
        </div>
      </ListStates>
      {editing?.kind === 'add' && <AddServingDialog date={editing.date} slot={editing.slot} onClose={close} />}
      {editing?.kind === 'edit' && timeZone && (
        <EditServingDialog serving={editing.serving} timeZone={timeZone} onClose={close} />
      )}
      {editing?.kind === 'close' && <CloseDayDialog date={editing.date} onClose={close} />}
    </section>
  );
}
