// GET /meals search over titles, ingredients and descriptions in any simple word form, and
// the price ranges, with exact totals (ADR 0001, ADR 0026). Real meals on the emulated
// Firestore, searched over HTTP.
import { beforeAll, describe, expect, it } from 'vitest';
import { searchTokensFor } from '@hostelhub/contracts';
import { rebuildMealSearchTokens } from '../../scripts/lib/search-tokens.mjs';
import { call, createUser, db } from './support/emulators.js';
import { mealBody, seedMeal, uniqueWord } from './support/meals.js';

type MealRow = { _id: string; title: string; price: number };

/** A unique word of letters only: word forms are not applied to words with digits. */
const uniqueLetters = () => uniqueWord('qx').replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!);

async function search(query: string) {
  const response = await call('meals', { query: `limit=24&${query}` });
  expect(response.status, query).toBe(200);
  const body = response.body as { meals: MealRow[]; total: number };
  return { ids: body.meals.map((meal) => meal._id).sort(), total: body.total };
}

const searchFor = (text: string) => search(`search=${encodeURIComponent(text)}`);

describe('GET /meals search in word forms', () => {
  const base = uniqueLetters();
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ids.pancake = await seedMeal({ title: `Fluffy ${base}pancake Stack`, minutesAgo: 1 });
    ids.berries = await seedMeal({ title: `${base}berries Yogurt Bowl`, minutesAgo: 2 });
    ids.dishes = await seedMeal({ title: `Small ${base}dishes`, minutesAgo: 3 });
    ids.box = await seedMeal({ title: `Lunch ${base}box`, minutesAgo: 4 });
  });

  it('finds a singular title by its plural and a plural title by its singular', async () => {
    expect(await searchFor(`${base}pancakes`)).toEqual({ ids: [ids.pancake], total: 1 });
    expect(await searchFor(`${base}pancake`)).toEqual({ ids: [ids.pancake], total: 1 });
    expect(await searchFor(`fluffy ${base}pancakes st`)).toEqual({ ids: [ids.pancake], total: 1 });
    expect(await searchFor(`${base}berry`)).toEqual({ ids: [ids.berries], total: 1 });
    expect(await searchFor(`${base}berries yogurt`)).toEqual({ ids: [ids.berries], total: 1 });
    expect(await searchFor(`${base}dish`)).toEqual({ ids: [ids.dishes], total: 1 });
    expect(await searchFor(`${base}boxes`)).toEqual({ ids: [ids.box], total: 1 });
  });

  it('still finds a word while it is half typed, and nothing in the middle of a word', async () => {
    expect(await searchFor(`${base}pan`)).toEqual({ ids: [ids.pancake], total: 1 });
    expect(await searchFor(`${base}berri`)).toEqual({ ids: [ids.berries], total: 1 });
    expect(await searchFor(base)).toEqual({ ids: Object.values(ids).sort(), total: 4 });
    expect(await searchFor(`${base.slice(2)}pancake`)).toEqual({ ids: [], total: 0 });
  });
});

