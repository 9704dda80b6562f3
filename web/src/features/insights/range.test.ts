// Insights' ranges on every day of 2026 and 2027 and the next leap day, at the hostel's midday
// and at 23:30 (@hostelhub/contracts/calendar-sweep): each preset ends with the hostel's month
// and holds its number of months, each named once, so a month's last evening shows the month
// it is in and the next morning the next one.
import { defaultHostelTimeZone, monthsBetween } from '@hostelhub/contracts';
import { sweptInstants } from '@hostelhub/contracts/calendar-sweep';
import { formatMonthShort } from './format';
import { presetRange, rangeFromSearch, rangePresets } from './range';

const presetLength = { 'this-month': 1, 'last-3': 3, 'last-12': 12 } as const;

describe('the ranges of Insights across two years', () => {
  it('end each preset with the hostel’s month and hold its months, each named once', () => {
    const faults: string[] = [];
    for (const { date, time, now } of sweptInstants(defaultHostelTimeZone)) {
      const at = `${date} ${time}`;
      for (const preset of rangePresets) {
        const range = presetRange(preset, now.getTime());
        const months = monthsBetween(range.from, range.to);
        if (range.to !== date.slice(0, 7)) faults.push(`${at}: ${preset} ends in ${range.to}`);
        if (months.length !== presetLength[preset]) faults.push(`${at}: ${preset} holds ${months.length} months`);
        if (new Set(months.map(formatMonthShort)).size !== months.length)
          faults.push(`${at}: ${preset} names a month twice`);
      }
      const { range, unreadable } = rangeFromSearch(new URLSearchParams(), now.getTime());
      if (unreadable || range.to !== date.slice(0, 7) || range.choice !== 'last-12')
        faults.push(`${at}: the default range`);
      if (faults.length >= 20) break;
    }
    expect(faults).toEqual([]);
  });
});
