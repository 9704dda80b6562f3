// A lunch rush (ADR 0047): 60 members reserving the last places of one serving at the same
// moment, and 60 of every other contended write (likes, reviews, serves at the counter,
// walk-ins, cancellations), served in this process as one Cloud Functions instance with
// concurrency serves them, with the API's own request deadline. Every caller gets a true
// answer (never a 5xx), the counts are exact, and each rush is timed against a bare
// single-document transaction of the same run.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reservationOutcomeUnknownMessage } from '@hostelhub/contracts';
import { rateLimitSettings } from '../src/config.js';
import { contendedMessage } from '../src/lib/transactions.js';
import { call, db } from './support/emulators.js';
import { storedServing } from './support/feedback.js';
import { startLocalApi, type LocalApi } from './support/local-api.js';
import { mealData, seedTitledMeal } from './support/meals.js';
import { bodyWithCutoffIn } from './support/menu.js';
import { bareTransactions, byStatus, rush, rushCall, rushLine, rushMembers, type RushMember } from './support/rush.js';

const size = 60;
const minuteMs = 60_000;

// The limits as configured, but for writes: the same members and one cook make every rush of
// this file within a minute, far past a person's own limit (rate-limits.test.ts covers it).
// Each write is still counted, as in production.
const rateLimits = () => ({ ...rateLimitSettings(), writesPerMinute: 10_000 });

let api: LocalApi;
let admin: RushMember;
let cook: RushMember;
let members: RushMember[];
let floor: number[];
beforeAll(async () => {
  api = await startLocalApi({ rateLimits });
  admin = (await rushMembers(api, 1, { role: 'admin' }))[0]!;
  cook = (await rushMembers(api, 1, { role: 'staff' }))[0]!;
  // The same members in every rush of this file: a weekly limit of 20 leaves room for all.
  members = await rushMembers(api, size, { weeklyRequestLimit: 20 });
  floor = await bareTransactions(size);
}, 120_000);
afterAll(() => api?.close());

/** A dinner two days ahead, planned through the API, its reservations open for an hour. */
async function plannedServing(capacity: number | null) {
  const meal = await seedTitledMeal();
  const planned = await api.call('addServing', {
    token: admin.token,
    untypedBody: bodyWithCutoffIn(meal.id, 60 * minuteMs, { capacity }),
  });
  expect(planned.status).toBe(201);
  const servingId = planned.body.insertedId as string;
  const date = String((await db.doc(`servings/${servingId}`).get()).get('date'));
  return { mealId: meal.id, servingId, date };
}

/** A serving open at the counter now (started ten minutes ago), its cutoff still ahead. */
async function servingOpenNow(capacity: number | null) {
  const { meal, servingId, date } = await storedServing({ lastsMs: 90 * minuteMs, capacity });
  return { mealId: meal.id, servingId, date };
}

const reserve = (member: RushMember, mealId: string, servingId: string) =>
  rushCall(api.base, 'requestMeal', { token: member.token, body: { mealId, servingId } });

/** Every member reserves (itself a rush); returns each one's request id. */
async function reserveAll(mealId: string, servingId: string): Promise<string[]> {
  const answers = await Promise.all(members.map((member) => reserve(member, mealId, servingId)));
  expect(byStatus(answers)).toEqual({ 201: size });
  return answers.map((answer) => answer.body.insertedId as string);
}

/** Passes for every member, ten at a time (setup, not the rush). */
async function passesFor(bodies: Record<string, unknown>[]): Promise<string[]> {
  const tokens: string[] = [];
  for (let start = 0; start < members.length; start += 10) {
    const answers = await Promise.all(
      members
        .slice(start, start + 10)
        .map((member, index) => api.call('createPass', { token: member.token, untypedBody: bodies[start + index] })),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(201);
      tokens.push(answer.body.token as string);
    }
  }
  return tokens;
}

const rollupOf = async (date: string) => (await db.doc(`rollups/${date}`).get()).data() ?? {};
const numberAt = (document: Record<string, unknown>, path: string[]) =>
  Number(path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document) ?? 0);

/** Fails on any 5xx, and prints the rush beside the bare transaction. */
function report(name: string, answers: Awaited<ReturnType<typeof rush<{ status: number }>>>) {
  console.log(rushLine(name, answers, floor));
  expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
}

