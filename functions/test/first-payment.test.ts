// What the checkout says is due today and then monthly (firstPaymentFor in
// packages/contracts/src/memberships.ts), checked against sums done by hand.
import { describe, expect, it } from 'vitest';
import { firstPaymentFor, firstRenewal } from '@hostelhub/contracts';

describe('the first payment of a membership', () => {
  it('charges half a month, with VAT, half-way between two 15ths', () => {
    // 30 Nov to 15 Dec is 15 of the 30 days from 15 Nov: $29.99 / 2 = 1499.5 -> 1500 cents, + 75 VAT.
    expect(firstPaymentFor(29.99, new Date('2026-11-30T00:00:00Z'))).toEqual({
      dueTodayInCents: 1575,
      monthlyInCents: 3149,
      renewsAt: '2026-12-15T00:00:00.000Z',
    });
  });

  it('charges a whole month on the 15th itself, and renews a month later', () => {
    expect(firstPaymentFor(19.99, new Date('2026-11-15T09:30:00Z'))).toEqual({
      dueTodayInCents: 2099,
      monthlyInCents: 2099,
      renewsAt: '2026-12-15T09:30:00.000Z',
    });
  });

  it('charges a day of a 31-day month the day before the 15th', () => {
    // 14 Jan to 15 Jan out of 15 Dec to 15 Jan (31 days): 2999 / 31 = 96.7 -> 97 cents, + 5 VAT.
    expect(firstPaymentFor(29.99, new Date('2027-01-14T12:00:00Z')).dueTodayInCents).toBe(102);
    expect(firstRenewal(new Date('2027-01-14T12:00:00Z')).toISOString()).toBe('2027-01-15T12:00:00.000Z');
  });

  it('renews in the next year from a December after the 15th', () => {
    expect(firstRenewal(new Date('2026-12-20T08:00:00Z')).toISOString()).toBe('2027-01-15T08:00:00.000Z');
  });
});
