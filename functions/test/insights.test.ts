// Insights and the accounts' exports (ADR 0036): the rollups kept by the transactions that
// change the numbers, GET /insights against what this test computes from the raw documents
// of a known history, the rebuild script on a drifted rollup, and the payments export (the
// members export and the live rollups: insights-live.test.ts).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsCsvHeader } from '@hostelhub/contracts';
import { parseCsv } from '../../scripts/lib/csv-rows.mjs';
import { rebuildRollups } from '../src/lib/rollup-rebuild.js';
import { call, db, type TestUser } from './support/emulators.js';
import { seedTitledMeal } from './support/meals.js';
import { createUserDirect } from './support/users.js';
import {
  expectedFromRawDocuments,
  fixtureRange,
  getText,
  hostelZone,
  hyperlinkName,
  removeFixture,
  runId,
  uid,
  writeFixture,
  type FixtureIds,
} from './support/insights.js';
let admin: TestUser;
let student: TestUser;
beforeAll(async () => {
  admin = await createUserDirect({ role: 'admin' });
  student = await createUserDirect({ membership: 'Gold' });
});

describe('who may read insights and exports', () => {
  const calls = [
    ['insights', { from: '2030-03', to: '2030-04' }],
    ['paymentsExport', { from: '2030-03', to: '2030-04' }],
    ['membersExport', {}],
  ] as const;

  it.each(calls)('%s: a visitor gets 401, a student 403, an admin 200', async (name, query) => {
    const visitor = await getText(name, query);
    expect(visitor.status).toBe(401);
    expect(JSON.parse(visitor.text)).toEqual({ message: expect.any(String) });
    const asStudent = await getText(name, query, student.token);
    expect(asStudent.status).toBe(403);
    expect(JSON.parse(asStudent.text)).toEqual({ message: 'Admins only' });
    expect((await getText(name, query, admin.token)).status).toBe(200);
  });

  it.each([
    ['insights', 'from=2030-13&to=2031-01', 'from: must be a month YYYY-MM'],
    ['insights', 'from=2030-05&to=2030-04', 'from: must not be after to'],
    ['insights', 'from=2026-01&to=2028-01', 'from: reaches more than 24 months'],
    ['paymentsExport', 'from=2030-03-32&to=2030-04', 'from: must be YYYY-MM or YYYY-MM-DD'],
  ] as const)('%s?%s answers 400 with the reason', async (name, query, message) => {
    const response = await call(name, { query, token: admin.token });
    expect(response).toEqual({ status: 400, body: { message } });
  });
});

// A known history from February to April 2030, in the hostel's time zone (Europe/London):
// British Summer Time starts at 01:00 UTC on Sunday 31 March 2030, so 23:30 UTC that day is
// already 00:30 on 1 April at the hostel. No other test writes payments, membership changes or
// reservations in these months.

let fixture: FixtureIds | undefined;
// Once every test here has read them, the history's requests and servings leave the shared
// lists later test files read.
afterAll(() => removeFixture(fixture));

