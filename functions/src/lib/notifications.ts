import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import { membershipGraceDays, type NotificationKind } from '@hostelhub/contracts';
import { hostelTimeZone } from '../config.js';
import { typed } from './converters/index.js';

/** What a notification says. The site shows title and body as text, never as markup. */
export type Notice = { kind: NotificationKind; title: string; body: string; link: string | null };

/**
 * `users/{uid}/notifications/{id}`. Ids are chosen by what happened (the request, the
 * invoice, the subscription and period), so an event Stripe delivers twice, or a retried
 * transaction, writes the same notification once.
 */
export const notificationRef = (uid: string, id: string) => typed.notifications(typed.users().doc(uid)).doc(id);

/**
 * Writes a notification in the transaction that makes the change it tells about, so the
 * change and its notice are stored together or not at all. For a change that can happen
 * only once (a request served, a payment row created) no read is needed.
 */
export function writeNotification(transaction: Transaction, uid: string, id: string, notice: Notice): void {
  transaction.set(notificationRef(uid, id), { ...notice, createdAt: FieldValue.serverTimestamp(), readAt: null });
}

/**
 * Takes back a notification in the transaction that undoes what it told about (a serve
 * undone within its minute): the member is not left reading of a meal that was not served.
 */
export function deleteNotification(transaction: Transaction, uid: string, id: string): void {
  transaction.delete(notificationRef(uid, id));
}

/** The id of the notice that a request was served: one per request. */
export const requestServedNoticeId = (requestId: string) => `request-served-${requestId}`;

/** The id of the prompt to rate a served reservation: one per request, taken back with an undone serve. */
export const rateServingNoticeId = (requestId: string) => `rate-serving-${requestId}`;

/**
 * Whether a notification with this id is still to be written. Call it before the
 * transaction's writes (Firestore reads come first), for changes an event may report again:
 * writing it twice would mark a read notice unread.
 */
export async function notificationMissing(transaction: Transaction, uid: string, id: string): Promise<boolean> {
  return !(await transaction.get(notificationRef(uid, id))).exists;
}

const day = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: hostelTimeZone() }).format(date);

/** The words of each notification, in one place. */
export const notices = {
  requestServed: (mealTitle: string): Notice => ({
    kind: 'request-served',
    title: 'Your meal is served',
    body: `${mealTitle || 'Your requested meal'} has been delivered. Enjoy!`,
    link: '/dashboard/requested-meal',
  }),
  /** "How was lunch today?": the prompt to rate a serving one was served at. */
  rateServing: (slotLabel: string, mealTitle: string): Notice => ({
    kind: 'rate-serving',
    title: `How was ${slotLabel.toLowerCase()} today?`,
    body: `Rate ${mealTitle || 'your meal'} from 1 to 5 stars; the kitchen reads every rating.`,
    link: '/dashboard/rate-meals',
  }),
  complaintUrgent: (categoryLabel: string, text: string): Notice => ({
    kind: 'complaint-urgent',
    title: `Urgent complaint: ${categoryLabel}`,
    body: text.length > 140 ? `${text.slice(0, 139)}…` : text,
    link: '/dashboard/complaints',
  }),
  complaintUpdated: (title: string, body: string): Notice => ({
    kind: 'complaint-updated',
    title,
    body: body.length > 140 ? `${body.slice(0, 139)}…` : body,
    link: '/dashboard/complaints',
  }),
  madeAdmin: (): Notice => ({
    kind: 'made-admin',
    title: 'You are now an admin',
    body: 'You can manage users and meals and serve requests from your dashboard.',
    link: '/dashboard/admin-profile',
  }),
  madeStaff: (): Notice => ({
    kind: 'made-staff',
    title: 'You are now kitchen staff',
    body: 'You can run the counter, the kitchen view and Serve Meals from your dashboard.',
    link: '/dashboard/kitchen',
  }),
  membershipRenewed: (packageName: string, paidUntil: Date): Notice => ({
    kind: 'membership-renewed',
    title: 'Membership renewed',
    body: `Your ${packageName} membership is paid until ${day(paidUntil)}.`,
    link: '/dashboard/payment-history',
  }),
  membershipRenewalFailed: (packageName: string): Notice => ({
    kind: 'membership-renewal-failed',
    title: 'Your membership could not be renewed',
    body:
      `The payment for your ${packageName} membership did not go through. Its benefits stay ` +
      `for ${membershipGraceDays} days while the payment is tried again.`,
    link: '/dashboard/my-profile',
  }),
  membershipEndsSoon: (packageName: string, endsAt: Date): Notice => ({
    kind: 'membership-ends-soon',
    title: 'Your membership is ending',
    body: `Your ${packageName} membership ends on ${day(endsAt)} and will not renew.`,
    link: '/dashboard/my-profile',
  }),
};
