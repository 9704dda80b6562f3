// Who an email goes to (docs/email.md): a profile and its Firebase Auth account read just
// before the email is written, and whether that person gets an email of a kind.
import type { UserRecord } from 'firebase-admin/auth';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import {
  adminEmailKinds,
  emailPreferencesOf,
  isMember,
  pushKindOfNotice,
  pushPreferencesOf,
  staffEmailKinds,
  type EmailKind,
  type EmailPreferences,
  type NotificationKind,
  type PushPreferences,
  type Role,
} from '@hostelhub/contracts';
import { currentTime } from './clock.js';
import { converters, dataOf, typed } from './converters/index.js';
import { adminAuth } from './firestore.js';
import { toMembership } from './profiles.js';

/** Who an email goes to, as read just before it is written. */
export type MailRecipient = {
  uid: string;
  name: string;
  /** The address Firebase Auth holds for the account. */
  email: string;
  emailVerified: boolean;
  role: Role;
  preferences: EmailPreferences;
  /** What they want pushed to their browsers (ADR 81). */
  push: PushPreferences;
  /** Whether the profile holds a membership that gives rights now. */
  member: boolean;
  /** The halls a member of staff works at (ADR 72); none: every hall. */
  hallIds: string[];
};

/**
 * The recipient for `uid`, or null when there is no profile or no Auth account. The address
 * and whether it is verified come from Firebase Auth at the moment of writing.
 */
export async function mailRecipientOf(uid: string): Promise<MailRecipient | null> {
  const [profile, account] = await Promise.all([
    typed.users().doc(uid).get(),
    adminAuth.getUser(uid).catch((error: { code?: string }) => {
      if (error.code === 'auth/user-not-found') return null;
      throw error;
    }),
  ]);
  return profile.exists && account ? recipientFrom(profile, account) : null;
}

function recipientFrom(profile: DocumentSnapshot, account: UserRecord, now = currentTime()): MailRecipient | null {
  const stored = dataOf(converters.users, profile);
  if (!account.email || !stored) return null;
  const role = stored.role;
  return {
    uid: profile.id,
    name: stored.name ?? '',
    email: account.email,
    emailVerified: account.emailVerified,
    role: role === 'admin' || role === 'staff' ? role : 'student',
    preferences: emailPreferencesOf(stored.emailPreferences),
    push: pushPreferencesOf(stored.pushPreferences),
    member: isMember({ membership: toMembership(stored.membership) }, now),
    hallIds: role === 'staff' ? (stored.hallIds ?? []) : [],
  };
}

/**
 * The recipients among `profiles`, their Auth accounts read a hundred at a time (one call
 * each, not one per person): for the schedules' lists of people.
 */
export async function mailRecipientsOf(profiles: DocumentSnapshot[]): Promise<MailRecipient[]> {
  const recipients: MailRecipient[] = [];
  for (let start = 0; start < profiles.length; start += 100) {
    const batch = profiles.slice(start, start + 100).filter((profile) => profile.exists);
    if (batch.length === 0) continue;
    const { users } = await adminAuth.getUsers(batch.map((profile) => ({ uid: profile.id })));
    const accounts = new Map(users.map((account) => [account.uid, account]));
    for (const profile of batch) {
      const account = accounts.get(profile.id);
      const recipient = account ? recipientFrom(profile, account) : null;
      if (recipient) recipients.push(recipient);
    }
  }
  return recipients;
}

/**
 * The recipient for `uid` for an email that accompanies a member's own action (a reservation):
 * when Firebase Auth cannot be asked just now, the action goes ahead without its email (its
 * bell entry says the same) rather than fail.
 */
export async function mailRecipientIfReachable(uid: string): Promise<MailRecipient | null> {
  try {
    return await mailRecipientOf(uid);
  } catch (error) {
    logger.warn('No email: the recipient could not be read', { uid, error: String(error) });
    return null;
  }
}

/**
 * Whether `recipient` gets an email of `kind`: never at an unverified address, never a kind
 * they turned off, and the kitchen's and the admins' kinds only to those roles.
 */
export function receives(recipient: MailRecipient, kind: EmailKind): boolean {
  if (!recipient.emailVerified || !recipient.preferences[kind]) return false;
  if (staffEmailKinds.includes(kind)) return recipient.role === 'staff' || recipient.role === 'admin';
  if (adminEmailKinds.includes(kind)) return recipient.role === 'admin';
  return true;
}

/**
 * Whether `recipient` wants the bell entry of `kind` pushed (ADR 81): its bell entry is then
 * written even with the email turned off, as the push is sent from it.
 */
export function wantsPushed(recipient: MailRecipient, kind: NotificationKind): boolean {
  const pushKind = pushKindOfNotice[kind];
  return pushKind !== undefined && recipient.push[pushKind];
}

/** Every kitchen staff member and admin (the production sheet's readers), at most 1000. */
export async function staffRecipients(): Promise<MailRecipient[]> {
  const staff = await typed.users().where('role', 'in', ['staff', 'admin']).limit(1000).get();
  return mailRecipientsOf(staff.docs);
}