describe('GET /insights over a known history crossing a month end and the start of summer time', () => {
  beforeAll(async () => {
    fixture = await writeFixture();
    // The rollups of the history, made by the same increments the live transactions add.
    await rebuildRollups({ from: '2030-02', to: '2030-04', fix: true });
  });

  it('answers every series as the raw documents add up, in the hostel’s time zone', async () => {
    const response = await call('insights', { query: { from: '2030-03', to: '2030-04' }, token: admin.token });
    expect(response.status).toBe(200);
    const insights = response.body;
    const expected = await expectedFromRawDocuments(fixtureRange.from, fixtureRange.to);
    expect({ from: insights.from, to: insights.to, timeZone: insights.timeZone, currency: insights.currency }).toEqual({
      from: '2030-03',
      to: '2030-04',
      timeZone: hostelZone,
      currency: 'usd',
    });
    expect(insights.revenue).toEqual(expected.revenue);
    expect(insights.members).toEqual(expected.members);
    expect(insights.meals).toEqual(expected.meals);
    expect(insights.noShowBySlot).toEqual(expected.noShowBySlot);
    expect(insights.busiestSlots).toEqual(expected.busiestSlots);
    expect(insights.topMeals.byRequests).toEqual(expected.topByRequests);
    expect(insights.bottomMeals.byRequests).toEqual(expected.bottomByRequests);
  });

  it('counts the payment made at 00:30 BST on 1 April in April, and the refund and dispute against their months', async () => {
    const { body } = await call('insights', { query: { from: '2030-03', to: '2030-04' }, token: admin.token });
    const [march, april] = body.revenue;
    // March: 21.00 + 21.00 (refunded) + 31.50, the tax of the refunded one-off row derived from its amount.
    expect(march).toEqual({
      month: '2030-03',
      grossCents: 7350,
      refundedCents: 2100,
      netCents: 5250,
      taxCents: 250,
      payments: 3,
    });
    // April: 31.50 paid at 23:30 UTC on 31 March, and 42.00 disputed.
    expect(april).toEqual({
      month: '2030-04',
      grossCents: 7350,
      refundedCents: 4200,
      netCents: 3150,
      taxCents: 150,
      payments: 2,
    });
    const days = new Map(body.meals.map((day: any) => [day.date, day]));
    expect(days.get('2030-03-31')).toEqual({
      date: '2030-03-31',
      requested: 2,
      reserved: 2,
      served: 1,
      cancelled: 0,
      notCollected: 1,
    });
    expect(days.get('2030-04-01')).toEqual({
      date: '2030-04-01',
      requested: 2,
      reserved: 1,
      served: 2,
      cancelled: 0,
      notCollected: 0,
    });
    expect(body.meals).toHaveLength(61);
    const tiersAtEnd = body.members.map((month: any) => [month.month, month.gained, month.lost]);
    expect(tiersAtEnd).toEqual([
      ['2030-03', 1, 0],
      ['2030-04', 1, 1],
    ]);
  });

  it('ranks meals by likes and rating with bounded ordered reads of the meals’ counters', async () => {
    const meal = await seedTitledMeal({ title: `Insight favourite ${runId}` });
    // Above every meal another test file stored, whichever ran first.
    const mostLiked = await db.collection('meals').orderBy('likesCount', 'desc').limit(1).get();
    const favouriteLikes = Math.max(100_000, Number(mostLiked.docs[0]?.get('likesCount') ?? 0) + 1);
    await db
      .doc(`meals/${meal.id}`)
      .update({ likesCount: favouriteLikes, reviewsCount: 2, ratingTotal: 10, rating: 5 });
    const { body } = await call('insights', { query: { from: '2030-03', to: '2030-04' }, token: admin.token });
    const all = (await db.collection('meals').get()).docs;
    const likes = all.map((doc) => Number(doc.get('likesCount'))).sort((a, b) => b - a);
    expect(body.topMeals.byLikes.map((entry: any) => entry.likes)).toEqual(likes.slice(0, 5));
    expect(body.bottomMeals.byLikes.map((entry: any) => entry.likes)).toEqual([...likes].reverse().slice(0, 5));
    expect(body.topMeals.byLikes[0]).toMatchObject({
      _id: meal.id,
      title: meal.title,
      likes: favouriteLikes,
      rating: 5,
      reviews: 2,
    });
    const ratings = all
      .map((doc) => Number(doc.get('rating')))
      .filter((rating) => rating > 0)
      .sort((a, b) => b - a);
    expect(body.topMeals.byRating.map((entry: any) => entry.rating)).toEqual(ratings.slice(0, 5));
    expect(body.bottomMeals.byRating.map((entry: any) => entry.rating)).toEqual([...ratings].reverse().slice(0, 5));
    await db.doc(`meals/${meal.id}`).delete();
  });
});

describe('scripts/rebuild-rollups.mjs', () => {
  /** Runs the script as an operator would (asynchronously, so this process's idle connections stay answered). */
  const runScript = (...args: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [join(__dirname, '..', '..', 'scripts', 'rebuild-rollups.mjs'), ...args], {
        env: process.env,
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('error', reject);
      child.on('close', (status) => resolve({ status, stdout, stderr }));
    });

  it('finds a drifted rollup, fixes it with --fix, and then finds nothing', async () => {
    const before = await call('insights', { query: { from: '2030-03', to: '2030-04' }, token: admin.token });
    await db.doc('rollups/2030-03').update({ 'revenue.grossCents': 999_999 });
    await db.doc('rollups/2030-03-31').update({ notCollected: 7 });
    const drifted = await call('insights', { query: { from: '2030-03', to: '2030-04' }, token: admin.token });
    expect(drifted.body.revenue[0].grossCents).toBe(999_999);

    const found = await runScript('--from', '2030-02', '--to', '2030-04');
    expect(found.status, found.stderr).toBe(1);
    expect(found.stdout).toContain(
      `rollups/2030-03 revenue.grossCents: stored 999999, rebuilt ${before.body.revenue[0].grossCents}`,
    );
    expect(found.stdout).toContain('rollups/2030-03-31 notCollected: stored 7, rebuilt 1');
    expect(found.stdout).toMatch(/, 2 differences\./);

    const fixed = await runScript('--from', '2030-02', '--to', '2030-04', '--fix');
    expect(fixed.status, fixed.stderr).toBe(0);
    expect(fixed.stdout).toMatch(/2 differences, 2 documents rewritten\./);
    const again = await runScript('--from', '2030-02', '--to', '2030-04');
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/, 0 differences\./);
    expect((await call('insights', { query: { from: '2030-03', to: '2030-04' }, token: admin.token })).body).toEqual(
      before.body,
    );
  });

  it('refuses a month that is not YYYY-MM', async () => {
    const refused = await runScript('--from', 'March');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('--from must be a month YYYY-MM');
  });
});

