// The demo runs the email schedules on their timetable (the Functions emulator does not run
// scheduled functions by itself): the built functions are loaded in this process, against
// the same emulators, and each schedule's handler is called when Cloud Scheduler would call
// it. Their work writes `mail` documents only, which the demo's delivery sends to its inbox.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './emulators.mjs';

/** Which schedules run at a minute of the hour (every quarter hour; on the hour). */
const timetable = [
  { name: 'cutoffEmails', runsAt: (minute) => minute % 15 === 0 },
  { name: 'weeklyMenuEmail', runsAt: (minute) => minute === 0 },
  // Daily at 09:00 when deployed; hourly here, which its key makes harmless, so a demo
  // started after nine still sees it.
  { name: 'renewalReminders', runsAt: (minute) => minute === 0 },
];

/**
 * Starts the timetable; `secrets` are the functions' (MAIL_LINK_SECRET signs the links).
 * Runs the quarter-hour schedule once at once, so cutoffs passed while the demo was stopped
 * (within the hour it looks back) get their sheets. Answers a function that stops it.
 */
export async function startDemoSchedules({ secrets, log = console }) {
  const bundle = join(root, 'functions', 'lib', 'index.js');
  if (!existsSync(bundle)) throw new Error('The functions are not built: run npm start without --no-build');
  for (const [name, value] of Object.entries(secrets)) process.env[name] ??= value;
  const functions = await import(pathToFileURL(bundle).href);
  const run = async (name) => {
    try {
      await functions[name].run({ scheduleTime: new Date().toISOString(), jobName: name });
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
