// Reserving and cancelling where the hostel books every member by default (ADR 74): at their
// own hall a member is counted already, so cancelling skips the serving and reserving takes
// the skip back, both before its cutoff. At another hall a member reserves as everywhere.
import type { MealSettings } from '@hostelhub/contracts';
import { currentTime } from '../../lib/clock.js';
import { typed } from '../../lib/converters/index.js';
import { defaultHallIn, setSkip } from '../../lib/default-booking.js';
import { conflict, notFound } from '../../lib/errors.js';
import { hallIdOf } from '../../lib/halls.js';
import { approvedLeaveOn, onLeaveMessage } from '../../lib/leave.js';
import { readMealSettings } from '../../lib/meal-settings.js';
import { runContendedTransaction } from '../../lib/transactions.js';
import {
  cutoffOf,
  reservationsClosedMessage,
  servingKey,
  servingLabel,
  servingOf,
  servingRef,
} from '../../lib/servings.js';

/**
 * Whether `uid` is counted for the serving by default: the hostel books by default and the
 * serving is at the hall the member eats at in its month.
 */
export async function countedByDefault(uid: string, servingId: string, settings?: MealSettings): Promise<boolean> {
  const [{ booking }, serving, profile] = await Promise.all([
    settings ?? readMealSettings(),
    servingRef(servingId).get(),
    typed.users().doc(uid).get(),
  ]);
  const stored = serving.data();
  const member = profile.data();
  if (booking !== 'default' || !stored || !member) return false;
  return defaultHallIn(member, stored.date.slice(0, 7)) === hallIdOf(stored);
}

/**
 * Skips the serving (`skip`) or takes the skip back, before its cutoff and not on a day of
 * leave. Answers whether it changed anything (a second skip changes nothing).
 */
export async function skipServing(servingId: string, uid: string, skip: boolean): Promise<boolean> {
  const now = currentTime();
  const date = servingOf(await servingRef(servingId).get()).date;
  const leave = skip ? undefined : await approvedLeaveOn(uid, date);
  if (leave) throw conflict(onLeaveMessage(leave));
  return runContendedTransaction(
    async (transaction) => {
      const serving = await transaction.get(servingRef(servingId));
      if (!serving.exists) throw notFound('Serving not found');
      if (now.getTime() >= cutoffOf(serving).getTime()) {
        throw conflict(`${reservationsClosedMessage(serving)}: the kitchen has counted you`);
      }
      return setSkip(transaction, serving, uid, skip);
    },
    { key: servingKey(servingId) },
  );
}

/** The answer to reserving a serving one is counted for by default. */
export const countedMessage = (label: string) => `You are counted for ${label}: every member is booked by default`;

export async function countedLabel(servingId: string) {
  return servingLabel(await servingRef(servingId).get());
}
