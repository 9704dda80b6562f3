// The contracts' reading of a stored meal's labels (plain code, run on every meal of every
// public read) against the schemas a meal's body is checked with: the same lists pass.
import { allergenList, dietTagList, storedMealLabels } from '@hostelhub/contracts';

const lists: unknown[] = [
  undefined,
  null,
  'milk',
  [],
  ['milk'],
  ['milk', 'peanuts'],
  ['milk', 'milk'],
  ['milk', 'chocolate'],
  ['milk', 3],
  [null],
  ['vegan'],
  ['vegan', 'halal', 'vegetarian'],
  ['vegan', 'vegan'],
  ['vegan', 'kosher'],
  ['celery', 'gluten', 'crustaceans', 'eggs', 'fish', 'lupin', 'milk', 'molluscs', 'mustard', 'peanuts'],
  [...Array(15)].map(() => 'milk'),
  { 0: 'milk', length: 1 },
];

it.each(lists.map((list) => [JSON.stringify(list) ?? 'undefined', list]))(
  'reads %s as the schemas do',
  (_name, list) => {
    const allergens = allergenList.safeParse(list);
    const tags = dietTagList.safeParse(list);
    expect(storedMealLabels({ allergens: list, dietTags: list })).toEqual({
      allergens: allergens.success ? allergens.data : null,
      dietTags: tags.success ? tags.data : [],
    });
  },
);

it('hands out a copy, not the stored list', () => {
  const stored = ['milk'];
  const labels = storedMealLabels({ allergens: stored });
  expect(labels.allergens).toEqual(['milk']);
  expect(labels.allergens).not.toBe(stored);
});