describe('a lunch rush', () => {
  it('gives 40 places to 60 members at once: 40 x 201, 20 x 409, exact counts, each answer within 3 s', async () => {
    const { mealId, servingId, date } = await plannedServing(40);
    const before = await rollupOf(date);

    const answers = await rush(members.map((member) => () => reserve(member, mealId, servingId)));
    report('60 members for 40 places', answers);

    expect(byStatus(answers)).toEqual({ 201: 40, 409: 20 });
    expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(3000);
    expect((await db.doc(`servings/${servingId}`).get()).get('reserved')).toBe(40);
    const records = await db.collection('mealRequests').where('servingId', '==', servingId).get();
    const made = answers.filter((answer) => answer.status === 201).map((answer) => answer.body.insertedId);
    expect(records.docs.map((doc) => doc.id).sort()).toEqual([...made].sort());
    expect(new Set(records.docs.map((doc) => doc.get('userUid'))).size).toBe(40);
    const holds = await db.collection('holds').where('servingId', '==', servingId).get();
    expect(holds.size).toBe(40);
    const after = await rollupOf(date);
    expect(numberAt(after, ['reserved']) - numberAt(before, ['reserved'])).toBe(40);
    expect(numberAt(after, ['slots', 'dinner', 'reserved']) - numberAt(before, ['slots', 'dinner', 'reserved'])).toBe(
      40,
    );
  });

  it('answers a member who sends their reservation 20 times at once with one place, named in every 208', async () => {
    const { mealId, servingId } = await plannedServing(40);
    const [member] = members;
    const answers = await Promise.all(Array.from({ length: 20 }, () => reserve(member!, mealId, servingId)));
    expect(byStatus(answers)).toEqual({ 201: 1, 208: 19 });
    const made = answers.find((answer) => answer.status === 201)!.body.insertedId;
    expect(new Set(answers.filter((answer) => answer.status === 208).map((answer) => answer.body.requestId))).toEqual(
      new Set([made]),
    );
    expect((await db.doc(`servings/${servingId}`).get()).get('reserved')).toBe(1);
  });
});

