// Emails (docs/email.md, ADR 0049): one document per email in `mail`, in the shape of
// Firebase's "Trigger Email from Firestore" extension (`to`, `message` with subject, text,
// html, attachments and headers), which a deployed hostel installs with its SMTP provider;
// the extension (or the demo's local delivery) sends it and fills in `delivery`.
//
// Each email has a key that names it (kind, what it is about, the occasion) and, with its
// recipient, its document id. Documents are made with create(), so a retried schedule, a
// repeated webhook or a retried transaction writes an email once.
import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { emailKindLabels, noticeLinkParam, type EmailKind } from '@hostelhub/contracts';
import { hostelName, siteUrl } from '../config.js';
import { typed, type MailDocument } from './converters/index.js';
import { signUnsubscribe, unsubscribeLinkLifetimeMs, usableMailLinkKey } from './mail-links.js';
import { notificationRef, type Notice } from './notifications.js';
import { currentTime } from './clock.js';
import { mailRecipientsOf, receives, wantsPushed, type MailRecipient } from './mail-recipients.js';

const alreadyExistsCode = 6; // gRPC ALREADY_EXISTS, what create() fails with

export type MailAttachment = { filename: string; content: string; contentType: string };

/** What an email says; the hostel's name, the greeting and the unsubscribe line are added. */
export type Email = {
  kind: EmailKind;
  /** Names this email among all others (with the recipient): e.g. `reservation-confirmed-<request id>`. */
  key: string;
  subject: string;
  /** Plain sentences, one paragraph each; shown as text in the HTML version too. */
  paragraphs: string[];
  /** The one thing to do next: a site path and what the link says. */
  action: { label: string; path: string };
  attachments?: MailAttachment[];
  /**
   * The member's bell entry for the same news (an email of their own has one): written with
   * the email under the same id, or, given as `noticeId`, one written already.
   */
  notice?: Notice;
  noticeId?: string;
};