describe('GET /exports/payments.csv', () => {
  it('answers the range’s payments as an attachment, with formulas neutralised and amounts in dollars', async () => {
    const response = await getText('paymentsExport', { from: '2030-03', to: '2030-04' }, admin.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="payments-2030-03-to-2030-04.csv"');
    const rows = parseCsv(response.text);
    expect(rows[0]).toEqual([...paymentsCsvHeader]);
    const ours = rows.slice(1).filter((row) => row[7]?.startsWith(`in_insights_${runId}_`));
    // [day, name, email's name, total, tax, invoice, status]: every row Gold, in USD.
    const expected = [
      ['2030-03-01', 'Ann Accounts', 'ann', '21.00', '1.00', 'mar-first', 'succeeded'],
      ['2030-03-20', 'Bob Refund', 'bob', '21.00', '1.00', 'mar-refunded', 'refunded'],
      ['2030-03-31', 'Bob Refund', 'bob', '31.50', '1.50', 'mar-last', 'succeeded'],
      // The spreadsheet sees text: a leading apostrophe, the cell quoted for its quotes and comma.
      ['2030-04-01', `'${hyperlinkName}`, 'eve', '31.50', '1.50', 'apr-first-bst', 'succeeded'],
      ['2030-04-15', 'Ann Accounts', 'ann', '42.00', '2.00', 'apr-disputed', 'disputed'],
    ];
    expect(ours).toEqual(
      expected.map(([day, name, who, total, tax, invoice, status]) => [
        day,
        name,
        `${who}-${runId}@insights.test`,
        'Gold',
        total,
        tax,
        'USD',
        `in_insights_${runId}_${invoice}`,
        status,
      ]),
    );
    expect(response.text).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    // The month's succeeded rows add up to the revenue chart's net bar for it.
    const { body } = await call('insights', { query: { from: '2030-03', to: '2030-03' }, token: admin.token });
    const succeeded = rows.slice(1).filter((row) => row[0]!.startsWith('2030-03') && row[8] === 'succeeded');
    expect(Math.round(succeeded.reduce((sum, row) => sum + Number(row[4]) * 100, 0))).toBe(body.revenue[0].netCents);
  });

  it('reads a day range by the hostel’s calendar', async () => {
    const response = await getText('paymentsExport', { from: '2030-04-01', to: '2030-04-01' }, admin.token);
    const ids = parseCsv(response.text)
      .slice(1)
      .map((row) => row[7]);
    expect(ids).toEqual([`in_insights_${runId}_apr-first-bst`]);
  });

  it('pages a long month through to its last row, oldest first', async () => {
    const month = '2032-01';
    const start = Date.parse(`${month}-05T10:00:00Z`);
    for (let first = 0; first < 501; first += 250) {
      const batch = db.batch();
      for (let index = first; index < Math.min(first + 250, 501); index += 1) {
        batch.set(db.doc(`payments/in_page_${runId}_${String(index).padStart(3, '0')}`), {
          uid: uid('ann'),
          email: `ann-${runId}@insights.test`,
          packageName: 'Silver',
          amountInCents: 2100,
          taxInCents: 100,
          currency: 'usd',
          transactionId: `in_page_${runId}_${String(index).padStart(3, '0')}`,
          status: 'succeeded',
          paidAt: Timestamp.fromMillis(start + index * 60_000),
        });
      }
      await batch.commit();
    }
    const response = await getText('paymentsExport', { from: month, to: month }, admin.token);
    const ids = parseCsv(response.text)
      .slice(1)
      .map((row) => row[7])
      .filter((id) => id?.startsWith(`in_page_${runId}_`));
    expect(ids).toHaveLength(501);
    expect(ids).toEqual([...ids].sort());
  });
});
