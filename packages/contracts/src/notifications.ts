// Notifications: `users/{uid}/notifications/{id}`. Only the API writes them (a client may
// only mark its own as read, docs/security.md); the site reads them live from Firestore.

/** What happened to the user. The API writes the title and body; the site shows them as text. */
export const notificationKinds = [
  'request-served',
  'made-admin',
  'made-staff',
  'membership-renewed',
  'membership-renewal-failed',
  'membership-ends-soon',
  // Each email of a member's own has its bell entry (docs/email.md).
  'reservation-confirmed',
  'reservation-cancelled',
  'cutoff-reminder',
  'weekly-menu',
  'membership-renews-soon',
  'membership-refunded',
  'rate-serving',
  'complaint-urgent',
  'complaint-updated',
  'leave-decided',
  'standing-summary',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/**
 * A notification as the site shows it. Stored with `createdAt` and `readAt` as Firestore
 * timestamps (`readAt` null until read); here as ISO strings.
 */
export type UserNotification = {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A site path to open, such as `/dashboard/requested-meal`, or null. */
  link: string | null;
  createdAt: string | null;
  readAt: string | null;
};

/** The fields of a stored notification document, in the order the rules check them. */
export const notificationFields = ['kind', 'title', 'body', 'link', 'createdAt', 'readAt'] as const;

/** How many notifications the bell lists and counts; older ones stay stored. */
export const notificationListLimit = 20;

/**
 * The parameter of an email's link that names the bell entry for the same news, in its
 * fragment (`/menu?from=2026-12-07#notice=<id>`, where no server or cache sees it): the site
 * marks that notification read when the link is opened, as opening the bell does
 * (docs/email.md). Emails sent before carried it in the query, which the site still reads.
 */
export const noticeLinkParam = 'notice';
