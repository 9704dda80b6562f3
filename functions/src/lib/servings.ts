// What the menu, the meal requests and the meal admin share about servings (ADR 0029): the
// serving's labels in messages, its times, and the checks that guard reservations.
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import {
  mealSlotLabels,
  mealSlots,
  wallClockAsUtc,
  type MealSlot,
  type ReservationServing,
} from '@hostelhub/contracts';
import { hostelTimeZone } from '../config.js';
import { collections, db } from './firestore.js';
import { isoTime } from './timestamps.js';

export const servingRef = (id: string) => db.collection(collections.servings).doc(id);
export const closedDayRef = (date: string) => db.collection(collections.closedDays).doc(date);

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

export const slotOf = (serving: DocumentSnapshot): MealSlot => {
  const slot = serving.get('slot');
  return (mealSlots as readonly unknown[]).includes(slot) ? (slot as MealSlot) : 'lunch';
};

/** "Lunch on Tue 25 Nov" */
export const servingLabel = (serving: DocumentSnapshot) =>
  `${mealSlotLabels[slotOf(serving)]} on ${dayLabel(String(serving.get('date')))}`;

/** The hostel's wall-clock date and time of an instant: `YYYY-MM-DD` and `HH:MM`. */
export function hostelWallClock(instant: Date): { date: string; time: string } {
  const iso = new Date(wallClockAsUtc(instant.getTime(), hostelTimeZone())).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** The instant reservations for `serving` close. */
export const cutoffOf = (serving: DocumentSnapshot): Date => new Date(isoTime(serving.get('cutoffAt')) ?? 0);

/** "10:00", or "20:00 on Mon 24 Nov" when the cutoff is on another day than the serving. */
export function cutoffLabel(serving: DocumentSnapshot): string {
  const { date, time } = hostelWallClock(cutoffOf(serving));
  return date === serving.get('date') ? time : `${time} on ${dayLabel(date)}`;
}

/** "Reservations for Lunch on Tue 25 Nov closed at 10:00" */
export const reservationsClosedMessage = (serving: DocumentSnapshot) =>
  `Reservations for ${servingLabel(serving)} closed at ${cutoffLabel(serving)}`;

/** The serving a reservation is for, as Requested Meals shows it. */
export function toReservationServing(serving: DocumentSnapshot): ReservationServing {
  return {
    _id: serving.id,
    date: String(serving.get('date')),
    slot: slotOf(serving),
    startsAt: isoTime(serving.get('startsAt')) ?? '',
    endsAt: isoTime(serving.get('endsAt')) ?? '',
    cutoffAt: isoTime(serving.get('cutoffAt')) ?? '',
  };
}

/** A meal's servings from `fromDate` on (its next servings; the meal admin's checks). */
export const servingsOfMealFrom = (mealId: string, fromDate: string) =>
  db.collection(collections.servings).where('mealId', '==', mealId).where('date', '>=', fromDate).orderBy('date');

/** "Lunch on Tue 25 Nov has 3 reservations; Dinner on ... has 1 reservation" */
export function reservationsHeldMessage(servings: DocumentSnapshot[]): string {
  return servings
    .map((serving) => {
      const reserved = Number(serving.get('reserved') ?? 0);
      return `${servingLabel(serving)} has ${reserved} reservation${reserved === 1 ? '' : 's'}`;
    })
    .join('; ');
}

/** The key of a serving's contended writes (lib/transactions.ts): its reservations, serves and cancellations. */
export const servingKey = (id: string) => servingRef(id).path;

/** The servings whose reservations close after `after` and no later than `until` (the email schedules). */
export const servingsClosingBetween = (after: Date, until: Date) =>
  db.collection(collections.servings).where('cutoffAt', '>', after).where('cutoffAt', '<=', until);
