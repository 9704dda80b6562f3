// "Your membership renews in 3 days" (docs/email.md). Memberships are Stripe subscriptions
// renewing on their period end; once a day the schedule emails the members whose renewal
// falls on the hostel's calendar day three days ahead. The key (member and period end) makes
// it one email per renewal however often the day's run is retried.
import { addDays, hostelDate, instantOfHostelTime } from '@hostelhub/contracts';
import { hostelTimeZone } from '../../config.js';
import { emails } from '../../lib/emails.js';
import { typed } from '../../lib/converters/index.js';
import { sendMail } from '../../lib/mail.js';
import { mailRecipientsOf } from '../../lib/mail-recipients.js';
import { toMembership } from '../../lib/profiles.js';
import { currentTime } from '../../lib/clock.js';

/** Days between the reminder and the renewal. */
export const renewalReminderDays = 3;

/** Memberships whose paid period ends within [from, until). */
const membershipsEndingBetween = (from: Date, until: Date) =>
  typed.users().where('membership.currentPeriodEnd', '>=', from).where('membership.currentPeriodEnd', '<', until);

/** The hostel's calendar day three days after `now`'s, as the instants [from, until) it spans. */
export function renewalReminderDay(now: Date): { from: Date; until: Date } {
  const timeZone = hostelTimeZone();
  // Calendar days on the hostel's clock, so a day of 23 or 25 hours (DST) is still one day.
  const day = addDays(hostelDate(now, timeZone), renewalReminderDays);
  return {
    from: instantOfHostelTime(day, '00:00', timeZone),
    until: instantOfHostelTime(addDays(day, 1), '00:00', timeZone),
  };
}

/** Sends the reminders of renewals on the hostel's day three days after `now`'s; answers how many were written. */
export async function sendRenewalReminders(now: Date = currentTime()): Promise<number> {
  const { from, until } = renewalReminderDay(now);
  const ending = await membershipsEndingBetween(from, until).get();
  const renewing = ending.docs.filter((doc) => {
    const membership = toMembership(doc.data().membership);
    // Only a subscription set to go on renews; one set to end had its "ends" email.
    return membership?.status === 'active' && !membership.cancelAtPeriodEnd && membership.subscriptionId !== null;
  });
  let written = 0;
  for (const recipient of await mailRecipientsOf(renewing)) {
    const membership = toMembership(renewing.find((doc) => doc.id === recipient.uid)?.data().membership);
    if (!membership) continue;
    const renewsAt = new Date(membership.currentPeriodEnd);
    if (await sendMail(recipient, emails.membershipRenewsSoon(recipient.uid, membership.packageName, renewsAt), now)) {
      written++;
    }
  }
  return written;
}
