// GET and PUT /meal-settings (ADR 74): the hostel's booking rule and leave rules.
import type { MealSettings, MealSettingsBody } from '@hostelhub/contracts';
import { mealSettingsBody } from '@hostelhub/contracts';
import type { AdminActor } from '@hostelhub/contracts';
import { mealSettingsRef, readMealSettings } from '../../lib/meal-settings.js';
import { changedFields, recordAction } from '../../lib/admin-actions.js';
import { db } from '../../lib/firestore.js';

export const mealSettings = (): Promise<MealSettings> => readMealSettings();

/** PUT /meal-settings: both rules at once, as the schema read them (defaults filled in). */
export async function writeMealSettings(body: MealSettingsBody, actor: AdminActor): Promise<MealSettings> {
  const settings = mealSettingsBody.parse(body);
  await db.runTransaction(async (transaction) => {
    const before = await readMealSettings(transaction);
    transaction.set(mealSettingsRef(), settings, { merge: true });
    const logged = (value: MealSettings) => ({ booking: value.booking, leave: JSON.stringify(value.leave) });
    recordAction(transaction, actor, {
      kind: 'settings.changed',
      target: { type: 'settings', id: 'meal', label: 'Meal settings' },
      ...changedFields(logged(before), logged(settings), ['booking', 'leave']),
    });
  });
  return settings;
}
