// What the menu, the meal requests and the meal admin share about servings (ADR 0029): the
// serving's labels in messages, its times, and the checks that guard reservations.
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { mealSlotLabels, wallClockAsUtc, type MealSlot, type ReservationServing } from '@hostelhub/contracts';
import { hostelTimeZone } from '../config.js';
import { typed, type ServingDocument } from './converters/index.js';
import { isoTime } from './timestamps.js';

export const servingRef = (id: string) => typed.servings().doc(id);
export const closedDayRef = (date: string) => typed.closedDays().doc(date);

/**
 * The member's hold, `holds/{servingId}_{uid}`, names `{ requestId }` while their reservation
 * for that serving is pending or served: one reservation per member and serving, checked on
 * one document inside the reserving transaction. Cancelling frees it.
 */
export const holdRef = (servingId: string, uid: string) => typed.holds().doc(`${servingId}_${uid}`);

/** A serving as read: what the helpers below describe (one that exists). */
export type ServingSnapshot = DocumentSnapshot<ServingDocument>;

/** The stored serving of a snapshot its reader found (a missing one is the caller's fault). */
export function servingOf(serving: ServingSnapshot): ServingDocument {
  const stored = serving.data();
  if (!stored) throw new Error(`The serving ${serving.id} is gone`);
  return stored;
}

/** "Tue 25 Nov" for a calendar date `YYYY-MM-DD` (a date, so no time zone applies). */
export function dayLabel(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).formatToParts(new Date(Date.UTC(year!, month! - 1, day!)));
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')}`;
}

export const slotOf = (serving: ServingSnapshot): MealSlot => servingOf(serving).slot;

/** "Lunch on Tue 25 Nov" */
export const servingLabel = (serving: ServingSnapshot) =>
  `${mealSlotLabels[slotOf(serving)]} on ${dayLabel(servingOf(serving).date)}`;

/** The hostel's wall-clock date and time of an instant: `YYYY-MM-DD` and `HH:MM`. */
export function hostelWallClock(instant: Date): { date: string; time: string } {
  const iso = new Date(wallClockAsUtc(instant.getTime(), hostelTimeZone())).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** The instant reservations for `serving` close. */
export const cutoffOf = (serving: ServingSnapshot): Date => new Date(isoTime(servingOf(serving).cutoffAt) ?? 0);

/** "10:00", or "20:00 on Mon 24 Nov" when the cutoff is on another day than the serving. */
export function cutoffLabel(serving: ServingSnapshot): string {
  const { date, time } = hostelWallClock(cutoffOf(serving));
  return date === servingOf(serving).date ? time : `${time} on ${dayLabel(date)}`;
}

/** "Reservations for Lunch on Tue 25 Nov closed at 10:00" */
export const reservationsClosedMessage = (serving: ServingSnapshot) =>
  `Reservations for ${servingLabel(serving)} closed at ${cutoffLabel(serving)}`;

/** The serving a reservation is for, as Requested Meals shows it. */
export function toReservationServing(serving: ServingSnapshot): ReservationServing {
  const stored = servingOf(serving);
  return {
    _id: serving.id,
    date: stored.date,
    slot: stored.slot,
    startsAt: isoTime(stored.startsAt) ?? '',
    endsAt: isoTime(stored.endsAt) ?? '',
    cutoffAt: isoTime(stored.cutoffAt) ?? '',
  };
}

/** A meal's servings from `fromDate` on (its next servings; the meal admin's checks). */
export const servingsOfMealFrom = (mealId: string, fromDate: string) =>
  typed.servings().where('mealId', '==', mealId).where('date', '>=', fromDate).orderBy('date');

/**
 * The servings of the days `from` to `to`, both included (GET /menu, the menu's feeds,
 * copy-week, the weekly email). `date` is the serving's calendar day `YYYY-MM-DD` in the
 * hostel's time zone, so string order is date order and one range query reads a week.
 */
export const servingsBetween = (from: string, to: string) =>
  typed.servings().where('date', '>=', from).where('date', '<=', to).orderBy('date');

/** "Lunch on Tue 25 Nov has 3 reservations; Dinner on ... has 1 reservation" */
export function reservationsHeldMessage(servings: ServingSnapshot[]): string {
  return servings
    .map((serving) => {
      const reserved = servingOf(serving).reserved ?? 0;
      return `${servingLabel(serving)} has ${reserved} reservation${reserved === 1 ? '' : 's'}`;
    })
    .join('; ');
}

/** The key of a serving's contended writes (lib/transactions.ts): its reservations, serves and cancellations. */
export const servingKey = (id: string) => servingRef(id).path;

/** The servings whose reservations close after `after` and no later than `until` (the email schedules). */
export const servingsClosingBetween = (after: Date, until: Date) =>
  typed.servings().where('cutoffAt', '>', after).where('cutoffAt', '<=', until);
