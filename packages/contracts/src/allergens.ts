/**
 * The 14 allergens food businesses in the UK and the EU must declare, by key. A meal's
 * `allergens` is a list of these (empty: declared free of all 14) or null (not declared).
 * Undeclared is never shown or filtered as safe (ADR 0032).
 */
export const allergenKeys = [
  'celery',
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'lupin',
  'milk',
  'molluscs',
  'mustard',
  'tree-nuts',
  'peanuts',
  'sesame',
  'soya',
  'sulphites',
] as const;
export type AllergenKey = (typeof allergenKeys)[number];

/** How people read each allergen ("Contains milk"). */
export const allergenLabels: Record<AllergenKey, string> = {
  celery: 'celery',
  gluten: 'gluten',
  crustaceans: 'crustaceans',
  eggs: 'eggs',
  fish: 'fish',
  lupin: 'lupin',
  milk: 'milk',
  molluscs: 'molluscs',
  mustard: 'mustard',
  'tree-nuts': 'tree nuts',
  peanuts: 'peanuts',
  sesame: 'sesame',
  soya: 'soya',
  sulphites: 'sulphites',
};

export const dietTags = ['vegetarian', 'vegan', 'halal'] as const;
export type DietTag = (typeof dietTags)[number];

export const dietTagLabels: Record<DietTag, string> = {
  vegetarian: 'Vegetarian',
  vegan: 'Vegan',
  halal: 'Halal',
};

/** What the site and the API say of a meal whose allergens nobody has declared. */
export const undeclaredAllergensMessage = 'Allergens not declared: ask the kitchen';

export const isAllergenKey = (value: unknown): value is AllergenKey =>
  (allergenKeys as readonly unknown[]).includes(value);
export const isDietTag = (value: unknown): value is DietTag => (dietTags as readonly unknown[]).includes(value);

/**
 * Which allergens a diet tag rules out: a vegan meal holds no animal product, a vegetarian
 * one no fish or shellfish. A meal that says both is refused (the rule the form and the API
 * share), since one of the two labels would be wrong.
 */
export const dietExcludes: Record<DietTag, readonly AllergenKey[]> = {
  vegan: ['milk', 'eggs', 'fish', 'crustaceans', 'molluscs'],
  vegetarian: ['fish', 'crustaceans', 'molluscs'],
  halal: [],
};

/** The message for a meal whose tags and allergens contradict each other, or null. */
export function mealLabelConflict(labels: {
  allergens?: readonly AllergenKey[] | null;
  dietTags?: readonly DietTag[];
}): string | null {
  for (const tag of labels.dietTags ?? []) {
    const clash = (labels.allergens ?? []).filter((allergen) => dietExcludes[tag].includes(allergen));
    if (clash.length > 0) {
      return `A ${dietTagLabels[tag].toLowerCase()} meal cannot contain ${clash.map((key) => allergenLabels[key]).join(', ')}`;
    }
  }
  return null;
}

/** The labels a meal (or upcoming meal) carries in every answer. */
export type MealLabels = {
  /** null: not declared. [] : declared free of all 14. */
  allergens: AllergenKey[] | null;
  dietTags: DietTag[];
};

/** A member's diet profile: the allergens they avoid and the diets they keep. */
export type DietProfile = { avoid: AllergenKey[]; diets: DietTag[] };

/** The empty profile: a user who has said nothing avoids nothing. */
export const emptyDietProfile: DietProfile = { avoid: [], diets: [] };

/**
 * What a meal holds that the profile avoids ("Contains milk, which you avoid"). An
 * undeclared meal holds unknown allergens, which the caller shows as its own warning.
 */
export function avoidedAllergensIn(mealAllergens: readonly AllergenKey[] | null, profile: DietProfile): AllergenKey[] {
  if (!mealAllergens) return [];
  return profile.avoid.filter((key) => mealAllergens.includes(key));
}

/** The words of the warning for the allergens a meal holds that the reader avoids. */
export function avoidedAllergensMessage(keys: readonly AllergenKey[]): string {
  return `Contains ${allergenListText(keys)}, which you avoid`;
}

/** "milk, eggs and gluten": allergens in words, as the site writes them in sentences. */
export function allergenListText(keys: readonly AllergenKey[]): string {
  const names = keys.map((key) => allergenLabels[key]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
}

/**
 * The fields a meal's labels are stored as (docs/data-model.md, ADR 0032): the declared lists,
 * plus two maps the /meals filters query with equality filters, which Firestore combines with
 * each other and with search, category and price (one array-contains per query would not).
 * `freeOf` is null for an undeclared meal, so no free-from filter ever matches it.
 */
export function storedLabelFields(labels: {
  allergens?: readonly AllergenKey[] | null;
  dietTags?: readonly DietTag[];
}) {
  const allergens = labels.allergens ? [...labels.allergens] : null;
  const tags = [...(labels.dietTags ?? [])];
  return {
    allergens,
    dietTags: tags,
    freeOf: allergens
      ? (Object.fromEntries(allergenKeys.map((key) => [key, !allergens.includes(key)])) as Record<AllergenKey, boolean>)
      : null,
    diets: Object.fromEntries(dietTags.map((tag) => [tag, tags.includes(tag)])) as Record<DietTag, boolean>,
  };
}
