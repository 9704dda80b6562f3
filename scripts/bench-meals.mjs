// Latency of GET /api/meals: the first page versus a deep page reached by cursor and by
// `page` (offset). Not a test; run it against a running suite:
//   EMULATOR_PORT_OFFSET=1100 npm start          (in another terminal)
//   EMULATOR_PORT_OFFSET=1100 node scripts/bench-meals.mjs [meals=600] [runs=15]
// HOSTING_URL and FIRESTORE_EMULATOR_HOST, when set, take precedence over the offset.
// It seeds the extra meals under one unique title word and deletes them afterwards.
import { getApps, initializeApp } from 'firebase-admin/app';
import { Timestamp, getFirestore } from 'firebase-admin/firestore';
import { loadContracts } from './lib/contracts.mjs';
import { emulatorConfig, emulatorEnvironment, projectId } from './lib/emulators.mjs';

const { mealSearchTokens } = await loadContracts();

const mealCount = Number(process.argv[2] ?? 600);
const runs = Number(process.argv[3] ?? 15);
const pageSize = 6;

const suite = emulatorEnvironment(emulatorConfig(Number(process.env.EMULATOR_PORT_OFFSET ?? 0)).emulators);
process.env.FIRESTORE_EMULATOR_HOST ??= suite.FIRESTORE_EMULATOR_HOST;
const hostingUrl = process.env.HOSTING_URL ?? suite.HOSTING_URL;

if (getApps().length === 0) initializeApp({ projectId });
const db = getFirestore();
const word = `bench${Date.now().toString(36)}`;
const categories = ['Breakfast', 'Lunch', 'Dinner'];

async function seed() {
  const refs = [];
  for (let start = 0; start < mealCount; start += 400) {
    const batch = db.batch();
    for (let index = start; index < Math.min(start + 400, mealCount); index++) {
      const ref = db.collection('meals').doc();
      const title = `${word} Meal ${index}`;
      const ingredients = 'Rice, Beans';
      const description = 'Seeded by scripts/bench-meals.mjs';
      // The public half only (ADR 0020): the list never reads a meal's private half.
      batch.set(ref, {
        title,
        category: categories[index % 3],
        image: '/images/bench.jpg',
        ingredients,
        description,
        price: 10 + (index % 90),
        distributorName: 'Bench Kitchen',
        searchTokens: mealSearchTokens({ title, ingredients, description }),
        rating: 0,
        ratingTotal: 0,
        likesCount: 0,
        reviewsCount: 0,
        adminName: 'Bench',
        postTime: Timestamp.fromMillis(Date.now() - index * 1000),
      });
      refs.push(ref);
    }
    await batch.commit();
  }
  return refs;
}

async function timed(query) {
  const started = performance.now();
  const response = await fetch(`${hostingUrl}/api/meals?${query}`);
  const body = await response.json();
  if (!response.ok) throw new Error(`${query}: ${response.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, body };
}

async function median(query) {
  const samples = [];
  for (let run = 0; run < runs; run++) samples.push((await timed(query)).ms);
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

/** Walks the cursors to the last full page and returns that page's number and cursor. */
async function deepCursor(filter) {
  let cursor = null;
  let page = 1;
  for (;;) {
    const { body } = await timed(`${filter}&limit=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`);
    if (!body.nextCursor || (page + 1) * pageSize >= body.total) return { page: page + 1, cursor: body.nextCursor };
    cursor = body.nextCursor;
    page += 1;
  }
}

const refs = await seed();
try {
  const rows = [];
  for (const [label, filter] of [
    ['search', `search=${word}`],
    ['search + Lunch + $10-$30', `search=${word}&category=Lunch&priceRange=10-30`],
  ]) {
    const deep = await deepCursor(filter);
    rows.push({
      list: label,
      'page 1 (ms)': (await median(`${filter}&limit=${pageSize}`)).toFixed(1),
      'deep page': deep.page,
      'deep by cursor (ms)': deep.cursor
        ? (await median(`${filter}&limit=${pageSize}&cursor=${deep.cursor}`)).toFixed(1)
        : '-',
      'deep by offset (ms)': (await median(`${filter}&limit=${pageSize}&page=${deep.page}`)).toFixed(1),
    });
  }
  console.log(`GET /api/meals on ${hostingUrl}: ${mealCount} seeded meals, median of ${runs} calls`);
  console.table(rows);
} finally {
  for (let start = 0; start < refs.length; start += 400) {
    const batch = db.batch();
    refs.slice(start, start + 400).forEach((ref) => batch.delete(ref));
    await batch.commit();
  }
}