describe('a reservation whose answer was lost', () => {
  let proxy: Server;
  let proxyBase: string;
  beforeAll(async () => {
    // Passes each request on to the API, and hangs up on the caller as the answer comes back:
    // the reservation is made, and the member never hears so.
    const target = new URL(api.base);
    proxy = createServer((incoming, outgoing) => {
      const forwarded = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          path: incoming.url,
          method: incoming.method,
          headers: incoming.headers,
        },
        (answer) => {
          answer.resume();
          outgoing.socket?.destroy();
        },
      );
      incoming.pipe(forwarded);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyBase = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/api`;
  });
  afterAll(async () => {
    await new Promise((resolve) => proxy?.close(resolve));
  });

  it('is repeated and answered with the reservation it holds', async () => {
    const { mealId, servingId } = await plannedServing(40);
    const member = members[1]!;
    const lost = await call('requestMeal', { base: proxyBase, token: member.token, body: { mealId, servingId } }).then(
      () => 'answered',
      () => 'lost',
    );
    expect(lost).toBe('lost');

    const repeated = await reserve(member, mealId, servingId);
    const records = await db.collection('mealRequests').where('servingId', '==', servingId).get();
    expect(records.docs.map((doc) => doc.get('userUid'))).toEqual([member.uid]);
    expect(repeated).toEqual({
      status: 208,
      body: { message: expect.stringMatching(/^You already have a place at /), requestId: records.docs[0]!.id },
    });
    expect((await db.doc(`servings/${servingId}`).get()).get('reserved')).toBe(1);
  });

  it('says at the deadline that the reservation may have been made and where to look, then repeats truthfully', async () => {
    const { mealId, servingId } = await plannedServing(40);
    const member = members[2]!;
    // Past the deadline while the call is still on its way in (counting the write against the
    // member's limit takes longer than this): the reservation goes on after the answer.
    const hasty = await startLocalApi({ deadlineMs: () => 20, rateLimits });
    try {
      const answer = await hasty.call('requestMeal', { token: member.token, body: { mealId, servingId } });
      expect(answer).toEqual({ status: 503, body: { message: reservationOutcomeUnknownMessage, outcome: 'unknown' } });
    } finally {
      await hasty.close();
    }
    // The work goes on after the answer: the repeat finds the place it made (208), or makes
    // it first (201) and the late one then finds it; one place either way.
    const repeated = await reserve(member, mealId, servingId);
    const records = await db.collection('mealRequests').where('servingId', '==', servingId).get();
    expect(records.size).toBe(1);
    expect([201, 208]).toContain(repeated.status);
    expect(repeated.body.insertedId ?? repeated.body.requestId).toBe(records.docs[0]!.id);
  });
});

describe('every other contended write at 60 at once', () => {
  it('counts 60 likes of one meal exactly', async () => {
    const meal = await seedTitledMeal();
    const answers = await rush(
      members.map((member) => () => rushCall(api.base, 'like', { token: member.token, body: { mealId: meal.id } })),
    );
    report('60 likes of one meal', answers);
    expect(answers.filter((answer) => answer.status === 200 && answer.body.modifiedCount === 1)).toHaveLength(size);
    expect((await db.collection(`meals/${meal.id}/likes`).get()).size).toBe(size);
    expect((await mealData(meal.id)).likesCount).toBe(size);
  });

  it('counts 60 reviews of one meal and averages them exactly', async () => {
    const meal = await seedTitledMeal();
    const ratings = members.map((_, index) => (index % 5) + 1); // 12 of each: total 180, average 3
    const answers = await rush(
      members.map(
        (member, index) => () =>
          rushCall(api.base, 'addReview', {
            query: { mealId: meal.id },
            token: member.token,
            body: { comment: 'Busy lunch', rating: ratings[index]! },
          }),
      ),
    );
    report('60 reviews of one meal', answers);
    expect(byStatus(answers)).toEqual({ 201: size });
    expect((await db.collection(`meals/${meal.id}/reviews`).get()).size).toBe(size);
    expect(await mealData(meal.id)).toMatchObject({ reviewsCount: size, ratingTotal: 180, rating: 3 });
  });

  it('cancels 60 reservations of one serving at once, giving every place back', async () => {
    const { mealId, servingId, date } = await plannedServing(null);
    const requestIds = await reserveAll(mealId, servingId);
    const before = await rollupOf(date);
    const answers = await rush(
      members.map(
        (member, index) => () =>
          rushCall(api.base, 'cancelRequest', { params: { id: requestIds[index]! }, token: member.token }),
      ),
    );
    report('60 cancellations of one serving', answers);
    expect(byStatus(answers)).toEqual({ 200: size });
    expect((await db.doc(`servings/${servingId}`).get()).get('reserved')).toBe(0);
    const records = await db.collection('mealRequests').where('servingId', '==', servingId).get();
    expect(records.docs.map((doc) => doc.get('status'))).toEqual(Array(size).fill('cancelled'));
    expect((await db.collection('holds').where('servingId', '==', servingId).get()).size).toBe(0);
    const after = await rollupOf(date);
    expect(numberAt(after, ['cancelled']) - numberAt(before, ['cancelled'])).toBe(size);
  });

  it('serves 60 reserved members at the counter at once, each once', async () => {
    const { mealId, servingId, date } = await servingOpenNow(null);
    const requestIds = await reserveAll(mealId, servingId);
    const passes = await passesFor(requestIds.map((requestId) => ({ requestId })));
    const before = await rollupOf(date);
    const answers = await rush(
      passes.map((token) => () => rushCall(api.base, 'redeemPass', { token: cook.token, body: { token, servingId } })),
    );
    report('60 serves at the counter', answers);
    expect(byStatus(answers)).toEqual({ 201: size });
    expect((await db.doc(`servings/${servingId}`).get()).data()).toMatchObject({ reserved: size, served: size });
    const records = await db.collection('mealRequests').where('servingId', '==', servingId).get();
    expect(records.docs.map((doc) => doc.get('status'))).toEqual(Array(size).fill('served'));
    const after = await rollupOf(date);
    expect(numberAt(after, ['served']) - numberAt(before, ['served'])).toBe(size);
  });

  it('serves 40 walk-ins of 60 at once at a serving with 40 places, and refuses 20 as full', async () => {
    const { servingId, date } = await servingOpenNow(40);
    const passes = await passesFor(members.map(() => ({ servingId })));
    const before = await rollupOf(date);
    const answers = await rush(
      passes.map(
        (token) => () =>
          rushCall(api.base, 'redeemPass', { token: cook.token, body: { token, servingId, walkIn: true } }),
      ),
    );
    report('60 walk-ins for 40 places', answers);
    expect(byStatus(answers)).toEqual({ 201: 40, 409: 20 });
    expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body.reason)).toEqual(
      Array(20).fill('full'),
    );
    expect((await db.doc(`servings/${servingId}`).get()).data()).toMatchObject({ reserved: 40, served: 40 });
    expect((await db.collection('mealRequests').where('servingId', '==', servingId).get()).size).toBe(40);
    const after = await rollupOf(date);
    expect(numberAt(after, ['served']) - numberAt(before, ['served'])).toBe(40);
  });
});

describe('a lunch rush across instances', () => {
  const instanceCount = 12;
  let instances: LocalApi[] = [];
  beforeAll(async () => {
    // Last in this file, since any instance started after these gets a module graph of its own too.
    // Each instance with a module graph of its own: its own group commit and queues, nothing
    // shared but Firestore, as separate Cloud Functions instances (and the Functions emulator's
    // worker per request) have. A serving's document written by every reservation would make
    // them abort one another; places as documents (ADR 0056) do not.
    for (let index = 0; index < instanceCount; index++) {
      vi.resetModules();
      instances.push(await startLocalApi({ rateLimits }));
    }
  }, 60_000);
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
    instances = [];
  });

  it('gives 40 places to 60 members on 12 instances at once: 40 x 201, 20 x 409, 40 places held, no 5xx', async () => {
    const { mealId, servingId } = await plannedServing(40);
    const answers = await rush(
      members.map(
        (member, index) => () =>
          rushCall(instances[index % instanceCount]!.base, 'requestMeal', {
            token: member.token,
            body: { mealId, servingId },
          }),
      ),
    );
    report(`60 members for 40 places on ${instanceCount} instances`, answers);

    expect(byStatus(answers)).toEqual({ 201: 40, 409: 20 });
    expect((await db.doc(`servings/${servingId}`).get()).get('reserved')).toBe(40);
    const places = await placesOf(servingId);
    const made = answers.filter((answer) => answer.status === 201).map((answer) => answer.body.insertedId);
    expect(places.map((place) => place.get('requestId')).sort()).toEqual([...made].sort());
    expect(new Set(places.map((place) => place.get('index')))).toEqual(
      new Set(Array.from({ length: 40 }, (_, i) => i)),
    );
  });

  // The floor reserving, and an admin's capacity of 30 (on an instance of its own) after the
  // first `before` of them, meeting reservations that read the old capacity and have not committed.
  async function rushWithCapacityChange(mealId: string, servingId: string, before: number) {
    const reserveOn = (index: number) => () =>
      rushCall(instances[index % instanceCount]!.base, 'requestMeal', {
        token: members[index]!.token,
        body: { mealId, servingId },
      });
    const changing = () =>
      rushCall(instances[instanceCount - 1]!.base, 'updateServing', {
        params: { id: servingId },
        token: admin.token,
        body: { capacity: 30 },
      });
    const answers = await rush([
      ...members.slice(0, before).map((_, index) => reserveOn(index)),
      changing,
      ...members.slice(before).map((_, index) => reserveOn(before + index)),
    ]);
    const changed = answers[before]!;
    // Changed while at most 30 were held; refused (409 naming capacity) once more were; or,
    // when the rush across instances kept its transaction from committing for the whole
    // contention budget, told to try again (ADR 0047) with nothing written. In each case the
    // stored capacity is the one every reservation was held to.
    if (changed.status === 503) {
      expect(changed.body).toMatchObject({ message: contendedMessage });
    } else if (changed.status !== 200) {
      expect(changed).toMatchObject({ status: 409, body: { message: expect.stringMatching(/^capacity: /) } });
    }
    return { answers, changed, reservations: answers.filter((_, index) => index !== before) };
  }

  it('never holds more reservations than a capacity an admin lowers from 40 to 30 in the middle of the rush', async () => {
    const { mealId, servingId } = await plannedServing(40);
    const { answers, changed, reservations } = await rushWithCapacityChange(mealId, servingId, size / 2);
    report('60 members for 40 places, lowered to 30 meanwhile', answers);

    const capacity = changed.status === 200 ? 30 : 40;
    expect(byStatus(reservations)).toEqual({ 201: capacity, 409: size - capacity });
    const stored = (await db.doc(`servings/${servingId}`).get()).data()!;
    expect(stored).toMatchObject({ capacity, reserved: capacity });
    const places = await placesOf(servingId);
    const held = places.filter((place) => place.get('requestId') !== null);
    const made = reservations.filter((answer) => answer.status === 201).map((answer) => answer.body.insertedId);
    expect(held.map((place) => place.get('requestId')).sort()).toEqual([...made].sort());
    // Every place is one index of the serving's 40; those no reservation holds are closed.
    expect(places.every((place) => Number(place.get('index')) < 40)).toBe(true);
    expect(places.length - held.length).toBe(changed.status === 200 ? 40 - capacity : 0);
  });

  it('never holds more reservations than a first capacity an admin sets in the middle of the rush', async () => {
    const { mealId, servingId } = await plannedServing(null);
    const { answers, changed, reservations } = await rushWithCapacityChange(mealId, servingId, size / 4);
    report('60 members for no limit, limited to 30 meanwhile', answers);

    const capacity = changed.status === 200 ? 30 : null;
    const made = capacity ?? size;
    expect(byStatus(reservations)).toEqual(capacity === null ? { 201: size } : { 201: made, 409: size - made });
    const stored = (await db.doc(`servings/${servingId}`).get()).data()!;
    expect(stored).toMatchObject({ capacity, reserved: made });
  });
});

/** The serving's place documents (its capacity record is kept apart, ADR 71). */
async function placesOf(servingId: string) {
  return (await db.collection('servingPlaces').where('servingId', '==', servingId).get()).docs;
}
