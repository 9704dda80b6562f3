// The bench's count of a main-thread task (scripts/lib/bench-cpu-time.mjs, ADR 89), on
// Lighthouse's own task class: the bench is not part of CI, so the rule is checked here.
import { describe, expect, it } from 'vitest';
import { Graph } from 'lighthouse/core/lib/lantern/lantern.js';
import { simulatedTaskTime, withTasksAsWorked } from './bench-cpu-time.mjs';

/** A recorded main-thread task: `wall` and `thread` in ms (the trace keeps µs). */
const task = (wall, thread) =>
  new Graph.CPUNode({
    tid: 1,
    ts: 5_000_000,
    dur: wall * 1000,
    ...(thread === undefined ? {} : { tdur: thread * 1000 }),
  });

describe('a main-thread task in the bench’s simulation', () => {
  it('counts the time its thread ran, slowed, and its waiting once', async () => {
    // 40 ms on the wall, 4 ms of it running: 4 ms + 36 ms / 6, so 60 ms on a phone 6x slower.
    expect(await withTasksAsWorked(6, () => task(40, 4).duration)).toBe(10_000);
  });

  it('leaves a task that ran all along as it was', async () => {
    expect(await withTasksAsWorked(6, () => task(30, 30).duration)).toBe(30_000);
  });

  it('is Lighthouse’s own wall time outside the bench’s audit, or where the trace has no thread time', async () => {
    expect(task(40, 4).duration).toBe(40_000);
    expect(await withTasksAsWorked(6, () => task(40).duration)).toBe(40_000);
  });

  it('is Lighthouse’s own again after an audit that failed', async () => {
    await expect(
      withTasksAsWorked(6, () => {
        throw new Error('no trace');
      }),
    ).rejects.toThrow('no trace');
    expect(task(40, 4).duration).toBe(40_000);
  });

  it('never counts more than the wall time, nor less than nothing running', () => {
    expect(simulatedTaskTime(10_000, 12_000, 6)).toBe(10_000);
    expect(simulatedTaskTime(12_000, -5, 6)).toBe(2_000);
    expect(simulatedTaskTime(12_000, 0, 1)).toBe(12_000);
  });
});
