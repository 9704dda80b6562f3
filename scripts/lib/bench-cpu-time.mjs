// How the bench's simulation counts a main-thread task (ADR 89). Lighthouse's simulation
// (Lantern) slows each task of the recorded run by the CPU slowdown, taking the task's wall
// time. On a two-core host the page's main thread spends much of a load runnable but not
// running, while the Hosting emulator, Lighthouse itself and Chromium's other threads have
// both cores: a task of 20-50 ms on the wall with 1 ms of work became 120-300 ms on the
// reference phone, and which tasks it struck moved every run's TBT by hundreds of ms. A phone
// has eight cores and no server beside the page.
//
// Here a task counts as the time its thread ran (the trace's thread time), slowed by the
// multiplier, plus the rest of its wall time once, unslowed: waiting is kept, not multiplied.
import { Graph } from 'lighthouse/core/lib/lantern/lantern.js';

const wallTime = Object.getOwnPropertyDescriptor(Graph.CPUNode.prototype, 'duration').get;

/** The CPU slowdown of the audit under way, or null outside one (Lantern's own wall time). */
let slowdown = null;

/** A task's time in µs as the simulation will slow it: see the file's head. */
export function simulatedTaskTime(wall, threadTime, multiplier) {
  if (typeof threadTime !== 'number' || !(multiplier > 1)) return wall;
  const ran = Math.min(Math.max(threadTime, 0), wall);
  return ran + (wall - ran) / multiplier;
}

Object.defineProperty(Graph.CPUNode.prototype, 'duration', {
  configurable: true,
  get() {
    const wall = wallTime.call(this);
    return slowdown === null ? wall : simulatedTaskTime(wall, this.event.tdur, slowdown);
  },
});

/** Runs `audit` (Lighthouse's, on gathered artifacts) with tasks counted as above. */
export async function withTasksAsWorked(multiplier, audit) {
  slowdown = multiplier;
  try {
    return await audit();
  } finally {
    slowdown = null;
  }
}
