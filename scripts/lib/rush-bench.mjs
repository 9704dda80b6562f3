// The bench's lunch rush (ADR 0047): members reserving the last places of one serving at the
// same moment through the built `api` handler on a plain Node server in this process (one
// instance with concurrency), timed beside bare single-document transactions of the same run.
import { Timestamp } from 'firebase-admin/firestore';

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
};

async function postJson(url, body, token) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/**
 * `count` members of a package with a weekly limit, each with the API's token, `atOnce` signing
 * in together: through the Functions emulator every concurrent request starts a worker process,
 * so there the setup signs in one at a time and leaves the workers to the rush.
 */
async function members(db, apiOrigin, count, atOnce = 10) {
  const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const pack = db.collection('packages').doc();
  await pack.set({ name: 'Gold', price: 10, services: ['Bench'], weeklyRequestLimit: 20, priorityServing: false });
  const one = async (index) => {
    const email = `rush-${Date.now().toString(36)}-${index}-${Math.random().toString(36).slice(2, 7)}@bench.hostelhub.test`;
    const signUp = await postJson(
      `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key`,
      { email, password: 'password123', returnSecureToken: true },
    );
    if (signUp.status !== 200) throw new Error(`sign-up: ${signUp.status}`);
    const jwt = await postJson(`${apiOrigin}/api/jwt`, { email }, signUp.body.idToken);
    if (jwt.status !== 200) throw new Error(`POST /jwt: ${jwt.status} ${JSON.stringify(jwt.body)}`);
    await db.doc(`users/${signUp.body.localId}`).set({
      name: 'Rush Member',
      email,
      photoURL: null,
      role: 'student',
      badge: 'Gold',
      membership: {
        packageId: pack.id,
        packageName: 'Gold',
        status: 'active',
        currentPeriodEnd: Timestamp.fromMillis(Date.now() + 20 * 86_400_000),
        cancelAtPeriodEnd: false,
        subscriptionId: null,
      },
      createdAt: Timestamp.now(),
    });
    return jwt.body.token;
  };
  const tokens = [];
  while (tokens.length < count) {
    const batch = Math.min(atOnce, count - tokens.length);
    tokens.push(...(await Promise.all(Array.from({ length: batch }, (_, index) => one(tokens.length + index)))));
  }
  return tokens;
}

/** A dinner on a day far ahead with `capacity` places, stored as the API stores one. */
async function serving(db, capacity) {
  const meal = (await db.collection('meals').limit(1).get()).docs[0];
  const date = `2099-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`;
  const ref = db.collection('servings').doc();
  await ref.set({
    mealId: meal.id,
    mealTitle: meal.get('title'),
    mealImage: meal.get('image') ?? '',
    mealPrice: meal.get('price') ?? 0,
    mealCategory: meal.get('category') ?? 'Dinner',
    date,
    slot: 'dinner',
    startsAt: Timestamp.fromDate(new Date(`${date}T18:30:00Z`)),
    endsAt: Timestamp.fromDate(new Date(`${date}T20:30:00Z`)),
    cutoffAt: Timestamp.fromMillis(Date.now() + 3_600_000),
    capacity,
    reserved: 0,
    served: 0,
    version: 1,
    createdAt: Timestamp.now(),
    updatedAt: Timestamp.now(),
  });
  return { mealId: meal.id, servingId: ref.id };
}

/** `count` bare transactions at once, each reading and writing a document of its own. */
async function bareTransactions(db, count) {
  const start = performance.now();
  return Promise.all(
    Array.from({ length: count }, async () => {
      const ref = db.collection('rushFloor').doc();
      await db.runTransaction(async (transaction) => {
        const seen = await transaction.get(ref);
        transaction.set(ref, { count: Number(seen.get('count') ?? 0) + 1 });
      });
      return performance.now() - start;
    }),
  );
}

/**
 * Rows of the rush table, one per size: answers by status, places reserved afterwards,
 * p50/p95/max of the answers and p95 over the bare transaction's p95 at the same concurrency.
 */
