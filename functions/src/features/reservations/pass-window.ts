// When a meal pass may be shown, and a walk-in served: from an hour before a serving opens until
// it ends (ADR 0034). The pass's issuer and the counter both ask.
import { passOpensMinutesBefore } from '@hostelhub/contracts';
import { conflict } from '../../lib/errors.js';
import { hostelWallClock, servingLabel, servingOf, type ServingSnapshot } from '../../lib/servings.js';
import { isoTime } from '../../lib/timestamps.js';

const minuteMs = 60_000;

export const startsAtOf = (serving: ServingSnapshot) => new Date(isoTime(servingOf(serving).startsAt) ?? 0);
export const endsAtOf = (serving: ServingSnapshot) => new Date(isoTime(servingOf(serving).endsAt) ?? 0);

/** Whether a serving's pass may be shown (and a walk-in served) at `now`: open, or opening within the hour. */
export function passMayBeShown(serving: ServingSnapshot, now: Date): boolean {
  const opens = startsAtOf(serving).getTime() - passOpensMinutesBefore * minuteMs;
  return now.getTime() >= opens && now.getTime() < endsAtOf(serving).getTime();
}

/** 409 unless the serving's pass may be shown now, saying when it may. */
export function assertPassWindow(serving: ServingSnapshot, now: Date) {
  if (now.getTime() >= endsAtOf(serving).getTime()) throw conflict(`${servingLabel(serving)} has ended`);
  if (!passMayBeShown(serving, now)) {
    const opens = new Date(startsAtOf(serving).getTime() - passOpensMinutesBefore * minuteMs);
    throw conflict(`The meal pass for ${servingLabel(serving)} opens at ${hostelWallClock(opens).time}`);
  }
}
