// The quota week (packages/contracts/src/quota.ts): Monday 00:00 in the hostel's time zone.
import { describe, expect, it } from 'vitest';
import { nextWeekStart, quotaUsageText, weekStart } from '@hostelhub/contracts';

describe('the quota week', () => {
  it('starts on Monday 00:00 in London, in winter (UTC) and in summer (UTC+1)', () => {
    expect(weekStart(new Date('2026-11-22T23:59:00Z'), 'Europe/London').toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(weekStart(new Date('2026-11-23T00:00:00Z'), 'Europe/London').toISOString()).toBe('2026-11-23T00:00:00.000Z');
    // Monday 00:30 in London is Sunday 23:30 UTC in summer: already the new week.
    expect(weekStart(new Date('2026-06-14T23:30:00Z'), 'Europe/London').toISOString()).toBe('2026-06-14T23:00:00.000Z');
    expect(weekStart(new Date('2026-06-14T22:30:00Z'), 'Europe/London').toISOString()).toBe('2026-06-07T23:00:00.000Z');
  });

  it('resets on the next Monday, across a change of the clocks', () => {
    // London moves to summer time on Sunday 29 March 2026.
    expect(nextWeekStart(new Date('2026-03-25T12:00:00Z'), 'Europe/London').toISOString()).toBe(
      '2026-03-29T23:00:00.000Z',
    );
    expect(nextWeekStart(new Date('2026-11-22T12:00:00Z'), 'Asia/Kolkata').toISOString()).toBe(
      '2026-11-22T18:30:00.000Z',
    );
  });

  it('describes the usage as the student sees it', () => {
    expect(quotaUsageText({ used: 2, limit: 3 })).toBe('2 of 3 requests used this week');
    expect(quotaUsageText({ used: 12, limit: null })).toBe('Unlimited meal requests');
  });
});
