// Push reminders (ADR 81): a member chooses push, as well as email, for the news worth a buzz,
// on each browser or installed app they turn it on in. Firebase Cloud Messaging delivers them;
// a device is the FCM registration token of one browser, stored under the member.
import type { NotificationKind } from './notifications.js';
import { choicesBody, choicesOf } from './choices.js';
import { z } from './zod.js';

/** What a push is about; each is one preference. */
export const pushKinds = ['reservation', 'cutoff-reminder', 'leave', 'complaint-answer'] as const;
export type PushKind = (typeof pushKinds)[number];

/** Each kind on (true) or off. */
export type PushPreferences = Record<PushKind, boolean>;

/** Off until the member turns a kind on: a buzz nobody asked for is the quickest way to be blocked. */
export const defaultPushPreferences: PushPreferences = {
  reservation: false,
  'cutoff-reminder': false,
  leave: false,
  'complaint-answer': false,
};

/** The words My Profile uses for each kind. */
export const pushKindLabels: Record<PushKind, { title: string; description: string }> = {
  reservation: { title: 'Reservation confirmed', description: 'When a place is reserved for you.' },
  'cutoff-reminder': {
    title: 'Reservations close in an hour',
    description: 'For a meal you usually reserve, when you have not reserved it today.',
  },
  leave: { title: 'Leave decided', description: 'When an admin approves or declines your leave.' },
  'complaint-answer': { title: 'Complaint answered', description: 'When the kitchen replies to your complaint.' },
};

/** The bell entry each kind is pushed with: a push is the same news as the bell's. */
export const pushKindOfNotice: Partial<Record<NotificationKind, PushKind>> = {
  'reservation-confirmed': 'reservation',
  'cutoff-reminder': 'cutoff-reminder',
  'leave-decided': 'leave',
  'complaint-updated': 'complaint-answer',
};

/** The stored preferences with the defaults for every kind not chosen yet. */
export const pushPreferencesOf = (stored: unknown): PushPreferences =>
  choicesOf(pushKinds, defaultPushPreferences, stored);

/** PATCH /user/push-preferences: any of the kinds, each true or false; the rest stay as they are. */
export const pushPreferencesBody = choicesBody(pushKinds, 'push kind');

/**
 * How many browsers a member may receive push on. Registering one more forgets the one heard
 * from longest ago: a stranger's account cannot grow the sends of one notice without bound.
 */
export const maxPushDevices = 5;

/** POST /user/push-devices: the browser's FCM registration token and what the member calls it. */
export const pushDeviceBody = z.strictObject({
  token: z
    .string('token must be an FCM registration token')
    .min(32, 'token must be an FCM registration token')
    .max(4096, 'token is too long')
    .regex(/^[A-Za-z0-9_:-]+$/, 'token must be an FCM registration token'),
  label: z
    .string('label must be text')
    .trim()
    .min(1, 'label: name this device')
    .max(80, 'label must be at most 80 characters'),
});

/** A device's id: the first 32 hex digits of its token's SHA-256 (the token itself is never answered). */
export const pushDeviceParams = z.object({
  deviceId: z.string().regex(/^[0-9a-f]{32}$/, 'deviceId must be 32 hexadecimal digits'),
});

/** A browser the member receives push on, as My Profile lists it. */
export type PushDevice = { id: string; label: string; createdAt: string | null; lastSeenAt: string | null };

/** GET /user/push: the member's choices and their devices, most recently seen first. */
export type PushSettings = { preferences: PushPreferences; devices: PushDevice[] };

/**
 * The data of every push message (FCM `webpush.data`: strings only). The service worker shows
 * it as a notification tagged with the notice id, so a message delivered twice shows once.
 */
export type PushMessageData = { noticeId: string; title: string; body: string; link: string };
