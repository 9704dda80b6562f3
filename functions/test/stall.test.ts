// A stalled database: the Firestore emulator this run started is paused (SIGSTOP) while a like
// is sent through Hosting and the Functions emulator, as a user would send it. The caller gets
// a JSON 503 within the deadline (ADR 0019); after the emulator resumes, the like the stalled
// call may still commit and the user's retry count once.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { requestDeadlineMs } from '../src/config.js';
import { call, db, urlOf } from './support/emulators.js';
import { mealData, seedTitledMeal } from './support/meals.js';
import { createUserDirect } from './support/users.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The parent of a process, from /proc. */
function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

function ancestorsOf(pid: number): number[] {
  const chain: number[] = [];
  for (let current = parentOf(pid); current > 1; current = parentOf(current)) chain.push(current);
  return chain;
}

/** The socket inodes listening on a TCP port, IPv4 and IPv6. */
function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const local = fields[1];
      // State 0A is LISTEN; the port is the hex after the last colon of the local address.
      if (!local || fields[3] !== '0A') continue;
      if (parseInt(local.slice(local.lastIndexOf(':') + 1), 16) === port) inodes.add(fields[9] ?? '');
    }
  }
  return inodes;
}

/**
 * The process listening on this run's Firestore emulator port, and only if this run started
 * it: it must share an ancestor (the `firebase emulators:exec` of this run) with this test.
 */
function firestoreEmulatorPid(): number {
  const port = Number(process.env.FIRESTORE_EMULATOR_HOST?.split(':').at(-1));
  if (!port) throw new Error('FIRESTORE_EMULATOR_HOST is not set: run through `npm test`');
  const sockets = [...listeningInodes(port)].map((inode) => `socket:[${inode}]`);
  const ownAncestors = new Set(ancestorsOf(process.pid));
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!pid) continue;
    let descriptors: string[];
    try {
      descriptors = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or not ours to read
    }
    const listens = descriptors.some((fd) => {
      try {
        return sockets.includes(readlinkSync(`/proc/${pid}/fd/${fd}`));
      } catch {
        return false;
      }
    });
    if (!listens) continue;
    if (!ancestorsOf(pid).some((ancestor) => ownAncestors.has(ancestor))) {
      throw new Error(`The Firestore emulator on port ${port} (pid ${pid}) was not started by this run`);
    }
    return pid;
  }
  throw new Error(`No process listens on the Firestore emulator port ${port}`);
}

/** Resolves once Firestore answers reads again. */
async function untilFirestoreAnswers() {
  for (let attempt = 0; attempt < 60; attempt++) {
    const answered = await Promise.race([
      db
        .doc('stallProbe/probe')
        .get()
        .then(() => true),
      pause(1000).then(() => false),
    ]).catch(() => false);
    if (answered) return;
  }
  throw new Error('Firestore did not answer within a minute of resuming');
}

describe('a stalled database', () => {
  it('answers a JSON 503 within about 10 s, and a like retried after it resumes counts once', async () => {
    const user = await createUserDirect();
    const meal = await seedTitledMeal();
    // Warm the function so the time measured below is the stall's, not a cold start's.
    expect((await call('meal', { params: { id: meal.id }, token: user.token })).status).toBe(200);
    const like = () => call('like', { token: user.token, body: { mealId: meal.id } });

    const firestore = firestoreEmulatorPid();
    let stalled: { status: number; body: unknown; retryAfter: string | null; ms: number };
    process.kill(firestore, 'SIGSTOP');
    try {
      const started = Date.now();
      const response = await fetch(urlOf('like'), {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ mealId: meal.id }),
        signal: AbortSignal.timeout(30_000),
      });
      stalled = {
        status: response.status,
        body: await response.json().catch(() => null),
        retryAfter: response.headers.get('retry-after'),
        ms: Date.now() - started,
      };
    } finally {
      process.kill(firestore, 'SIGCONT');
    }
    await untilFirestoreAnswers();

    expect(stalled.status).toBe(503);
    expect(stalled.body).toEqual({ message: 'Try again in a moment' });
    expect(Number(stalled.retryAfter)).toBeGreaterThan(0);
    expect(stalled.ms).toBeGreaterThanOrEqual(requestDeadlineMs() - 500);
    expect(stalled.ms).toBeLessThan(10_500);

    // The user retries; the stalled call's transaction may commit too, before or after it.
    const retried = await like();
    expect(retried.status).toBe(200);
    expect(retried.body.likes).toBe(1);
    // Give the stalled call time to finish whatever it still does, then count.
    await pause(3000);
    expect((await mealData(meal.id)).likesCount).toBe(1);
    const likes = await db.collection(`meals/${meal.id}/likes`).get();
    expect(likes.docs.map((doc) => doc.id)).toEqual([user.uid]);
    expect((await like()).body).toMatchObject({ modifiedCount: 0, likes: 1 });
  });
});
