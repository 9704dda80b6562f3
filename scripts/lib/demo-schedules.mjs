// The demo runs the email schedules on their timetable (the Functions emulator does not run
// scheduled functions by itself): the built functions are loaded in this process, against
// the same emulators, and each schedule's handler is called when Cloud Scheduler would call
// it. Their work writes `mail` documents, which the demo's delivery sends to its inbox (and
// the standing reservations job reserves first).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from './emulators.mjs';

/** Which schedules run at a minute of the hour (every quarter hour; on the hour). */
const timetable = [
  { name: 'cutoffEmails', runsAt: (minute) => minute % 15 === 0 },
  { name: 'weeklyMenuEmail', runsAt: (minute) => minute === 0 },
  // Daily at 09:00 when deployed; hourly here, which its key makes harmless, so a demo
  // started after nine still sees it.
  { name: 'renewalReminders', runsAt: (minute) => minute === 0 },
  // Daily at 05:00 when deployed; hourly here too (its markers make a run again reserve and
  // email nothing twice), so a pattern set in the demo is reserved within the hour.
  { name: 'standingReservations', runsAt: (minute) => minute === 0 },
];

/**
 * The built functions (functions/lib/index.js), loaded into this process against the same
 * emulators; `secrets` (MAIL_LINK_SECRET signs the emails' links) are set first, unless the
 * environment has them already.
 */
export function loadBuiltFunctions(secrets = {}) {
  const bundle = join(root, 'functions', 'lib', 'index.js');
  if (!existsSync(bundle)) throw new Error('The functions are not built: run npm start without --no-build');
  for (const [name, value] of Object.entries(secrets)) process.env[name] ??= value;
  // Required, not imported: the bundle is CommonJS, and inside a test runner that hooks the
  // module loader (Playwright's), importing it through the ESM loader fails on its requires.
  return createRequire(import.meta.url)(bundle);
}

/**
 * Runs schedule `name` of `functions` as Cloud Scheduler does, for the instant `at`: the run's
 * "now" is its schedule time (functions/src/index.ts), so a journey at a fixed hostel time runs
 * it at that time.
 */
export function runSchedule(functions, name, at = new Date()) {
  return functions[name].run({ scheduleTime: at.toISOString(), jobName: name });
}

/**
 * Starts the timetable; `secrets` are the functions' (MAIL_LINK_SECRET signs the links).
 * Runs the quarter-hour schedule once at once, so cutoffs passed while the demo was stopped
 * (within the hour it looks back) get their sheets. Answers a function that stops it.
 */
export async function startDemoSchedules({ secrets, log = console }) {
  const functions = loadBuiltFunctions(secrets);
  const run = async (name) => {
    try {
      await runSchedule(functions, name);
    } catch (error) {
      log.error(`The ${name} schedule failed: ${error?.message ?? error}`);
    }
  };
  await run('cutoffEmails');
  // The minute on the hostel's clock, as Cloud Scheduler reads the schedules' time zone.
  const minuteOf = new Intl.DateTimeFormat('en-GB', {
    timeZone: process.env.HOSTEL_TIME_ZONE || 'Europe/London',
    minute: 'numeric',
  });
  let lastMinute = -1;
  const timer = setInterval(() => {
    const minute = Number(minuteOf.format(new Date()));
    if (minute === lastMinute) return;
    lastMinute = minute;
    for (const entry of timetable) if (entry.runsAt(minute)) void run(entry.name);
  }, 10_000);
  return () => clearInterval(timer);
}
