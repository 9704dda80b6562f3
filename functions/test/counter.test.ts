// The counter (ADR 0034): members' meal passes and staff redeeming them once, every forged,
// replayed, expired, guessed or misdirected pass refused with a JSON reason and nothing
// written. The staff role and walk-ins: counter-staff.test.ts.
import { randomBytes } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passLifetimeSeconds, shortCodeAlphabet } from '@hostelhub/contracts';
import { signPass } from '../src/features/reservations/pass-token.js';
import { call, db } from './support/emulators.js';
import { startLocalApi, type LocalApi } from './support/local-api.js';
import { createUserDirect, dayMs } from './support/users.js';
import {
  member,
  minuteMs,
  passFor,
  passKey,
  redeem,
  reservedWithPass,
  servingNow,
  snapshotOf,
  staff,
} from './support/counter.js';
import { reserve } from './support/feedback.js';
describe('meal passes', () => {
  it('signs a pass for the own reservation of a serving open now, with a short code stored for the serving', async () => {
    const { meal, servingId } = await servingNow();
    const diner = await member();
    const requestId = await reserve(diner.token, meal.id, servingId);

    const current = await call('currentPasses', { token: diner.token });
    expect(current.status).toBe(200);
    expect(current.body.items).toEqual([
      expect.objectContaining({
        requestId,
        servingId,
        slot: 'lunch',
        meal: expect.objectContaining({ _id: meal.id, title: meal.title }),
      }),
    ]);

    const before = Date.now();
    const response = await call('createPass', { token: diner.token, body: { requestId } });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      servingId,
      requestId,
      shortCode: expect.any(String),
      token: expect.any(String),
    });
    expect(response.body.shortCode).toMatch(new RegExp(`^[${shortCodeAlphabet}]{6}$`));
    const lifetime = Date.parse(response.body.expiresAt) - before;
    expect(lifetime).toBeGreaterThan((passLifetimeSeconds - 5) * 1000);
    expect(lifetime).toBeLessThanOrEqual((passLifetimeSeconds + 5) * 1000);
    const code = await db.doc(`passCodes/${servingId}_${response.body.shortCode}`).get();
    expect(code.data()).toMatchObject({ uid: diner.uid, requestId, servingId });
  });

  it('refuses a pass for someone else’s request, an unknown one, a serving more than an hour away and a bad body', async () => {
    const later = await servingNow({ startsInMs: 3 * 60 * minuteMs });
    const diner = await member();
    const other = await member();
    const requestId = await reserve(diner.token, later.meal.id, later.servingId);

    expect(await call('createPass', { token: other.token, body: { requestId } })).toEqual({
      status: 403,
      body: { message: 'This meal request is not yours' },
    });
    expect((await call('createPass', { token: diner.token, body: { requestId: 'no-such-request' } })).status).toBe(404);
    const early = await call('createPass', { token: diner.token, body: { requestId } });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/^The meal pass for Lunch on .+ opens at \d\d:\d\d$/);
    for (const body of [
      {},
      { requestId, servingId: later.servingId },
      { requestId: '../x' },
      { requestId, extra: 1 },
    ]) {
      const bad = await call('createPass', { token: diner.token, untypedBody: body });
      expect({ body, status: bad.status, message: typeof bad.body.message }).toEqual({
        body,
        status: 400,
        message: 'string',
      });
    }
    expect((await call('currentPasses', { token: diner.token })).body.items).toEqual([]);
    expect((await call('createPass', { body: { requestId } })).status).toBe(401);
  });

  it('gives walk-in passes to members only', async () => {
    const { servingId } = await servingNow();
    const student = await createUserDirect();
    expect((await call('createPass', { token: student.token, body: { servingId } })).status).toBe(402);
    const diner = await member();
    const pass = await passFor(diner.token, { servingId });
    expect(pass.requestId).toBeNull();
  });
});

