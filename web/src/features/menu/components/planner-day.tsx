import { mealSlotLabels, mealSlots, type MenuDay, type Serving } from '@hostelhub/contracts';
import { confirmAction, reportActionError } from '@/lib/dialogs';
import { formatDayShort, formatServingWindow } from '@/lib/serving-format';
import { useDeleteServing, useFeedbackByMeal, useReopenDay } from '../api/planner';
import { slotOn, type Editing } from '../lib/planner';
import { MealFeedbackNote } from './meal-feedback-note';

type DayColumnProps = {
  day: MenuDay;
  timeZone: string;
  isToday: boolean;
  onEdit: (editing: Editing) => void;
};
/** One day of the planner: closed or open, and its servings by slot with their actions. */
export function PlannerDay({ day, timeZone, isToday, onEdit }: DayColumnProps) {
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
                    <p className="font-semibold break-words hyphens-auto text-stone-900">{serving.meal.title}</p>
                    <p className="text-stone-600">
                      {formatServingWindow(serving.startsAt, serving.endsAt, timeZone)}
                      {serving.capacity !== null && ` · ${serving.reserved}/${serving.capacity}`}
                      {serving.capacity === null && serving.reserved > 0 && ` · ${serving.reserved} reserved`}
                    </p>
                    <MealFeedbackNote feedback={feedback.get(serving.meal._id)} />
                    {/* Wraps: seven columns side by side (from 1280 px) leave each day narrow. */}
                    <div className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
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
