// Emails (docs/email.md): the API and the schedules write one document per email to the
// `mail` collection, in the shape of Firebase's "Trigger Email from Firestore" extension.
// Each email is of one kind, which the member turns on or off on My Profile.
import { choicesBody, choicesOf } from './choices.js';
import { z } from './zod.js';

/** What an email is about; each is one preference and one unsubscribe link. */
export const emailKinds = [
  'reservation',
  'cutoff-reminder',
  'weekly-menu',
  'membership',
  'production-sheet',
  'complaints',
  'leave',
  'standing-summary',
] as const;
export type EmailKind = (typeof emailKinds)[number];

/** Each kind on (true) or off. */
export type EmailPreferences = Record<EmailKind, boolean>;

/**
 * What someone gets before they choose: what they asked for or must act on is on; the
 * reminders and the weekly menu, which nobody asked for, are off until turned on.
 */
export const defaultEmailPreferences: EmailPreferences = {
  reservation: true,
  'cutoff-reminder': false,
  'weekly-menu': false,
  membership: true,
  'production-sheet': true,
  complaints: true,
  leave: true,
  'standing-summary': true,
};

/** The words My Profile and the unsubscribe page use for each kind. */
export const emailKindLabels: Record<EmailKind, { title: string; description: string }> = {
  reservation: {
    title: 'Reservation confirmations',
    description: 'When you reserve or cancel a serving, with a calendar entry attached.',
  },
  'cutoff-reminder': {
    title: 'Reservations close in an hour',
    description: 'For a meal you usually reserve, when you have not reserved it today.',
  },
  'weekly-menu': { title: "Next week's menu", description: 'Once a week, when the menu is out.' },
  membership: {
    title: 'Membership',
    description: 'Renewal in 3 days, a failed payment, the end of your plan, a refund.',
  },
  'production-sheet': {
    title: 'Production sheet (kitchen staff)',
    description: "At each serving's cutoff, the portions to prepare.",
  },
  complaints: { title: 'Complaints and flagged reviews (admins)', description: 'When one needs an admin.' },
  leave: { title: 'Leave', description: 'When an admin approves or declines your leave.' },
  'standing-summary': {
    title: 'Standing reservations summary',
    description: 'Once a week: what your standing reservations reserved, and what they could not.',
  },
};

/** Kinds only kitchen staff and admins receive, and only admins. */
export const staffEmailKinds: readonly EmailKind[] = ['production-sheet'];
export const adminEmailKinds: readonly EmailKind[] = ['complaints'];

/** The stored preferences with the defaults for every kind not chosen yet. */
export const emailPreferencesOf = (stored: unknown): EmailPreferences =>
  choicesOf(emailKinds, defaultEmailPreferences, stored);

/** PATCH /user/email-preferences: any of the kinds, each true or false; the rest stay as they are. */
export const emailPreferencesBody = choicesBody(emailKinds, 'email kind');

/** GET and POST /unsubscribe: the signed token of the email's link. */
export const unsubscribeQuery = z.object({
  token: z.string('token is required').min(1, 'token is required').max(1024, 'token is too long'),
});

/**
 * When next week's menu is emailed: a weekday (1 Monday ... 7 Sunday) and an hour on the
 * hostel's clock. Admins set it (PUT /email-settings).
 */
export type EmailSettings = { weeklyMenu: { weekday: number; hour: number } };
export const defaultEmailSettings: EmailSettings = { weeklyMenu: { weekday: 5, hour: 17 } };

export const emailSettingsBody = z.strictObject({
  weeklyMenu: z.strictObject({
    weekday: z
      .number()
      .int('weekday must be 1 (Monday) to 7 (Sunday)')
      .min(1, 'weekday must be 1 (Monday) to 7 (Sunday)')
      .max(7, 'weekday must be 1 (Monday) to 7 (Sunday)'),
    hour: z.number().int('hour must be 0 to 23').min(0, 'hour must be 0 to 23').max(23, 'hour must be 0 to 23'),
  }),
});

/** The stored settings, the defaults where nothing valid is stored. */
export function emailSettingsOf(stored: unknown): EmailSettings {
  const parsed = emailSettingsBody.safeParse(stored);
  return parsed.success ? parsed.data : defaultEmailSettings;
}
