// The contracts' calendar on every day of 2026 and 2027 and the next leap day, at the hostel's
// midday and at 23:30, in zones east and west of UTC, north and south, and on a half hour: the
// day, the quota week, the month, the meal slots' windows and cutoffs, the pass window and the
// first payment hold on month ends, leap days and clock changes alike (calendar-sweep.ts).
import { describe, expect, it } from 'vitest';
import { sweptInstants, sweptZones } from './calendar-sweep.js';
import {
  addDays,
  daysBetween,
  firstPaymentFor,
  firstRenewal,
  hostelDate,
  instantOfHostelTime,
  isCalendarDate,
  mealSlots,
  menuMaxDays,
  mondayOf,
  nextWeekStart,
  oneMonthAfter,
  passOpensMinutesBefore,
  renewalDayOfMonth,
  shiftMonth,
  slotDefaults,
  wallClockAsUtc,
  weekStart,
} from './index.js';

const dayMs = 86_400_000;
/** `HH:MM` on `timeZone`'s wall clock at `instant`. */
const wallTime = (instant: Date | number, timeZone: string) =>
  new Date(wallClockAsUtc(Number(instant), timeZone)).toISOString().slice(11, 16);

/** Runs `check` at every swept instant of `timeZone` and answers the faults it names (at most 20). */
function sweep(timeZone: string, check: (date: string, now: Date) => string[]): string[] {
  const faults: string[] = [];
  for (const { date, time, now } of sweptInstants(timeZone)) {
    faults.push(...check(date, now).map((fault) => `${date} ${time}: ${fault}`));
    if (faults.length >= 20) break;
  }
  return faults;
}

describe.each(sweptZones)('the calendar in %s', (timeZone) => {
  it('names the day, its month and the days around it', () => {
    const faults = sweep(timeZone, (date, now) => {
      const found: string[] = [];
      if (hostelDate(now, timeZone) !== date) found.push(`today is ${hostelDate(now, timeZone)}`);
      if (!isCalendarDate(date)) found.push('not a calendar date');
      const month = date.slice(0, 7);
      const next = shiftMonth(month, 1);
      const lastOfMonth = addDays(`${next}-01`, -1);
      if (lastOfMonth.slice(0, 7) !== month || lastOfMonth < date) found.push(`month ends on ${lastOfMonth}`);
      if (shiftMonth(next, -1) !== month || shiftMonth(month, -12).slice(5) !== month.slice(5)) found.push('months');
      if (daysBetween(date, addDays(date, 40)) !== 40 || daysBetween(addDays(date, -1), date) !== 1) found.push('days');
      // The menu's longest view: that many calendar days, each once, in order.
      const menu = Array.from({ length: menuMaxDays }, (_, index) => addDays(date, index));
      if (!menu.every((day, index) => isCalendarDate(day) && daysBetween(date, day) === index)) found.push('menu days');
      return found;
    });
    expect(faults).toEqual([]);
  });

  it('starts the quota week on Monday 00:00 and the next one seven calendar days on', () => {
    const faults = sweep(timeZone, (date, now) => {
      const found: string[] = [];
      const start = weekStart(now, timeZone);
      const next = nextWeekStart(now, timeZone);
      const monday = mondayOf(date);
      if (daysBetween(monday, date) < 0 || daysBetween(monday, date) > 6) found.push(`Monday ${monday}`);
      if (hostelDate(start, timeZone) !== monday || wallTime(start, timeZone) !== '00:00')
        found.push(`week starts ${start.toISOString()}`);
      if (hostelDate(next, timeZone) !== addDays(monday, 7) || wallTime(next, timeZone) !== '00:00')
        found.push(`next week ${next.toISOString()}`);
      if (!(start <= now && now < next)) found.push('now outside its week');
      // A week holding a clock change is an hour shorter or longer, never more.
      if (Math.abs(next.getTime() - start.getTime() - 7 * dayMs) > 3_600_000) found.push('week length');
      return found;
    });
    expect(faults).toEqual([]);
  });

  it('opens each slot, its pass and its cutoff at their wall-clock times on their own days', () => {
    const faults = sweep(timeZone, (date) => {
      const found: string[] = [];
      for (const slot of mealSlots) {
        const { startTime, endTime, cutoffTime, cutoffDaysBefore } = slotDefaults[slot];
        const startsAt = instantOfHostelTime(date, startTime, timeZone);
        const endsAt = instantOfHostelTime(date, endTime, timeZone);
        const cutoffAt = instantOfHostelTime(addDays(date, -cutoffDaysBefore), cutoffTime, timeZone);
        const passOpens = new Date(startsAt.getTime() - passOpensMinutesBefore * 60_000);
        if (hostelDate(startsAt, timeZone) !== date || wallTime(startsAt, timeZone) !== startTime)
          found.push(`${slot} starts`);
        if (hostelDate(endsAt, timeZone) !== date || wallTime(endsAt, timeZone) !== endTime) found.push(`${slot} ends`);
        if (
          wallTime(cutoffAt, timeZone) !== cutoffTime ||
          hostelDate(cutoffAt, timeZone) !== addDays(date, -cutoffDaysBefore)
        ) {
          found.push(`${slot} cutoff ${cutoffAt.toISOString()}`);
        }
        if (!(cutoffAt < startsAt && startsAt < endsAt)) found.push(`${slot} order`);
        if (hostelDate(passOpens, timeZone) !== date) found.push(`${slot} pass opens on another day`);
      }
      return found;
    });
    expect(faults).toEqual([]);
  });

  it('renews a month on, on the renewal day, and charges a share of one month at most', () => {
    const faults = sweep(timeZone, (_date, now) => {
      const found: string[] = [];
      const monthLater = oneMonthAfter(now);
      const days = (monthLater.getTime() - now.getTime()) / dayMs;
      if (days < 28 || days > 31 || monthLater.getUTCDate() > now.getUTCDate())
        found.push(`a month on is ${monthLater.toISOString()}`);
      const renewal = firstRenewal(now);
      if (
        !(renewal > now) ||
        renewal.getTime() - now.getTime() > 31 * dayMs ||
        renewal.getUTCDate() !== renewalDayOfMonth
      ) {
        found.push(`first renewal ${renewal.toISOString()}`);
      }
      const payment = firstPaymentFor(40, now);
      if (payment.renewsAt !== renewal.toISOString()) found.push('renews at');
      if (!(payment.dueTodayInCents > 0 && payment.dueTodayInCents <= payment.monthlyInCents)) {
        found.push(`due today ${payment.dueTodayInCents} of ${payment.monthlyInCents}`);
      }
      return found;
    });
    expect(faults).toEqual([]);
  });
});