export async function rushTable(db, apiOrigin, sizes = [{ members: 60, places: 40 }]) {
  const tokens = await members(db, apiOrigin, Math.max(...sizes.map((size) => size.members)));
  const rows = [];
  for (const size of sizes) {
    const { mealId, servingId } = await serving(db, size.places);
    const floor = await bareTransactions(db, size.members);
    const start = performance.now();
    const answers = await Promise.all(
      tokens.slice(0, size.members).map(async (token) => {
        const answer = await postJson(`${apiOrigin}/api/meal-request`, { mealId, servingId }, token).catch(() => ({
          status: 0,
        }));
        return { status: answer.status, ms: performance.now() - start };
      }),
    );
    const statuses = {};
    for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1;
    const times = answers.map((answer) => answer.ms);
    const reserved = (await db.doc(`servings/${servingId}`).get()).get('reserved');
    rows.push({
      rush: `${size.members} for ${size.places}`,
      answers: Object.entries(statuses)
        .map(([status, count]) => `${count} x ${status}`)
        .join(', '),
      reserved,
      exact: statuses[201] === size.places && statuses[409] === size.members - size.places && reserved === size.places,
      p50: `${Math.round(percentile(times, 50))} ms`,
      p95: `${Math.round(percentile(times, 95))} ms`,
      max: `${Math.round(Math.max(...times))} ms`,
      'bare p95': `${Math.round(percentile(floor, 95))} ms`,
      'p95 / bare': (percentile(times, 95) / Math.max(percentile(floor, 95), 1)).toFixed(1),
      maxMs: Math.max(...times),
    });
  }
  return rows;
}

/** The site's pause before repeating a write after a 5xx (web/src/lib/api-client.ts `repeatDelayMs`). */
const repeatDelayMs = (failureCount, retryAfterSeconds) =>
  Math.min(500 * 2 ** failureCount, retryAfterSeconds ? retryAfterSeconds * 1000 : Infinity, 3000);

/** What a first answer was: its status and, for a 503, whose deadline or refusal it was. */
function kindOf(answer) {
  if (answer.status !== 503) return String(answer.status);
  if (answer.body?.outcome === 'unknown') return '503 (outcome unknown)';
  return answer.retryAfter ? '503 (contention)' : '503';
}

const count = (values) => {
  const counts = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return Object.entries(counts)
    .map(([key, n]) => `${n} x ${key}`)
    .join(', ');
};

/**
 * The rush as members meet it through the site (`npm start`: Hosting, then the Functions
 * emulator, which runs each concurrent request in a worker process of its own): each member
 * reserves once and repeats after a 5xx or a lost connection as the site does (up to three
 * times). Returns the first answers, the final answers and the places reserved afterwards.
 */
export async function rushThroughSite(db, site, size = { members: 60, places: 40 }) {
  const tokens = await members(db, site, size.members, 1);
  const { mealId, servingId } = await serving(db, size.places);
  const post = async (token) => {
    const response = await fetch(`${site}/api/meal-request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ mealId, servingId }),
    }).catch(() => null);
    if (!response) return { status: 0 };
    const text = await response.text();
    let body = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = { text };
    }
    return { status: response.status, body, retryAfter: Number(response.headers.get('retry-after')) || 0 };
  };
  const start = performance.now();
  const runs = await Promise.all(
    tokens.map(async (token) => {
      const first = await post(token);
      const firstMs = performance.now() - start;
      let answer = first;
      for (let failures = 0; failures < 3 && (answer.status === 0 || answer.status >= 500); failures++) {
        await new Promise((resolve) => setTimeout(resolve, repeatDelayMs(failures, answer.retryAfter)));
        answer = await post(token);
      }
      return { first, firstMs, final: answer, ms: performance.now() - start };
    }),
  );
  const servingNow = await db.doc(`servings/${servingId}`).get();
  const held = await db.collection('holds').where('servingId', '==', servingId).count().get();
  const told = (status) => runs.filter((run) => run.final.status === status).length;
  const times = runs.map((run) => run.firstMs);
  return {
    rush: `${size.members} for ${size.places}`,
    'first answers': count(runs.map((run) => kindOf(run.first))),
    'final answers': count(runs.map((run) => kindOf(run.final))),
    reserved: servingNow.get('reserved'),
    'places held': held.data().count,
    exact:
      told(201) + told(208) === size.places &&
      told(409) === size.members - size.places &&
      servingNow.get('reserved') === size.places &&
      held.data().count === size.places,
    'first p50': `${Math.round(percentile(times, 50))} ms`,
    'first p95': `${Math.round(percentile(times, 95))} ms`,
    'all told': `${Math.round(Math.max(...runs.map((run) => run.ms)))} ms`,
  };
}
