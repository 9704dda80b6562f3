// The sliding window's arithmetic (lib/rate-limit.ts): what is counted, and how long a refused
// caller is asked to wait. The counters themselves are tested on Firestore in
// test/rate-limits.test.ts.
import { describe, expect, it } from 'vitest';
import { recentCalls, secondsUntilAllowed } from './rate-limit.js';

describe('the sliding window', () => {
  it('sees a burst split across a minute boundary whole', () => {
    // 25 calls at the end of one minute and 15 at the start of the next: 40, not 15.
    expect(recentCalls(25, 15, 0.01)).toBeCloseTo(39.75);
    expect(recentCalls(25, 15, 0.5)).toBeCloseTo(27.5);
    expect(recentCalls(0, 36, 0.9)).toBe(36);
  });

  it('asks a caller over the limit in this minute to wait until enough of it has slid out', () => {
    // 36 calls against a limit of 35, 6 s into the minute: 54 s to its end, then until
    // 36 × (1 - g) + 1 ≤ 35, about 3.3 s into the next one.
    const wait = secondsUntilAllowed(0, 36, 0.1, 35);
    expect(wait).toBe(58);
    const g = (wait * 1000 - 0.9 * 60_000) / 60_000;
    expect(recentCalls(36, 1, g)).toBeLessThanOrEqual(35);
  });

  it('asks a caller held back by the previous minute to wait only until that has faded enough', () => {
    // 40 last minute, 10 now, 12 s in: allowed again once 40 × (1 - f) + 11 ≤ 35, at f = 0.4.
    expect(secondsUntilAllowed(40, 10, 0.2, 35)).toBe(12);
    expect(recentCalls(40, 11, 0.4)).toBeLessThanOrEqual(35);
  });

  it('never asks for less than a second or more than two minutes', () => {
    expect(secondsUntilAllowed(100, 0, 0.999, 35)).toBeGreaterThanOrEqual(1);
    expect(secondsUntilAllowed(0, 10_000, 0, 1)).toBeLessThanOrEqual(120);
  });
});
