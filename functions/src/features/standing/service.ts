// A member's standing reservations (issue 53, ADR 74): GET and PUT /standing-reservations.
// Only the pattern is kept here; the daily job (features/reservations/standing-reservations.ts)
// reserves the servings it matches when their week opens.
import { Timestamp } from 'firebase-admin/firestore';
import { mealSlots, type StandingReservations, type StandingSlot } from '@hostelhub/contracts';
import type { TokenClaims } from '../../lib/api-token.js';
import { currentTime } from '../../lib/clock.js';
import { typed } from '../../lib/converters/index.js';
import { conflict } from '../../lib/errors.js';
import { readMealSettings } from '../../lib/meal-settings.js';
import { memberRequester } from '../../lib/requests/requester.js';
import { isoTime } from '../../lib/timestamps.js';

export const bookedByDefaultMessage =
  'This hostel books every member by default: members need no standing reservations';

const patternRef = (uid: string) => typed.standingReservations().doc(uid);

/** Monday first, then breakfast, lunch and dinner: the order the site's grid reads. */
const inWeekOrder = (pattern: StandingSlot[]) =>
  [...pattern].sort((a, b) => a.weekday - b.weekday || mealSlots.indexOf(a.slot) - mealSlots.indexOf(b.slot));

/** GET /standing-reservations: the caller's pattern, empty when they never set one. */
export async function readStandingReservations(uid: string): Promise<StandingReservations> {
  const stored = (await patternRef(uid).get()).data();
  const pattern = (stored?.pattern ?? []).map(({ weekday, slot }) => ({ weekday, slot }));
  return { pattern: inWeekOrder(pattern), updatedAt: isoTime(stored?.updatedAt) };
}

/**
 * PUT /standing-reservations: replaces the caller's pattern (an empty one clears it). 409
 * where the hostel books by default (nothing to reserve), 402 without a membership. The
 * reservations the old pattern made stay: the member cancels those they no longer want.
 */
export async function setStandingReservations(
  user: TokenClaims,
  pattern: StandingSlot[],
): Promise<StandingReservations> {
  const now = currentTime();
  if ((await readMealSettings()).booking === 'default') throw conflict(bookedByDefaultMessage);
  await memberRequester(user, now);
  const sorted = inWeekOrder(pattern);
  // Merged: the weeks already summarised (`summarizedWeeks`) stay, so no week is emailed twice.
  await patternRef(user.uid).set(
    { uid: user.uid, pattern: sorted, updatedAt: Timestamp.fromDate(now) },
    { merge: true },
  );
  return { pattern: sorted, updatedAt: now.toISOString() };
}