describe('redeeming a pass', () => {
  let local: LocalApi;
  beforeAll(async () => {
    local = await startLocalApi();
  });
  afterAll(async () => {
    await local.close();
  });

  it('serves the reservation once: the member, their allergies, the counts, the notice and the kitchen view', async () => {
    const { meal, servingId, date, diner, requestId, pass } = await reservedWithPass({ capacity: 40 });
    const cook = await staff();

    const served = await redeem(cook.token, { token: pass.token, servingId });
    expect(served.status).toBe(201);
    expect(served.body).toEqual({
      member: {
        name: 'Mina Member',
        photoURL: 'https://images.example.test/mina.png',
        photoSetByMember: true,
        badge: 'Gold',
        avoid: ['peanuts', 'milk'],
      },
      meal: { _id: meal.id, title: meal.title },
      servingId,
      servedAt: expect.any(String),
      walkIn: false,
      served: 1,
      reserved: 1,
    });
    const request = await db.doc(`mealRequests/${requestId}`).get();
    expect(request.get('status')).toBe('served');
    expect(request.get('servedBy')).toEqual({ uid: cook.uid, name: 'Kim Kitchen' });
    const notices = await db.collection(`users/${diner.uid}/notifications`).get();
    // Served, and asked how the meal was (the rating prompt of a served reservation).
    expect(notices.docs.map((doc) => doc.get('kind')).sort()).toEqual(['rate-serving', 'request-served']);

    const kitchen = await call('kitchen', { query: { date }, token: cook.token });
    const row = kitchen.body.servings.find((serving: { _id: string }) => serving._id === servingId);
    expect(row).toMatchObject({ reserved: 1, served: 1 });

    // The same pass again, by token and by short code: already served, when and by whom.
    const before = await snapshotOf(requestId, servingId, diner.uid);
    const again = await redeem(cook.token, { token: pass.token, servingId });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      reason: 'already-served',
      servedBy: 'Kim Kitchen',
      servedAt: request.get('servedAt').toDate().toISOString(),
      member: { name: 'Mina Member' },
    });
    expect(again.body.message).toMatch(/^Mina Member was already served at \d\d:\d\d$/);
    const byCode = await redeem(cook.token, { shortCode: pass.shortCode.toLowerCase(), servingId });
    expect(byCode.status).toBe(409);
    expect(byCode.body.reason).toBe('already-served');
    expect(await snapshotOf(requestId, servingId, diner.uid)).toEqual(before);
  });

  it('serves by short code, typed in any case', async () => {
    const { servingId, requestId, pass } = await reservedWithPass();
    const cook = await staff();
    const served = await redeem(cook.token, { shortCode: ` ${pass.shortCode.toLowerCase()} `, servingId });
    expect(served.status).toBe(201);
    expect((await db.doc(`mealRequests/${requestId}`).get()).get('status')).toBe('served');
  });

  it('serves a pass scanned by five counters at once exactly once', async () => {
    const { servingId, diner, requestId, pass } = await reservedWithPass();
    const cook = await staff();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        local.call('redeemPass', { token: cook.token, body: { token: pass.token, servingId } }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body.reason)).toEqual(
      Array(4).fill('already-served'),
    );
    expect((await db.doc(`servings/${servingId}`).get()).get('served')).toBe(1);
    expect((await db.doc(`mealRequests/${requestId}`).get()).get('status')).toBe('served');
    // One serve: its notice and its rating prompt, once each.
    expect((await db.collection(`users/${diner.uid}/notifications`).get()).size).toBe(2);
  });

  it('refuses a student, and tampered, truncated, foreign and made-up passes, writing nothing', async () => {
    const { servingId, diner, requestId, pass } = await reservedWithPass();
    const cook = await staff();
    const before = await snapshotOf(requestId, servingId, diner.uid);

    const student = await redeem(diner.token, { token: pass.token, servingId });
    expect(student.status).toBe(403);

    // A compact token (ADR 0055): a binary payload, then a 16-byte tag. The member's uid is
    // the first field after the version, expiry and nonce (1 + 6 + 8 bytes, then its length).
    const bytes = Buffer.from(pass.token, 'base64url');
    const otherMember = Buffer.from(bytes);
    otherMember[16] = otherMember[16] === 0x41 ? 0x42 : 0x41;
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 1] = flipped[flipped.length - 1]! ^ 0x01;
    const foreign = signPass(
      { uid: diner.uid, servingId, requestId, expiresAt: Date.now() + 60_000 },
      randomBytes(32).toString('hex'),
    ).token;
    const attempts = {
      'another member in the payload': otherMember.toString('base64url'),
      'a changed signature': flipped.toString('base64url'),
      truncated: pass.token.slice(0, -6),
      'signed with another key': foreign,
      'no signature': bytes.subarray(0, -16).toString('base64url'),
      'not a pass': 'x'.repeat(40),
      'an API token': cook.token,
    };
    for (const [what, token] of Object.entries(attempts)) {
      const response = await redeem(cook.token, { token, servingId });
      expect({ what, status: response.status, reason: response.body.reason }).toEqual({
        what,
        status: 400,
        reason: 'invalid',
      });
      expect(typeof response.body.message).toBe('string');
    }
    for (const body of [
      {},
      { token: 'short' },
      { shortCode: 'ABC234' },
      { shortCode: 'O0I1L!', servingId },
      { token: pass.token, extra: true },
    ]) {
      const response = await redeem(cook.token, body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
    }
    expect(await snapshotOf(requestId, servingId, diner.uid)).toEqual(before);
  });

  it('refuses a pass for another serving and a short code of another serving', async () => {
    const { servingId, diner, requestId, pass } = await reservedWithPass();
    const other = await servingNow();
    const cook = await staff();
    const before = await snapshotOf(requestId, servingId, diner.uid);
    const wrong = await redeem(cook.token, { token: pass.token, servingId: other.servingId });
    expect(wrong).toMatchObject({
      status: 409,
      body: { reason: 'wrong-serving', message: 'This pass is for another serving' },
    });
    const code = await redeem(cook.token, { shortCode: pass.shortCode, servingId: other.servingId });
    expect(code).toMatchObject({ status: 400, body: { reason: 'invalid' } });
    expect(await snapshotOf(requestId, servingId, diner.uid)).toEqual(before);
  });

  it('refuses an expired pass, by token and by short code, with 410', async () => {
    const { servingId, diner, requestId, pass } = await reservedWithPass();
    const cook = await staff();
    const before = await snapshotOf(requestId, servingId, diner.uid);
    const expired = signPass({ uid: diner.uid, servingId, requestId, expiresAt: Date.now() - 1000 }, passKey()).token;
    const byToken = await redeem(cook.token, { token: expired, servingId });
    expect(byToken).toMatchObject({ status: 410, body: { reason: 'expired' } });
    await db
      .doc(`passCodes/${servingId}_${pass.shortCode}`)
      .update({ expiresAt: Timestamp.fromMillis(Date.now() - 1000) });
    const byCode = await redeem(cook.token, { shortCode: pass.shortCode, servingId });
    expect(byCode).toMatchObject({ status: 410, body: { reason: 'expired' } });
    expect(await snapshotOf(requestId, servingId, diner.uid)).toEqual(before);
  });

  it('refuses a member whose membership has ended since reserving, with 403', async () => {
    const { servingId, diner, requestId, pass } = await reservedWithPass();
    const cook = await staff();
    await db
      .doc(`users/${diner.uid}`)
      .update({ 'membership.currentPeriodEnd': Timestamp.fromMillis(Date.now() - 5 * dayMs) });
    const before = await snapshotOf(requestId, servingId, diner.uid);
    const refused = await redeem(cook.token, { token: pass.token, servingId });
    expect(refused).toMatchObject({ status: 403, body: { reason: 'membership', member: { name: 'Mina Member' } } });
    expect(await snapshotOf(requestId, servingId, diner.uid)).toEqual(before);
  });

  it('rate-limits wrong short codes per member of staff, then refuses even a right one for a while', async () => {
    const { servingId, pass } = await reservedWithPass();
    const cook = await staff();
    const wrongCodes = Array.from(
      { length: 10 },
      (_, index) => `ZZZZ${shortCodeAlphabet[index]}${shortCodeAlphabet[index]}`,
    );
    const statuses: number[] = [];
    for (const shortCode of wrongCodes.filter((code) => code !== pass.shortCode)) {
      statuses.push((await redeem(cook.token, { shortCode, servingId })).status);
    }
    expect(statuses).toEqual(Array(statuses.length).fill(400));
    const locked = await redeem(cook.token, { shortCode: pass.shortCode, servingId });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/^Too many requests: try again in \d+ seconds$/);
    // Another member of staff is not held up; scanned tokens never are.
    const colleague = await staff();
    expect((await redeem(colleague.token, { shortCode: 'ZZZZ22', servingId })).status).toBe(400);
    expect((await redeem(cook.token, { token: pass.token, servingId })).status).toBe(201);
  });
});
