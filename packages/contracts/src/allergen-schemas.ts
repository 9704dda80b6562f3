// The schemas of allergen and diet labels: in meal bodies, query filters, stored documents
// and the diet profile. The labels themselves are in allergens.ts, which the site's public
// pages use without zod.
import {
  allergenKeys,
  dietTags,
  isAllergenKey,
  isDietTag,
  type AllergenKey,
  type DietTag,
  type MealLabels,
} from './allergens.js';
import { z } from './zod.js';

const withoutDuplicates = <T>(list: readonly T[]) => new Set(list).size === list.length;

/** A list of allergen keys: known keys only, each once, at most 14. */
export const allergenList = z
  .array(z.string().refine(isAllergenKey, `must be one of ${allergenKeys.join(', ')}`), 'must be a list of allergens')
  .max(allergenKeys.length, `has more than ${allergenKeys.length} entries`)
  .refine(withoutDuplicates, 'lists an allergen twice')
  .transform((list) => list as AllergenKey[]);

/** A list of diet tags: known tags only, each once. */
export const dietTagList = z
  .array(z.string().refine(isDietTag, `must be one of ${dietTags.join(', ')}`), 'must be a list of diet tags')
  .max(dietTags.length, `has more than ${dietTags.length} entries`)
  .refine(withoutDuplicates, 'lists a diet tag twice')
  .transform((list) => list as DietTag[]);

/** The label fields of a meal body; absent allergens mean "not declared" (the spec's body). */
export const mealLabelFields = {
  allergens: allergenList.nullable().optional(),
  dietTags: dietTagList.optional(),
};

/**
 * Whether `value` is a list that allergenList or dietTagList accepts: known keys only, each
 * once, no more than there are keys. The same rule in plain code: every meal of every public
 * read passes through it, and the schemas' parse cost more than the rest of a meal's answer.
 */
function isKnownList<T extends string>(
  value: unknown,
  isKnown: (key: unknown) => key is T,
  count: number,
): value is T[] {
  return (
    Array.isArray(value) && value.length <= count && value.every((key) => isKnown(key)) && withoutDuplicates(value)
  );
}

/** Reads a stored document's labels: anything missing or malformed reads as undeclared. */
export function storedMealLabels(data: { allergens?: unknown; dietTags?: unknown }): MealLabels {
  return {
    allergens: isKnownList(data.allergens, isAllergenKey, allergenKeys.length) ? [...data.allergens] : null,
    dietTags: isKnownList(data.dietTags, isDietTag, dietTags.length) ? [...data.dietTags] : [],
  };
}

/** A comma-separated list of allergen keys in a query string (`freeFrom=milk,peanuts`). */
export const freeFromParam = z
  .string()
  .max(300)
  .optional()
  .transform((value, context) => {
    const keys = (value ?? '')
      .split(',')
      .map((key) => key.trim())
      .filter(Boolean);
    if (keys.length === 0) return undefined;
    const unknown = keys.filter((key) => !isAllergenKey(key));
    if (unknown.length > 0) {
      context.addIssue({ code: 'custom', message: `has an unknown allergen: ${unknown.join(', ')}` });
      return z.NEVER;
    }
    return [...new Set(keys)].sort() as AllergenKey[];
  });

/** `diet=<tag>` in a query string; '' means no filter. */
export const dietParam = z
  .union([z.literal(''), z.enum(dietTags, `must be one of ${dietTags.join(', ')}`)])
  .optional()
  .transform((value) => value || undefined);

/** PATCH /user/diet (the caller's own). */
export const dietProfileBody = z.strictObject({ avoid: allergenList, diets: dietTagList });
