// What a meal holds that the reader's diet profile (My Profile) rules out, in words: the
// meal page shows these above Request, and requesting or reserving asks to confirm them.
import {
  allergenListText,
  avoidedAllergensIn,
  avoidedAllergensMessage,
  dietTagLabels,
  undeclaredAllergensMessage,
  type DietProfile,
  type MealLabels,
} from '@hostelhub/contracts';
import { confirmAction } from './dialogs';

export function dietWarnings(labels: MealLabels, diet: DietProfile | null | undefined): string[] {
  if (!diet) return [];
  const warnings: string[] = [];
  const avoided = avoidedAllergensIn(labels.allergens, diet);
  if (avoided.length > 0) warnings.push(avoidedAllergensMessage(avoided));
  // Undeclared is never read as safe: someone who avoids anything is told to ask.
  if (labels.allergens === null && diet.avoid.length > 0) {
    warnings.push(`${undeclaredAllergensMessage} (you avoid ${allergenListText(diet.avoid)})`);
  }
  const unmarked = diet.diets.filter((tag) => !labels.dietTags.includes(tag));
  if (unmarked.length > 0) {
    warnings.push(`Not marked ${unmarked.map((tag) => dietTagLabels[tag].toLowerCase()).join(' or ')}, which you keep`);
  }
  return warnings;
}

/** Asks before requesting or reserving a meal the profile warns about; true to go ahead. */
export async function confirmDespiteWarnings(warnings: string[]): Promise<boolean> {
  if (warnings.length === 0) return true;
  return confirmAction('Check before you order', `${warnings.join('. ')}.`, 'Order anyway');
}
