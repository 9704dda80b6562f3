// The `total` of GET /meals as production serves it (lib/meal-totals.ts, ADR 0040): an
// instance counts a filter once while its count is fresh, and forgets its counts when a meal
// is added through it. The suites otherwise run with MEAL_TOTALS_FRESH_SECONDS=0 (scripts/test.mjs).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from './support/emulators.js';
import { startLocalApi, type LocalApi } from './support/local-api.js';
import { mealBody, seedMeal, uniqueWord } from './support/meals.js';

const setting = 'MEAL_TOTALS_FRESH_SECONDS';
const before = process.env[setting];
let api: LocalApi;

beforeEach(async () => {
  process.env[setting] = '30';
  api = await startLocalApi();
});

afterEach(async () => {
  if (before === undefined) delete process.env[setting];
  else process.env[setting] = before;
  await api.close();
});

/** Letters only: the search splits words at digits. */
const uniqueLetters = () => uniqueWord('qv').replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!);

async function totalFor(word: string, category?: string) {
  const response = await api.call('meals', { query: { search: word, category } });
  expect(response.status).toBe(200);
  return { total: response.body.total as number, listed: (response.body.meals as unknown[]).length };
}

describe('the total of a meal list, kept by the instance that counted it', () => {
  it('is counted once while fresh: a meal written elsewhere is listed at once and counted later', async () => {
    const word = uniqueLetters();
    await seedMeal({ title: `${word} Porridge` });
    await seedMeal({ title: `${word} Omelette` });
    expect(await totalFor(word)).toEqual({ total: 2, listed: 2 });

    // Another instance's write (here, straight to Firestore): the page lists it, the total
    // this instance counted a moment ago stands.
    await seedMeal({ title: `${word} Pancakes` });
    expect(await totalFor(word)).toEqual({ total: 2, listed: 3 });
    // Another filter is another count.
    expect(await totalFor(word, 'Lunch')).toEqual({ total: 3, listed: 3 });
  });

  it('is counted again after a meal is added through the same instance', async () => {
    const word = uniqueLetters();
    const admin = await createUser({ role: 'admin' });
    await seedMeal({ title: `${word} Porridge` });
    expect(await totalFor(word)).toEqual({ total: 1, listed: 1 });

    const added = await api.call('addMeal', { token: admin.token, body: mealBody({ title: `${word} Soup` }) });
    expect(added.status).toBe(201);
    expect(await totalFor(word)).toEqual({ total: 2, listed: 2 });
  });

  it('is counted on every page when the setting is 0', async () => {
    process.env[setting] = '0';
    const word = uniqueLetters();
    await seedMeal({ title: `${word} Porridge` });
    expect(await totalFor(word)).toEqual({ total: 1, listed: 1 });
    await seedMeal({ title: `${word} Pancakes` });
    expect(await totalFor(word)).toEqual({ total: 2, listed: 2 });
  });
});