/** The document id of an email: its key and its recipient (ids may not hold `/`). */
export const mailId = (key: string, uid: string) => `${key}_${uid}`.replace(/\//g, '-');
const mailRef = (id: string) => typed.mail().doc(id);

/**
 * The signed one-click unsubscribe address for `kind`; null while MAIL_LINK_SECRET is weak
 * (lib/mail-links.ts): the email still goes, pointing at My Profile instead, so a reservation
 * or a schedule never fails for want of a link.
 */
export function unsubscribeUrl(uid: string, kind: EmailKind, now: Date): string | null {
  const key = usableMailLinkKey();
  if (!key) return null;
  const token = signUnsubscribe({ uid, kind, expiresAt: now.getTime() + unsubscribeLinkLifetimeMs }, key);
  return `${siteUrl()}/api/unsubscribe?token=${encodeURIComponent(token)}`;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The address of an email's one link. With a bell entry for the same news, it names that
 * entry in the fragment (`#notice=<id>`): the site marks it read on arrival, as opening the
 * bell does, so the email and the bell agree on what was seen. Not in the query: a fragment
 * never reaches the server, so a server-rendered page (`/menu?from=...`) is asked for at its
 * canonical address, which the `pages` function renders rather than redirects without the
 * parameters it does not read, and a browser keeps the fragment across any redirect.
 */
export function actionUrlOf(path: string, noticeId: string | null): string {
  const link = `${siteUrl()}${path}`;
  if (!noticeId) return link;
  // No action path carries a fragment of its own (lib/emails.ts): this one is the only one.
  return `${link}#${noticeLinkParam}=${encodeURIComponent(noticeId)}`;
}

/** The message of an email as the extension sends it: text, simple HTML, headers. */
export function renderMessage(recipient: MailRecipient, email: Email, now: Date, noticeId: string | null = null) {
  const hostel = hostelName();
  const actionUrl = actionUrlOf(email.action.path, noticeId);
  const unsubscribe = unsubscribeUrl(recipient.uid, email.kind, now);
  const turnOff = unsubscribe ?? `${siteUrl()}/dashboard/my-profile`;
  const greeting = `Hello ${recipient.name || 'there'},`;
  const footer = `You get this email because "${emailKindLabels[email.kind].title}" is on for your ${hostel} account.`;
  const text = [
    greeting,
    ...email.paragraphs,
    `${email.action.label}: ${actionUrl}`,
    `— ${hostel}`,
    `${footer} Turn it off: ${turnOff}`,
  ].join('\n\n');
  const paragraph = (value: string) => `<p style="margin:0 0 16px">${escapeHtml(value)}</p>`;
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1c1917;line-height:1.5;max-width:560px;margin:0 auto;padding:16px">',
    `<p style="margin:0 0 16px;font-weight:bold;color:#c2410c">${escapeHtml(hostel)}</p>`,
    paragraph(greeting),
    ...email.paragraphs.map(paragraph),
    `<p style="margin:24px 0"><a href="${escapeHtml(actionUrl)}" style="background:#c2410c;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(email.action.label)}</a></p>`,
    `<p style="margin:24px 0 0;font-size:12px;color:#57534e">${escapeHtml(footer)} <a href="${escapeHtml(turnOff)}" style="color:#57534e">Unsubscribe</a></p>`,
    '</body></html>',
  ].join('');
  return {
    subject: email.subject,
    text,
    html,
    ...(email.attachments?.length ? { attachments: email.attachments } : {}),
    // RFC 2369 and RFC 8058: mail clients offer their own one-click unsubscribe button (not
    // without a signed link: a one-click POST to My Profile would do nothing).
    headers: unsubscribe
      ? { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
      : {},
  };
}

/**
 * An email ready to write, with its bell entry, or null when its recipient gets neither.
 * `data` is null when only the bell entry is written: the email is off but its push is on
 * (ADR 81), and the push is sent from the bell entry.
 */
export type PreparedMail = { id: string; uid: string; data: MailDocument | null; notice: Notice | null } | null;

export function prepareMail(recipient: MailRecipient | null, email: Email, now: Date = currentTime()): PreparedMail {
  if (!recipient) return null;
  const byEmail = receives(recipient, email.kind);
  const pushed = email.notice !== undefined && wantsPushed(recipient, email.notice.kind);
  if (!byEmail && !pushed) return null;
  const id = mailId(email.key, recipient.uid);
  const noticeId = email.notice ? id : (email.noticeId ?? null);
  return {
    id,
    uid: recipient.uid,
    notice: email.notice ?? null,
    data: byEmail
      ? {
          to: recipient.email,
          message: renderMessage(recipient, email, now, noticeId),
          // Ours, beside the extension's fields (it ignores them): what the email is and whose.
          kind: email.kind,
          key: email.key,
          uid: recipient.uid,
          noticeId,
          createdAt: Timestamp.fromDate(now),
        }
      : null,
  };
}

/**
 * Writes a prepared email (and its bell entry) in the transaction that makes the change it
 * tells about, for a change that happens once (a new reservation, its cancellation): create()
 * fails the transaction rather than write an email twice.
 */
export function writeMailIn(transaction: Transaction, prepared: PreparedMail): void {
  if (!prepared) return;
  if (prepared.data) transaction.create(mailRef(prepared.id), prepared.data);
  if (prepared.notice) {
    transaction.create(notificationRef(prepared.uid, prepared.id), {
      ...prepared.notice,
      createdAt: FieldValue.serverTimestamp(),
      readAt: null,
    });
  }
}

const createOnce = async (write: () => Promise<unknown>): Promise<boolean> => {
  try {
    await write();
    return true;
  } catch (error) {
    if ((error as { code?: number }).code === alreadyExistsCode) return false;
    throw error;
  }
};

/**
 * Writes an email unless its document exists: for what may run again (a schedule retried, a
 * webhook delivered twice). Answers whether this call wrote it.
 */
export async function sendMail(recipient: MailRecipient | null, email: Email, now: Date = currentTime()) {
  const prepared = prepareMail(recipient, email, now);
  if (!prepared) return false;
  // The bell entry first: a run that stops between the two writes it once and the email on
  // the next run, never an email without its entry.
  const { notice } = prepared;
  if (notice) {
    await createOnce(() =>
      notificationRef(prepared.uid, prepared.id).create({
        ...notice,
        createdAt: FieldValue.serverTimestamp(),
        readAt: null,
      }),
    );
  }
  const { data } = prepared;
  if (!data) return false;
  return createOnce(() => mailRef(prepared.id).create(data));
}

/**
 * An email to every admin who gets `kind`: for news that needs an admin (a complaint, a
 * flagged review). Answers how many were written.
 */
export async function sendToAdmins(email: Omit<Email, 'notice' | 'noticeId'>, now: Date = currentTime()) {
  const admins = await typed.users().where('role', '==', 'admin').limit(1000).get();
  let written = 0;
  for (const admin of await mailRecipientsOf(admins.docs)) {
    if (await sendMail(admin, email, now)) written++;
  }
  return written;
}
