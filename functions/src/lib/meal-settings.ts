// The hostel's booking rule and leave rules (ADR 74), `settings/meal`: read wherever a count,
// a reservation or a leave depends on them, at the moment of use.
import type { Transaction } from 'firebase-admin/firestore';
import { defaultMealSettings, leaveRulesBody, bookingRules, type MealSettings } from '@hostelhub/contracts';
import { typed } from './converters/index.js';

export const mealSettingsRef = () => typed.settings().doc('meal');

/** The settings as stored, each part that is missing or malformed falling back to its default. */
export function mealSettingsOf(stored: { booking?: unknown; leave?: unknown } | undefined): MealSettings {
  const booking = bookingRules.find((rule) => rule === stored?.booking) ?? defaultMealSettings.booking;
  const leave = leaveRulesBody.safeParse(stored?.leave);
  return { booking, leave: leave.success ? leave.data : defaultMealSettings.leave };
}

/** The hostel's meal settings now, in a transaction when given (its commit then waits on a change). */
export async function readMealSettings(transaction?: Transaction): Promise<MealSettings> {
  const snapshot = transaction ? await transaction.get(mealSettingsRef()) : await mealSettingsRef().get();
  return mealSettingsOf(snapshot.data());
}
