import type { Membership } from '@hostelhub/contracts';
import { formatHostelDay, formatMembership } from './format';

const gold: Membership = {
  packageId: 'gold',
  packageName: 'Gold',
  status: 'active',
  currentPeriodEnd: '2026-12-03T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  subscriptionId: 'sub_gold',
};
const now = Date.parse('2026-11-23T12:00:00.000Z');

describe('formatMembership: the one vocabulary of My Profile and Manage Users', () => {
  it('says when a membership renews, or that it ends and will not renew', () => {
    expect(formatMembership({ membership: gold }, now)).toBe('Gold · renews 3 Dec');
    expect(formatMembership({ membership: { ...gold, cancelAtPeriodEnd: true } }, now)).toBe(
      "Gold · ends 3 Dec · won't renew",
    );
    // A one-off month bought before subscriptions does not renew either.
    expect(formatMembership({ membership: { ...gold, subscriptionId: null } }, now)).toBe(
      "Gold · ends 3 Dec · won't renew",
    );
  });

  it('names a failed renewal, an ended membership, and the badge of someone who never paid', () => {
    const lastNight = '2026-11-22T23:00:00.000Z';
    expect(formatMembership({ membership: { ...gold, status: 'past_due', currentPeriodEnd: lastNight } }, now)).toBe(
      'Gold · payment failed · paid until 22 Nov',
    );
    expect(formatMembership({ membership: { ...gold, status: 'canceled', currentPeriodEnd: lastNight } }, now)).toBe(
      'Gold · ended 22 Nov',
    );
    expect(formatMembership({ membership: null, badge: 'Bronze' }, now)).toBe('Bronze');
    expect(formatMembership({ membership: null }, now)).toBe('Bronze');
  });

  it("dates by the hostel's calendar (Europe/London), with the year only when it is not this one", () => {
    // 23:30 UTC on 2 June is 00:30 on 3 June in London (summer time).
    expect(formatHostelDay('2026-06-02T23:30:00.000Z', Date.parse('2026-05-20T12:00:00.000Z'))).toBe('3 Jun');
    expect(formatMembership({ membership: { ...gold, currentPeriodEnd: '2027-01-15T10:00:00.000Z' } }, now)).toBe(
      'Gold · renews 15 Jan 2027',
    );
    expect(formatHostelDay('not a date', now)).toBe('');
  });
});
