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

/** `count` members of a package with a weekly limit, each with the API's token. */
async function members(db, apiOrigin, count) {
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
    const batch = Math.min(10, count - tokens.length);
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
