// Types of demo-schedules.mjs for the TypeScript suites (e2e).

/** A schedule of the built functions: what the journeys call. */
export type BuiltSchedule = { run(event: { scheduleTime: string; jobName?: string }): Promise<unknown> };
export type ScheduleName = 'cutoffEmails' | 'weeklyMenuEmail' | 'renewalReminders' | 'complaintDigests';

export declare function loadBuiltFunctions(secrets?: Record<string, string>): Record<ScheduleName, BuiltSchedule>;
export declare function runSchedule(
  functions: Record<ScheduleName, BuiltSchedule>,
  name: ScheduleName,
  at?: Date,
): Promise<unknown>;
export declare function startDemoSchedules(options: {
  secrets: Record<string, string>;
  log?: Pick<Console, 'error'>;
}): Promise<() => void>;
