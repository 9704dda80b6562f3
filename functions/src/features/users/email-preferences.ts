// The member's email preferences (PATCH /user/email-preferences) and the one-click
// unsubscribe link every email carries (GET shows, POST does: RFC 8058), docs/email.md.
import { emailKindLabels, emailPreferencesOf, type EmailKind, type EmailPreferences } from '@hostelhub/contracts';
import { hostelName, siteUrl } from '../../config.js';
import { notFound } from '../../lib/errors.js';
import { typed } from '../../lib/converters/index.js';
import { db } from '../../lib/firestore.js';
import { verifyUnsubscribe } from '../../lib/mail-links.js';
import { currentTime } from '../../lib/clock.js';

const userRef = (uid: string) => typed.users().doc(uid);

/**
 * Stores the kinds named in `changes` and answers every kind (the defaults for those never
 * chosen). Read and written in one transaction, so the answer is what is stored.
 */
export async function updateEmailPreferences(
  uid: string,
  changes: Partial<EmailPreferences>,
): Promise<EmailPreferences> {
  return db.runTransaction(async (transaction) => {
    const user = await transaction.get(userRef(uid));
    const stored = user.data();
    if (!stored) throw notFound('No profile for this user');
    const next = { ...emailPreferencesOf(stored.emailPreferences), ...changes };
    transaction.update(user.ref, { emailPreferences: next });
    return next;
  });
}

/** What an unsubscribe link does, as its page says it. */
export type UnsubscribePage = { status: number; title: string; paragraphs: string[]; confirm?: string };

/** "s***@example.com": enough for its owner to know it, not for anyone else to read it. */
const maskedEmail = (email: string) => email.replace(/^(.)[^@]*/, '$1***');

type LinkRead =
  { ok: false; page: UnsubscribePage } | { ok: true; uid: string; kind: EmailKind; label: string; profilePath: string };

function readLink(token: string, now: Date): LinkRead {
  const claims = verifyUnsubscribe(token);
  const profile = `${siteUrl()}/dashboard/my-profile`;
  if (!claims) {
    return {
      ok: false,
      page: {
        status: 400,
        title: 'This unsubscribe link is not valid',
        paragraphs: [
          'It may have been cut short when it was copied. Open the link from the email again, or choose which emails you get on My Profile:',
          profile,
        ],
      },
    };
  }
  if (claims.expiresAt <= now.getTime()) {
    return {
      ok: false,
      page: {
        status: 410,
        title: 'This unsubscribe link has expired',
        paragraphs: ['Use the link in a newer email, or choose which emails you get on My Profile:', profile],
      },
    };
  }
  return {
    ok: true,
    uid: claims.uid,
    kind: claims.kind,
    label: emailKindLabels[claims.kind].title,
    profilePath: profile,
  };
}

/** GET /unsubscribe: what the link will turn off, and a button that does it. Changes nothing. */
export async function previewUnsubscribe(token: string, now: Date = currentTime()): Promise<UnsubscribePage> {
  const link = readLink(token, now);
  if (!link.ok) return link.page;
  const user = (await userRef(link.uid).get()).data();
  if (!user) return noAccount();
  const to = maskedEmail(user.email ?? '');
  if (!emailPreferencesOf(user.emailPreferences)[link.kind]) {
    return {
      status: 200,
      title: `"${link.label}" emails are off`,
      paragraphs: [
        `${to} gets no "${link.label}" emails from ${hostelName()}. Change this on My Profile:`,
        link.profilePath,
      ],
    };
  }
  return {
    status: 200,
    title: `Stop "${link.label}" emails?`,
    paragraphs: [
      `${to} will no longer get "${link.label}" emails from ${hostelName()}. Your other emails and your account stay as they are.`,
    ],
    confirm: 'Unsubscribe',
  };
}

/**
 * POST /unsubscribe: turns the link's kind off for the link's user, and nothing else. A link
 * used again finds it off and says so.
 */
export async function unsubscribe(token: string, now: Date = currentTime()): Promise<UnsubscribePage> {
  const link = readLink(token, now);
  if (!link.ok) return link.page;
  const done = await db.runTransaction(async (transaction) => {
    const user = await transaction.get(userRef(link.uid));
    const stored = user.data();
    if (!stored) return false;
    const preferences = emailPreferencesOf(stored.emailPreferences);
    if (preferences[link.kind]) {
      transaction.update(user.ref, { emailPreferences: { ...preferences, [link.kind]: false } });
    }
    return true;
  });
  if (!done) return noAccount();
  return {
    status: 200,
    title: 'You are unsubscribed',
    paragraphs: [
      `You will no longer get "${link.label}" emails from ${hostelName()}. Turn them on again, or change other emails, on My Profile:`,
      link.profilePath,
    ],
  };
}

const noAccount = (): UnsubscribePage => ({
  status: 404,
  title: 'There is no account for this link',
  paragraphs: [`The account this email was sent to has been removed: ${hostelName()} sends it nothing more.`],
});

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page as plain HTML: no script, a form that posts back to the same link. */
export function unsubscribeHtml(page: UnsubscribePage, token: string): string {
  const paragraph = (text: string) =>
    /^https?:\/\//.test(text)
      ? `<p><a href="${escapeHtml(text)}">${escapeHtml(text)}</a></p>`
      : `<p>${escapeHtml(text)}</p>`;
  const form = page.confirm
    ? `<form method="post" action="unsubscribe?token=${encodeURIComponent(token)}"><button type="submit">${escapeHtml(page.confirm)}</button></form>`
    : '';
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">',
    `<title>${escapeHtml(page.title)} · ${escapeHtml(hostelName())}</title>`,
    '<style>body{font-family:system-ui,Arial,sans-serif;color:#1c1917;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5}',
    'h1{font-size:1.5rem}a{color:#9a3412}button{background:#c2410c;color:#fff;border:0;border-radius:.375rem;padding:.625rem 1rem;font-size:1rem;cursor:pointer}',
    'button:focus-visible{outline:3px solid #1c1917;outline-offset:2px}</style></head><body><main>',
    `<p><strong>${escapeHtml(hostelName())}</strong></p><h1>${escapeHtml(page.title)}</h1>`,
    ...page.paragraphs.map(paragraph),
    form,
    '</main></body></html>',
  ].join('');
}
