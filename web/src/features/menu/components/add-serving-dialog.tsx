import { useState } from 'react';
import { flushSync } from 'react-dom';
import type { MealSlot } from '@hostelhub/contracts';
import { FormField } from '@/components/form-field';
import { ListStates } from '@/components/list-states';
import { Modal } from '@/components/modal';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { reportActionError, showSuccess } from '@/lib/dialogs';
import { HallOptions } from '@/domain/halls/hall-options';
import { useHalls } from '@/domain/halls/halls';
import { formatPrice } from '@/lib/format';
import { useAddServing, useFeedbackByMeal, useMealSearch } from '../api/planner';
import { capacityText, slotOn, toCapacity } from '../lib/planner';
import { MealFeedbackNote } from './meal-feedback-note';

type AddServingProps = {
  date: string;
  slot: MealSlot;
  /** The hall the planner shows, chosen first when it serves this slot that day (ADR 72). */
  hall?: string | undefined;
  onClose: () => void;
};

/** Picks a meal from the catalogue for one slot of one day, with an optional capacity. */
export function AddServingDialog({ date, slot, hall, onClose }: AddServingProps) {
  const [search, setSearch] = useState('');
  const [capacity, setCapacity] = useState('');
  const meals = useMealSearch(useDebouncedValue(search.trim()));
  const feedback = useFeedbackByMeal();
  const add = useAddServing();
  // With several halls the serving names one (ADR 72): those serving this slot, open that day.
  const hallList = useHalls();
  const halls = hallList.data?.halls ?? [];
  // Until the halls are known, whether the serving must name one is not: adding waits.
  const hallsPending = hallList.isPending;
  const hallChoices = halls.filter((hall) => hall.slots.includes(slot) && !hall.closedDays.includes(date));
  const [chosenHall, setChosenHall] = useState<string | null>(
    hallChoices.some((choice) => choice._id === hall) ? (hall ?? null) : null,
  );
  const hallId = halls.length > 1 ? (chosenHall ?? hallChoices[0]?._id) : undefined;
  const capacityError = capacityText.safeParse(capacity).success ? undefined : 'A whole number, or blank for no limit';

  const onAdd = async (mealId: string, title: string) => {
    if (capacityError) return;
    try {
      await add.mutateAsync({ mealId, date, slot, capacity: toCapacity(capacity), ...(hallId ? { hallId } : {}) });
      // The modal goes first, so the message opens over the page rather than inside the modal.
      flushSync(onClose);
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
        {halls.length > 1 && (
          <FormField
            label="Hall"
            error={hallChoices.length === 0 ? 'No hall serves this meal time on this day' : undefined}
          >
            {(control) => (
              <select
                {...control}
                value={hallId ?? ''}
                onChange={(event) => setChosenHall(event.target.value)}
                className="input max-w-60"
              >
                <HallOptions blank="Choose a hall" halls={hallChoices} />
              </select>
            )}
          </FormField>
        )}
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
                  disabled={add.isPending || hallsPending || (halls.length > 1 && !hallId)}
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
