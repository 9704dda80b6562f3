// GET and PUT /meal-settings (ADR 74): the hostel's booking rule and leave rules.
import type { MealSettings, MealSettingsBody } from '@hostelhub/contracts';
import { mealSettingsBody } from '@hostelhub/contracts';
import { mealSettingsRef, readMealSettings } from '../../lib/meal-settings.js';

export const mealSettings = (): Promise<MealSettings> => readMealSettings();

/** PUT /meal-settings: both rules at once, as the schema read them (defaults filled in). */
export async function writeMealSettings(body: MealSettingsBody): Promise<MealSettings> {
  const settings = mealSettingsBody.parse(body);
  await mealSettingsRef().set(settings, { merge: true });
  return settings;
}
