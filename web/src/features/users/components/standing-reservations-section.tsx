import { useState, type FormEvent } from 'react';
import { isMember, mealSlotLabels, mealSlots, type StandingSlot, type UserProfile } from '@hostelhub/contracts';
import { useNow } from '@/hooks/use-now';
import { useMealSettings } from '@/domain/reservations/booking';
import { ProfileSection } from './profile-section';
import { RefusalNote } from './refusal-note';
import { useSetStandingReservations, useStandingReservations } from '../api/standing-reservations';

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** A weekday (1 Monday) and slot as one key, so the ticked ones are a set. */
const keyOf = ({ weekday, slot }: StandingSlot) => `${weekday}-${slot}`;
const slotOfKey = (key: string): StandingSlot => {
  const [weekday, slot] = key.split('-');
  return { weekday: Number(weekday), slot: slot as StandingSlot['slot'] };
};
const sameKeys = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((key) => b.has(key));

/**
 * My Profile's standing reservations (ADR 74), for a member where the hostel books by
 * reservation: the meals of the week they want, each reserved for them by the daily job when
 * its week opens. Nothing for anyone else, nor where every member is booked by default.
 */
export function StandingReservationsSection({ profile }: { profile: UserProfile }) {
  const now = useNow(60_000);
  if (!isMember(profile, now)) return null;
  return <WhereMembersReserve />;
}

function WhereMembersReserve() {
  const settings = useMealSettings();
  if (settings.data?.booking !== 'reserve') return null;
  return <StandingReservationsForm />;
}

function StandingReservationsForm() {
  const stored = useStandingReservations();
  const save = useSetStandingReservations();
  // What the member ticked since the last save; null: as stored.
  const [picked, setPicked] = useState<Set<string> | null>(null);
  const storedKeys = new Set((stored.data?.pattern ?? []).map(keyOf));
  const ticked = picked ?? storedKeys;
  const changed = picked !== null && !sameKeys(picked, storedKeys);

  const toggle = (key: string) => {
    save.reset();
    const next = new Set(ticked);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setPicked(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ pattern: [...ticked].map(slotOfKey) }, { onSuccess: () => setPicked(null) });
  };

  return (
    <ProfileSection
      title="Standing reservations"
      intro="Tick the meals you eat every week: each is reserved for you at your hall when its week opens (on the Monday before), while places and your weekly quota allow. One email a week says what was reserved. Cancel any one serving as usual: your pattern stays."
    >
      {stored.isPending && (
        <p role="status" className="mt-3 text-sm text-stone-600">
          Loading your standing reservations…
        </p>
      )}
      {stored.isError && (
        <div className="mt-3 grid gap-2">
          <RefusalNote what="Your standing reservations could not be read" error={stored.error} />
          <button type="button" className="btn-secondary w-full sm:w-auto" onClick={() => void stored.refetch()}>
            Try again
          </button>
        </div>
      )}
      {stored.isSuccess && (
        <form onSubmit={submit} className="mt-3 grid gap-3" aria-label="Standing reservations">
          {ticked.size === 0 && (
            <p className="text-sm text-stone-700">
              No standing reservations: tick a meal to have it reserved every week.
            </p>
          )}
          <table className="w-full max-w-md table-fixed text-sm">
            <caption className="sr-only">Meals reserved for you every week</caption>
            <thead>
              <tr>
                <th scope="col" className="w-24 py-1 text-left font-semibold text-stone-700">
                  Day
                </th>
                {mealSlots.map((slot) => (
                  <th key={slot} scope="col" className="py-1 text-center font-semibold text-stone-700">
                    {mealSlotLabels[slot]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weekdays.map((day, index) => (
                <tr key={day} className="border-t border-stone-100">
                  <th scope="row" className="py-1 text-left font-medium text-stone-800">
                    {day}
                  </th>
                  {mealSlots.map((slot) => {
                    const key = keyOf({ weekday: index + 1, slot });
                    return (
                      <td key={slot} className="text-center">
                        {/* The whole cell takes the tap: a box alone is small on a phone. */}
                        <label className="flex cursor-pointer justify-center py-2">
                          <input
                            type="checkbox"
                            className="h-5 w-5 accent-brand-strong"
                            aria-label={`${day} ${mealSlotLabels[slot].toLowerCase()}`}
                            checked={ticked.has(key)}
                            onChange={() => toggle(key)}
                          />
                        </label>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          {save.isError && <RefusalNote what="Not saved" error={save.error} />}
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className="btn-primary w-full sm:w-auto" disabled={!changed || save.isPending}>
              {save.isPending ? 'Saving…' : 'Save standing reservations'}
            </button>
            <p aria-live="polite" className="text-sm text-green-800">
              {save.isSuccess && picked === null ? 'Saved: reserved from the next week that opens.' : ''}
            </p>
          </div>
        </form>
      )}
    </ProfileSection>
  );
}
