// A resident's rights (issue 55, ADR 75): the file of everything stored about them
// (GET /user/export), and closing their account (DELETE /user). Types and constants only: the
// body schema is in my-data-schemas.ts, so a page that shows these pulls in no zod.
import { hostelDate } from './quota.js';

/** Names the export's shape, so a reader of an old file knows which it holds. */
export const myDataFormat = 'hostelhub-my-data/1';

/**
 * How recent the sign-in behind DELETE /user must be (Firebase's `auth_time`): closing an
 * account is not left to whoever finds a signed-in browser.
 */
export const recentSignInSeconds = 5 * 60;

/** The name a closed account's kept records carry instead of the member's own. */
export const formerMemberName = 'Former member';

/** What replaces a closed account's own words (a complaint, a reply) where a text must stay. */
export const removedText = '[removed when the account was closed]';

/**
 * The export's sections beside the profile, each a collection's documents about the caller
 * (docs/decisions/0075-my-data-and-closing-an-account.md lists what each leaves out and why).
 */
export const myDataSections = [
  'notifications',
  'mealRequests',
  'payments',
  'membershipChanges',
  'reviews',
  'likes',
  'servingRatings',
  'complaints',
  'complaintCounters',
  'leaves',
  'skips',
  'standingReservations',
  'standingRuns',
  'hallSwitches',
  'requestQuotas',
  'mail',
  'pushDevices',
] as const;
export type MyDataSection = (typeof myDataSections)[number];

/** A stored document as the export gives it: its id, and its fields with instants as ISO text. */
export type ExportedRecord = { _id: string; [field: string]: unknown };

/** GET /user/export: every document about the caller, as one JSON file. */
export type MyData = {
  format: typeof myDataFormat;
  /** When the file was made (ISO). */
  exportedAt: string;
  /** The account the file is about. */
  account: { uid: string; email: string };
  /** `users/{uid}` without the server's own keys; null when no profile was ever stored. */
  profile: ExportedRecord | null;
} & { [section in MyDataSection]: ExportedRecord[] };

/** The file's name: the hostel's day it was made. */
export const myDataFileName = (at: Date | number, timeZone?: string) =>
  `hostelhub-my-data-${hostelDate(at, timeZone)}.json`;
