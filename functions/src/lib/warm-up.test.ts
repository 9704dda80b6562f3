// The warm-up before an instance's first request (lib/warm-up.ts, ADR 0063), on the emulators.
import { describe, expect, it } from 'vitest';
import { warmUp } from './warm-up.js';

describe('warming an instance up', () => {
  it('ends once Firestore and Auth have answered, a refusal included', async () => {
    const started = Date.now();
    await expect(warmUp(60_000)).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('never holds the first request longer than its limit, nor fails it', async () => {
    const started = Date.now();
    await warmUp(100, () => [new Promise(() => undefined), Promise.reject(new Error('refused'))]);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
