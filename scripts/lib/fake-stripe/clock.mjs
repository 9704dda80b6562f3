// The fake Stripe's clock, standing in for a Stripe test clock, and the calendar arithmetic
// Stripe bills by (months clamped to their end, billing anchored on a day of the month).
/** The fake's time in seconds: set freely for setting up the past, or only moved forward. */
export class FakeClock {
  seconds;
  constructor(seconds = Math.floor(Date.now() / 1000)) {
    this.seconds = seconds;
  }
  now() {
    return this.seconds;
  }
  set(seconds) {
    this.seconds = seconds;
  }
  /** Moves forward to `seconds` (never back); answers the time now. */
  forwardTo(seconds) {
    this.seconds = Math.max(this.seconds, seconds);
    return this.seconds;
  }
}
/** The same day and time a month on, clamped to the month's end (as Stripe counts months). */
export function monthAfter(seconds) {
  const date = new Date(seconds * 1000);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + 1);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return Math.floor(date.getTime() / 1000);
}
/** The first moment after `seconds` that falls on `day` of a month, at the same time of day. */
export function nextAnchor(seconds, day) {
  const date = new Date(seconds * 1000);
  const candidate = new Date(date.getTime());
  candidate.setUTCDate(day);
  if (candidate.getTime() <= date.getTime()) {
    candidate.setUTCDate(1);
    candidate.setUTCMonth(candidate.getUTCMonth() + 1);
    candidate.setUTCDate(day);
  }
  return Math.floor(candidate.getTime() / 1000);
}
export function monthBefore(seconds) {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() - 1);
  return Math.floor(date.getTime() / 1000);
}
