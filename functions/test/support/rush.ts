// A rush: many members (or staff) calling the API at the same moment, in this process (see
// local-api.ts), timed one by one and set beside a bare single-document transaction.
import { Agent, request } from 'node:http';
import { Timestamp } from 'firebase-admin/firestore';
import { routes, type RouteName } from '@hostelhub/contracts';
import { db, pathOf, signUp, uniqueEmail, type Answered, type CallArgs } from './emulators.js';
import type { LocalApi } from './local-api.js';
import { dayMs } from './users.js';

export type RushMember = { uid: string; email: string; token: string };

/**
 * `count` members of a package of their own with a weekly limit (so the quota is checked as a
 * real member's is): signed up on the Auth emulator, given the API's token by POST /jwt of
 * `api`, their profile written straight to Firestore. Made ten at a time: setup is not the rush.
 */
export async function rushMembers(
  api: LocalApi,
  count: number,
  options: { weeklyRequestLimit?: number; role?: 'student' | 'staff' | 'admin' } = {},
): Promise<RushMember[]> {
  const pack = db.collection('packages').doc();
  await pack.set({
    name: 'Gold',
    price: 10,
    services: ['Testing'],
    weeklyRequestLimit: options.weeklyRequestLimit ?? 5,
    priorityServing: false,
  });
  const one = async (): Promise<RushMember> => {
    const account = await signUp(uniqueEmail('rush'), 'password123', 'Rush Member');
    const jwt = await api.call('jwt', { token: account.idToken, body: { email: account.email } });
    if (jwt.status !== 200) throw new Error(`jwt failed: ${jwt.status} ${JSON.stringify(jwt.body)}`);
    await db.doc(`users/${account.uid}`).set({
      name: 'Rush Member',
      email: account.email,
      photoURL: null,
      role: options.role ?? 'student',
      badge: 'Gold',
      membership: {
        packageId: pack.id,
        packageName: 'Gold',
        status: 'active',
        currentPeriodEnd: Timestamp.fromMillis(Date.now() + 20 * dayMs),
        cancelAtPeriodEnd: false,
        subscriptionId: null,
      },
      createdAt: Timestamp.now(),
    });
    return { uid: account.uid, email: account.email, token: jwt.body.token as string };
  };
  const members: RushMember[] = [];
  while (members.length < count) {
    members.push(...(await Promise.all(Array.from({ length: Math.min(10, count - members.length) }, one))));
  }
  return members;
}

// node:http rather than fetch, whose streams cost this one process (clients and server together)
// more CPU than the API does. A connection per call: a kept-alive one the server has just timed
// out would fail the next call with ECONNRESET.
const connectionPerCall = new Agent({ keepAlive: false });

/** Calls an entry of the table at `base` like support/emulators.ts's call, over node:http. */
export function rushCall<Name extends RouteName>(base: string, name: Name, ...args: CallArgs<Name>): Promise<Answered> {
  const options = (args[0] ?? {}) as { token?: string; body?: unknown; untypedBody?: unknown };
  const body = 'untypedBody' in options ? options.untypedBody : options.body;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const sent = request(
      `${base}${pathOf(name, ...args)}`,
      {
        method: routes[name].method.toUpperCase(),
        agent: connectionPerCall,
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: any = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            // Not JSON: keep the text so the assertion shows what came back.
          }
          resolve({ status: answer.statusCode ?? 0, body });
        });
        answer.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(payload);
  });
}

export type Timed<T> = T & { ms: number };

/** Starts every call at once and times each from the start of the rush to its answer. */
export async function rush<T>(calls: (() => Promise<T>)[]): Promise<Timed<T>[]> {
  const start = performance.now();
  return Promise.all(
    calls.map(async (callNow) => {
      const answer = await callNow();
      return { ...answer, ms: performance.now() - start };
    }),
  );
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

/**
 * The floor a rush is read against: `count` bare transactions at once, each reading and
 * writing a document of its own (no contention), straight through the Admin SDK.
 */
export async function bareTransactions(count: number): Promise<number[]> {
  const refs = Array.from({ length: count }, () => db.collection('rushFloor').doc());
  const timed = await rush(
    refs.map(
      (ref) => () =>
        db.runTransaction(async (transaction) => {
          const seen = await transaction.get(ref);
          transaction.set(ref, { count: Number(seen.get('count') ?? 0) + 1 });
          return {};
        }),
    ),
  );
  return timed.map((answer) => answer.ms);
}

/** Answers by status, e.g. `{ 201: 40, 409: 20 }`. */
export function byStatus(answers: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** One line for the test log: statuses, p50/p95/max, and p95 against the bare transaction's. */
export function rushLine(name: string, answers: Timed<{ status: number }>[], floor: number[]): string {
  const times = answers.map((answer) => answer.ms);
  const p95 = percentile(times, 95);
  const floorP95 = percentile(floor, 95);
  return (
    `${name}: ${JSON.stringify(byStatus(answers))} p50 ${percentile(times, 50).toFixed(0)} ms, ` +
    `p95 ${p95.toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms; bare transaction p95 ` +
    `${floorP95.toFixed(0)} ms (${(p95 / Math.max(floorP95, 1)).toFixed(1)}x)`
  );
}
