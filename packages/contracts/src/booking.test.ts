// A leave's days and credit (ADR 74) on the calendar's edges: over a month's turn, a leap day
// and a year's end, by a fixed amount, by a share of the plan's price at each month's own daily
// price, with days that earn nothing and a share by length.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  defaultLeaveRules,
  leaveCreditCents,
  leaveDaysByMonth,
  leaveDaysOf,
  type LeaveRules,
} from './index.js';

const rules = (overrides: Partial<LeaveRules>): LeaveRules => ({ ...defaultLeaveRules, ...overrides });

describe('a leave', () => {
  it('counts its days in each month they fall in, leap days and a year end included', () => {
    expect(leaveDaysOf('2028-02-27', '2028-03-02')).toBe(5);
    expect([...leaveDaysByMonth('2028-02-27', '2028-03-02')]).toEqual([
      ['2028-02', 3],
      ['2028-03', 2],
    ]);
    expect([...leaveDaysByMonth('2026-12-30', '2027-01-02')]).toEqual([
      ['2026-12', 2],
      ['2027-01', 2],
    ]);
    // Every start of 2026 and 2027: a week's leave is seven days in one or two months.
    for (let from = '2026-01-01'; from < '2028-01-01'; from = addDays(from, 1)) {
      const to = addDays(from, 6);
      const months = leaveDaysByMonth(from, to);
      expect([...months.values()].reduce((sum, days) => sum + days, 0)).toBe(7);
      expect(months.size).toBe(from.slice(0, 7) === to.slice(0, 7) ? 1 : 2);
    }
  });

  it('earns nothing without a credit rule, and a fixed amount a day less the uncredited days', () => {
    expect(leaveCreditCents(rules({}), '2031-01-05', '2031-01-11', 2999)).toBe(0);
    expect(leaveCreditCents(rules({ creditPerDayCents: 400 }), '2031-01-05', '2031-01-11', null)).toBe(2800);
    expect(
      leaveCreditCents(rules({ creditPerDayCents: 400, uncreditedDays: 2 }), '2031-01-05', '2031-01-11', null),
    ).toBe(2000);
    expect(
      leaveCreditCents(rules({ creditPerDayCents: 400, uncreditedDays: 9 }), '2031-01-05', '2031-01-11', null),
    ).toBe(0);
  });

  it("earns a share of the plan's daily price at each month's own price, over a leap February", () => {
    const share = rules({ creditSharePercent: 50 });
    // $29.00 a month: half of 2900/29 a day in February 2028, half of 2900/31 in March.
    const expected = Math.round(3 * (1450 / 29) + 2 * (1450 / 31));
    expect(leaveCreditCents(share, '2028-02-27', '2028-03-02', 2900)).toBe(expected);
    // No plan price known: nothing.
    expect(leaveCreditCents(share, '2028-02-27', '2028-03-02', null)).toBe(0);
  });

  it('earns by its length: nothing below the first step, then each step its share', () => {
    const stepped = rules({
      creditPerDayCents: 1000,
      creditByLength: [
        { minDays: 3, percent: 75 },
        { minDays: 5, percent: 90 },
        { minDays: 7, percent: 100 },
      ],
    });
    expect(leaveCreditCents(stepped, '2031-03-01', '2031-03-02', null)).toBe(0);
    expect(leaveCreditCents(stepped, '2031-03-01', '2031-03-03', null)).toBe(2250);
    expect(leaveCreditCents(stepped, '2031-03-01', '2031-03-06', null)).toBe(5400);
    expect(leaveCreditCents(stepped, '2031-03-01', '2031-03-10', null)).toBe(10000);
  });
});
