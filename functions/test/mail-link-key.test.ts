// MAIL_LINK_SECRET checked when the functions run, as PASS_SECRET and JWT_SECRET are: a short
// key (a bare `firebase deploy` may set one) could be found from any unsubscribe link by
// trying keys offline, and forged links would then turn off anyone's emails. With a weak key
// no link is checked (503 and a log line) and none is signed (the email points at My Profile).
import { createHmac } from 'node:crypto';
import { logger } from 'firebase-functions';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultPushPreferences, routes } from '@hostelhub/contracts';
import { mailLinkKey, minimumMailLinkSecretBytes } from '../src/lib/mail-links.js';
import { renderMessage } from '../src/lib/mail.js';
import { db, urlOf } from './support/emulators.js';
import { startLocalApi, type LocalApi } from './support/local-api.js';
import { createUserDirect } from './support/users.js';

/** A link signed as the API signs them, with `key`. */
function signedLink(uid: string, key: string) {
  const claims = { uid, kind: 'reservation', expiresAt: Date.now() + 86_400_000 };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `v1.${payload}.${createHmac('sha256', key).update(`v1.${payload}`).digest('base64url')}`;
}

async function open(api: LocalApi, name: 'unsubscribe' | 'unsubscribeOneClick', token: string) {
  const response = await fetch(urlOf(name, { base: api.base, query: { token } }), {
    method: routes[name].method.toUpperCase(),
  });
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type'), text };
}

const reservationEmailsOf = async (uid: string) =>
  (await db.doc(`users/${uid}`).get()).get('emailPreferences')?.reservation ?? true;

describe('the mail-link key’s strength', () => {
  const runKey = process.env.MAIL_LINK_SECRET;
  let api: LocalApi | null = null;
  afterEach(async () => {
    process.env.MAIL_LINK_SECRET = runKey;
    vi.restoreAllMocks();
    await api?.close();
    api = null;
  });

  it('is at least 32 bytes, or the key is refused with a 503', () => {
    expect(minimumMailLinkSecretBytes).toBe(32);
    const strong = 'k'.repeat(32);
    expect(mailLinkKey(strong)).toBe(strong);
    for (const weak of ['', 'secret', 'k'.repeat(31)]) {
      expect(() => mailLinkKey(weak)).toThrow(expect.objectContaining({ status: 503 }));
    }
  });

  it('with a weak MAIL_LINK_SECRET, checks no link: a 503 with a message, one clear log, nothing turned off', async () => {
    const errors = vi.spyOn(logger, 'error');
    api = await startLocalApi();
    const member = await createUserDirect();
    process.env.MAIL_LINK_SECRET = 'short';
    // A link forged with the weak key, as one found by trying keys would be.
    const forged = signedLink(member.uid, 'short');

    for (const name of ['unsubscribeOneClick', 'unsubscribe'] as const) {
      const answer = await open(api, name, forged);
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.text)).toEqual({ message: expect.stringMatching(/unsubscribe links are unavailable/i) });
    }
    expect(await reservationEmailsOf(member.uid)).toBe(true);
    expect(errors.mock.calls.map(([message]) => String(message))).toContainEqual(
      expect.stringMatching(/^MAIL_LINK_SECRET is missing or shorter than 32 bytes/),
    );

    // With the run's own key, its own link turns the kind off.
    process.env.MAIL_LINK_SECRET = runKey;
    expect((await open(api, 'unsubscribeOneClick', signedLink(member.uid, runKey ?? ''))).status).toBe(200);
    expect(await reservationEmailsOf(member.uid)).toBe(false);
  });

  it('with a weak MAIL_LINK_SECRET, signs no link: the email still goes, pointing at My Profile', () => {
    process.env.MAIL_LINK_SECRET = 'k'.repeat(31);
    const recipient = {
      uid: 'someone',
      name: 'Mia Member',
      email: 'mia@example.com',
      emailVerified: true,
      role: 'student' as const,
      preferences: { reservation: true } as never,
      push: defaultPushPreferences,
      member: true,
      hallIds: [],
    };
    const email = {
      kind: 'reservation' as const,
      key: 'test',
      subject: 'A test',
      paragraphs: ['Hello.'],
      action: { label: 'See it', path: '/dashboard' },
    };
    const message = renderMessage(recipient, email, new Date());
    expect(message.headers).toEqual({});
    expect(message.text).not.toContain('token=');
    expect(message.text).toMatch(/Turn it off: \S+\/dashboard\/my-profile$/);
    expect(message.html).not.toContain('token=');

    process.env.MAIL_LINK_SECRET = runKey;
    const signed = renderMessage(recipient, email, new Date());
    expect((signed.headers as Record<string, string>)['List-Unsubscribe']).toContain('token=v1.');
  });
});
