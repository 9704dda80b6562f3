// The API's own readings of the hostel's calendar, on every day of 2026 and 2027 and the next
// leap day, at midday and at 23:30 (@hostelhub/contracts/calendar-sweep): a serving's window and
// cutoff, the day a renewal reminder covers, the hour the weekly menu goes and the week it
// announces, and the month Insights counts an instant in. The emails' schedules run these on
// every tick; a month's end, a leap day or a clock change must not move them.
import { describe, expect, it } from 'vitest';
import { addDays, hostelDate, mealSlots, mondayOf, shiftMonth, wallClockAsUtc } from '@hostelhub/contracts';
import { sweptInstants } from '@hostelhub/contracts/calendar-sweep';
import { hostelTimeZone } from '../src/config.js';
import { servingTimes } from '../src/features/menu/planning.js';
import { weekToAnnounce } from '../src/features/menu/weekly-menu-email.js';
import { renewalReminderDay, renewalReminderDays } from '../src/features/payments/renewal-reminders.js';
import { hostelDayOf, monthStart } from '../src/lib/rollups.js';

const timeZone = hostelTimeZone();
const wallTime = (instant: Date) => new Date(wallClockAsUtc(instant.getTime(), timeZone)).toISOString().slice(11, 16);
/** 1 Monday ... 7 Sunday. */
const weekdayOf = (date: string) => ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
const hourMs = 3_600_000;

/** The faults `check` names at each swept instant (at most 20). */
function sweep(check: (date: string, time: string, now: Date) => string[]): string[] {
  const faults: string[] = [];
  for (const { date, time, now } of sweptInstants(timeZone)) {
    faults.push(...check(date, time, now).map((fault) => `${date} ${time}: ${fault}`));
    if (faults.length >= 20) break;
  }
  return faults;
}

describe(`the hostel's calendar in ${timeZone}`, () => {
  it('plans each slot of every day in its window, with its cutoff before it', () => {
    const faults = sweep((date) =>
      mealSlots.flatMap((slot) => {
        const times = servingTimes(date, slot, {});
        const [startsAt, endsAt, cutoffAt] = [times.startsAt, times.endsAt, times.cutoffAt].map((at) => at.toDate());
        const found: string[] = [];
        if (hostelDate(startsAt!, timeZone) !== date || wallTime(startsAt!) !== times.startTime)
          found.push(`${slot} start`);
        if (hostelDate(endsAt!, timeZone) !== date || wallTime(endsAt!) !== times.endTime) found.push(`${slot} end`);
        if (!(cutoffAt! < startsAt!)) found.push(`${slot} cutoff ${cutoffAt!.toISOString()}`);
        return found;
      }),
    );
    expect(faults).toEqual([]);
  });

  it('reminds of the renewals of the whole calendar day three days ahead', () => {
    const faults = sweep((date, _time, now) => {
      const { from, until } = renewalReminderDay(now);
      const day = addDays(date, renewalReminderDays);
      const found: string[] = [];
      if (hostelDate(from, timeZone) !== day || wallTime(from) !== '00:00') found.push(`from ${from.toISOString()}`);
      if (hostelDate(until, timeZone) !== addDays(day, 1) || wallTime(until) !== '00:00')
        found.push(`until ${until.toISOString()}`);
      const length = until.getTime() - from.getTime();
      if (![23, 24, 25].map((hours) => hours * hourMs).includes(length))
        found.push(`a day of ${length / hourMs} hours`);
      return found;
    });
    expect(faults).toEqual([]);
  });

  it('sends the weekly menu in the chosen hour only, announcing the Monday after this week', () => {
    const faults = sweep((date, time, now) => {
      const weekday = weekdayOf(date);
      const hour = Number(time.slice(0, 2));
      const found: string[] = [];
      const due = weekToAnnounce(now, { weekday, hour });
      if (due !== addDays(mondayOf(date), 7)) found.push(`announces ${due}`);
      if (weekToAnnounce(now, { weekday, hour: (hour + 1) % 24 }) !== null) found.push('another hour');
      if (weekToAnnounce(now, { weekday: (weekday % 7) + 1, hour }) !== null) found.push('another day');
      return found;
    });
    expect(faults).toEqual([]);
  });

  it('counts an instant in the hostel month and day it falls on', () => {
    const faults = sweep((date, _time, now) => {
      const month = date.slice(0, 7);
      const found: string[] = [];
      if (hostelDayOf(now) !== date) found.push(`day ${hostelDayOf(now)}`);
      if (!(monthStart(month) <= now && now < monthStart(shiftMonth(month, 1)))) found.push(`outside ${month}`);
      if (hostelDate(monthStart(month), timeZone) !== `${month}-01` || wallTime(monthStart(month)) !== '00:00') {
        found.push(`${month} starts ${monthStart(month).toISOString()}`);
      }
      return found;
    });
    expect(faults).toEqual([]);
  });
});
