// The deadline on every request (lib/deadline.ts, ADR 0019), on a stand-in route that is slow
// on purpose: the caller gets its 503 at the deadline, and the handler's late answer or error
// goes nowhere. stall.test.ts checks the same against a paused Firestore.
import { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noRateLimits } from '../src/config.js';
import { startLocalApi, type LocalApi } from './support/local-api.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(done: () => boolean) {
  for (let waited = 0; !done() && waited < 5000; waited += 100) await pause(100);
}
const handlerFinished: string[] = [];

const slowRouter = Router();
slowRouter.get('/slow', async (_req, res) => {
  await pause(1200);
  handlerFinished.push('answer');
  res.status(200).set('X-Late', 'yes').json({ late: true });
});
slowRouter.post('/slow-failure', async () => {
  await pause(1200);
  handlerFinished.push('failure');
  throw new Error('failed after the deadline');
});
slowRouter.get('/quick', (_req, res) => {
  res.json({ ok: true });
});

let api: LocalApi;
beforeAll(async () => {
  // No rate limits here: only the stand-in route's own time counts.
  api = await startLocalApi({ deadlineMs: () => 400, rateLimits: () => noRateLimits }, [slowRouter]);
});
afterAll(async () => {
  await api?.close();
});

async function timed(method: string, path: string) {
  const started = Date.now();
  const response = await fetch(`${api.base}${path}`, { method });
  return {
    status: response.status,
    body: await response.json(),
    retryAfter: response.headers.get('retry-after'),
    late: response.headers.get('x-late'),
    ms: Date.now() - started,
  };
}

describe('the request deadline', () => {
  it('answers a JSON 503 with Retry-After at the deadline, and the late answer is dropped', async () => {
    const answer = await timed('GET', '/slow');
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ message: 'Try again in a moment' });
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    expect(answer.late).toBeNull();
    expect(answer.ms).toBeLessThan(1100);

    await until(() => handlerFinished.includes('answer'));
    expect(handlerFinished).toContain('answer');
    // The app is still whole: the next request is answered normally.
    expect((await timed('GET', '/quick')).body).toEqual({ ok: true });
  });

  it('keeps a failure after the deadline from reaching the caller', async () => {
    const answer = await timed('POST', '/slow-failure');
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ message: 'Try again in a moment' });
    await until(() => handlerFinished.includes('failure'));
    expect(handlerFinished).toContain('failure');
    expect((await timed('GET', '/quick')).status).toBe(200);
  });
});