describe('GET /meals search in ingredients and descriptions', () => {
  const fish = uniqueLetters();
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ids.platter = await seedMeal({
      title: 'Chef Breakfast Platter',
      category: 'Breakfast',
      price: 65,
      ingredients: `Smoked ${fish}salmon, Eggs, Pastries`,
      description: `A sharing platter of smoked ${fish}salmon, eggs and pastries.`,
    });
    ids.poke = await seedMeal({ title: `${fish}salmon Poke Bowl`, category: 'Lunch', price: 52 });
    ids.stew = await seedMeal({
      title: 'Harbour Stew',
      category: 'Dinner',
      price: 30,
      ingredients: `Potatoes, ${fish}mussels`,
      description: 'A slow stew of the day’s catch.',
    });
  });

  it('finds a meal by a word of its description or ingredients, with the exact total', async () => {
    expect(await searchFor(`${fish}salmon`)).toEqual({ ids: [ids.platter, ids.poke].sort(), total: 2 });
    expect(await searchFor(`smoked ${fish}salmon`)).toEqual({ ids: [ids.platter], total: 1 });
    expect(await searchFor(`${fish}mussel`)).toEqual({ ids: [ids.stew], total: 1 });
  });

  it('combines a description match with category and price range', async () => {
    expect(await search(`search=${fish}salmon&category=Breakfast`)).toEqual({ ids: [ids.platter], total: 1 });
    expect(await search(`search=${fish}salmon&priceRange=30-60`)).toEqual({ ids: [ids.poke], total: 1 });
    expect(await search(`search=${fish}mussels&priceRange=30-60&category=Dinner`)).toEqual({
      ids: [ids.stew],
      total: 1,
    });
  });

  it('indexes what the API writes: an added meal by its description, an edited one by its new words only', async () => {
    const admin = await createUser({ role: 'admin' });
    const word = uniqueLetters();
    const added = await call('addMeal', {
      token: admin.token,
      body: mealBody({ title: 'Garden Plate', description: `Roasted ${word}carrots with herbs.` }),
    });
    expect(added.status).toBe(201);
    const id = added.body.insertedId as string;
    expect(await searchFor(`roasted ${word}carrot`)).toEqual({ ids: [id], total: 1 });

    const edited = await call('updateMeal', {
      params: { id },
      token: admin.token,
      body: mealBody({ title: 'Garden Plate', ingredients: `${word}beets, Salt` }),
    });
    expect(edited.status).toBe(200);
    expect(await searchFor(`${word}carrots`)).toEqual({ ids: [], total: 0 });
    expect(await searchFor(`${word}beet`)).toEqual({ ids: [id], total: 1 });
  });

  it('finds a meal stored with title-only tokens once the backfill has rebuilt them', async () => {
    const word = uniqueLetters();
    const id = await seedMeal({
      title: 'Old Soup',
      description: `Stored before descriptions were searched: ${word}leeks.`,
      searchTokens: searchTokensFor('Old Soup'),
    });
    expect(await searchFor(`${word}leek`)).toEqual({ ids: [], total: 0 });

    expect(await rebuildMealSearchTokens(db)).toBeGreaterThanOrEqual(1);
    expect(await searchFor(`${word}leek`)).toEqual({ ids: [id], total: 1 });
    // Current tokens are left alone: a second run writes nothing.
    expect(await rebuildMealSearchTokens(db)).toBe(0);
  });
});

describe('GET /meals price ranges', () => {
  const word = uniqueLetters();
  const prices = [4.5, 9.99, 10, 29.99, 30, 59.99, 60, 99.99, 100, 250];
  const idOfPrice = new Map<number, string>();

  beforeAll(async () => {
    for (const price of prices) idOfPrice.set(price, await seedMeal({ title: `${word} meal ${price}`, price }));
  });

  const inRange = async (key: string) => {
    const response = await call('meals', { query: { limit: '24', search: word, priceRange: key } });
    expect(response.status, key).toBe(200);
    return {
      prices: (response.body.meals as MealRow[]).map((meal) => meal.price),
      total: response.body.total as number,
    };
  };

  it('puts a boundary price in one range only, from its lower end', async () => {
    expect(await inRange('under-10')).toEqual({ prices: [4.5, 9.99], total: 2 });
    expect(await inRange('10-30')).toEqual({ prices: [10, 29.99], total: 2 });
    expect(await inRange('30-60')).toEqual({ prices: [30, 59.99], total: 2 });
    expect(await inRange('60-100')).toEqual({ prices: [60, 99.99], total: 2 });
    expect(await inRange('100-plus')).toEqual({ prices: [100, 250], total: 2 });
  });

  it('reaches every meal through exactly one range', async () => {
    const seen: number[] = [];
    for (const key of ['under-10', '10-30', '30-60', '60-100', '100-plus']) seen.push(...(await inRange(key)).prices);
    expect(seen.sort((a, b) => a - b)).toEqual(prices);
  });

  it('refuses a range it does not define', async () => {
    const response = await call('meals', { query: { priceRange: '0-10' } });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^priceRange: must be one of under-10, 10-30, 30-60, 60-100, 100-plus/);
  });
});
