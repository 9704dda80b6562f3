// The weekly meal-request quota: how a week is counted, and what GET /meal-request/quota answers.
import { instantOfWallClock, wallClockAsUtc } from './hostel-time.js';

/**
 * The hostel's time zone: weeks start on Monday 00:00 there. The API reads
 * HOSTEL_TIME_ZONE (an IANA name) and falls back to this.
 */
export const defaultHostelTimeZone = 'Europe/London';

/** Monday 00:00 in `timeZone` of the week holding `now`: the start of the current quota week. */
export function weekStart(now: Date | number, timeZone: string = defaultHostelTimeZone): Date {
  const wall = wallClockAsUtc(Number(now), timeZone);
  const day = new Date(wall);
  const daysSinceMonday = (day.getUTCDay() + 6) % 7;
  const mondayWall = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - daysSinceMonday);
  return new Date(instantOfWallClock(mondayWall, timeZone));
}

/** The next Monday 00:00 in `timeZone`: when the quota resets. */
export function nextWeekStart(now: Date | number, timeZone: string = defaultHostelTimeZone): Date {
  const start = weekStart(now, timeZone);
  // Eight days on lands inside next week whatever the daylight-saving shift; its start is the reset.
  return weekStart(start.getTime() + 8 * 86_400_000, timeZone);
}

/** GET /meal-request/quota: the caller's requests this week against their package's limit. */
export type RequestQuota = {
  /** Pending and delivered requests made since `weekStart` (cancelled ones give the slot back). */
  used: number;
  /** The package's weekly limit; null: unlimited. 0 without a membership. */
  limit: number | null;
  weekStart: string;
  resetsAt: string;
};

/** The 429 message when a member has used this week's requests. */
export function quotaExceededMessage(limit: number): string {
  return `You have used your ${limit} meal request${limit === 1 ? '' : 's'} this week; they reset on Monday`;
}

/** "2 of 3 requests used this week", or "Unlimited meal requests". */
export function quotaUsageText(quota: Pick<RequestQuota, 'used' | 'limit'>): string {
  if (quota.limit === null) return 'Unlimited meal requests';
  return `${quota.used} of ${quota.limit} request${quota.limit === 1 ? '' : 's'} used this week`;
}

/** The calendar date of `now` in `timeZone`, `YYYY-MM-DD`: the day the cancellation cap counts. */
export function hostelDate(now: Date | number, timeZone: string = defaultHostelTimeZone): string {
  return new Date(wallClockAsUtc(Number(now), timeZone)).toISOString().slice(0, 10);
}

/**
 * How many meal requests a member may cancel in one day (hostel time) and still request
 * again that day. Each request/cancel cycle leaves a record, so without a cap one member
 * could add thousands a day; a real member changes their mind a few times. The API reads
 * MEAL_REQUEST_CANCELS_PER_DAY and falls back to this.
 */
export const defaultCancelsPerDay = 20;

/** The 429 message once a member has cancelled that many requests today. */
export function cancelCapMessage(cancelsPerDay: number): string {
  return `You have cancelled ${cancelsPerDay} meal request${cancelsPerDay === 1 ? '' : 's'} today; you can request meals again tomorrow`;
}
