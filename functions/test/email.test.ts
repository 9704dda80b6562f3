// Emails (docs/email.md): one `mail` document per email, in the Trigger Email extension's
// shape, written at the moment it tells about, once, only to a verified address whose owner
// keeps that kind on; the preferences and the signed unsubscribe link. The schedules' emails:
// email-schedules.test.ts.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { defaultEmailPreferences, routes } from '@hostelhub/contracts';
import { call, db, hostingApiBase, urlOf } from './support/emulators.js';
import { seedTitledMeal } from './support/meals.js';
import { bodyWithCutoffIn, planServing, servingData } from './support/menu.js';
import { notificationsOf } from './support/notifications.js';
import { createUserDirect } from './support/users.js';
import { mailOf, verifiedUser, zone } from './support/mail.js';
const reserve = (token: string, mealId: string, servingId: string) =>
  call('requestMeal', { token, body: { mealId, servingId } });

async function plannedDinner() {
  const admin = await createUserDirect({ role: 'admin' });
  const meal = await seedTitledMeal({ title: `Lentil <b>stew</b> ${Math.random().toString(36).slice(2, 7)}` });
  const servingId = await planServing(admin.token, bodyWithCutoffIn(meal.id, 3 * 3_600_000));
  return { admin, meal, servingId };
}

/** The token of an email's unsubscribe link, from its List-Unsubscribe header. */

function unsubscribeTokenOf(mail: Record<string, any>): string {
  const header = String(mail.message.headers['List-Unsubscribe']);
  const url = new URL(header.slice(1, -1));
  return url.searchParams.get('token') ?? '';
}

/** A link signed as the API signs them (the run's MAIL_LINK_SECRET), with claims of the test's choosing. */
function signedLink(claims: Record<string, unknown>, key = process.env.MAIL_LINK_SECRET ?? '') {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signature = createHmac('sha256', key).update(`v1.${payload}`).digest('base64url');
  return `v1.${payload}.${signature}`;
}

async function page(method: 'GET' | 'POST', token: string) {
  const response = await fetch(urlOf(method === 'GET' ? 'unsubscribe' : 'unsubscribeOneClick', { query: { token } }), {
    method,
    headers: method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
    body: method === 'POST' ? 'List-Unsubscribe=One-Click' : undefined,
  });
  return { status: response.status, type: response.headers.get('content-type'), html: await response.text() };
}

const preferencesOf = async (uid: string) => (await db.doc(`users/${uid}`).get()).get('emailPreferences');

describe('a reservation', () => {
  it('is confirmed by email with the serving, the times, the cutoff and the .ics, and by a bell entry', async () => {
    const { meal, servingId } = await plannedDinner();
    const member = await verifiedUser({ membership: 'Gold', name: 'Mia Member' });
    const reserved = await reserve(member.token, meal.id, servingId);
    expect(reserved.status).toBe(201);
    const requestId = reserved.body.insertedId as string;

    const mails = await mailOf(member.uid);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    const serving = await servingData(servingId);
    expect(mail.id).toBe(`reservation-confirmed-${requestId}_${member.uid}`);
    expect(mail.to).toBe(member.email);
    expect(mail.kind).toBe('reservation');
    // "Reservation confirmed: Dinner, Fri 28 Nov"
    expect(mail.message.subject).toMatch(/^Reservation confirmed: Dinner, \w{3} \d{1,2} \w{3,4}$/);
    const wall = (instant: Date) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
        instant,
      );
    expect(mail.message.text).toContain('Hello Mia Member,');
    expect(mail.message.text).toContain(`served ${wall(serving?.startsAt.toDate())}–${wall(serving?.endsAt.toDate())}`);
    expect(mail.message.text).toContain(`You can cancel until ${wall(serving?.cutoffAt.toDate())}`);
    expect(mail.message.text).toContain(`(${zone})`);
    expect(mail.message.text).toContain('/dashboard/requested-meal');
    // The meal's title is text: escaped in the HTML version, never markup.
    expect(mail.message.html).toContain('Lentil &lt;b&gt;stew&lt;/b&gt;');
    expect(mail.message.html).not.toContain('<b>stew');
    expect(mail.message.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // The site's own address (Hosting, which sends /api on to the API).
    const link = `<${hostingApiBase}${routes.unsubscribe.path}?token=v1.`;
    expect(mail.message.headers['List-Unsubscribe'].startsWith(link)).toBe(true);
    // No delivery state yet: the extension (or the demo's delivery) fills it in.
    expect(mail.delivery).toBeUndefined();

    const [ics] = mail.message.attachments;
    expect(ics).toMatchObject({ filename: 'reservation.ics', contentType: expect.stringContaining('text/calendar') });
    const stamp = (instant: Date) =>
      instant
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
    expect(ics.content).toContain('METHOD:PUBLISH');
    expect(ics.content).toContain(`DTSTART:${stamp(serving?.startsAt.toDate())}`);
    expect(ics.content).toContain(`DTEND:${stamp(serving?.endsAt.toDate())}`);
    expect(ics.content).toContain(`UID:reservation-${requestId}@hostelhub`);

    const notices = await notificationsOf(member.uid);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: 'reservation-confirmed', title: 'Reservation confirmed', readAt: null });
    expect(mail.noticeId).toBe(mail.id);
    // Its one link names the bell entry (in the fragment, which no server sees), which the
    // site marks read when the link is opened.
    const actionLink = `${hostingApiBase.replace(/\/api$/, '')}/dashboard/requested-meal#notice=${notices[0]!.id}`;
    expect(mail.message.text).toContain(`See your reservations: ${actionLink}\n`);
    expect(mail.message.html).toContain(`href="${actionLink}"`);

    // Cancelled: its own email with the same calendar entry, now cancelled.
    const cancelled = await call('cancelRequest', { params: { id: requestId }, token: member.token });
    expect(cancelled.status).toBe(200);
    const after = await mailOf(member.uid);
    expect(after).toHaveLength(2);
    const cancellation = after[1] as Record<string, any>;
    expect(cancellation.message.subject).toMatch(/^Reservation cancelled: Dinner, \w{3} \d{1,2} \w{3,4}$/);
    expect(cancellation.message.attachments[0].content).toContain('METHOD:CANCEL');
    expect(cancellation.message.attachments[0].content).toContain(`UID:reservation-${requestId}@hostelhub`);
    expect((await notificationsOf(member.uid)).map((notice) => notice.kind).sort()).toEqual([
      'reservation-cancelled',
      'reservation-confirmed',
    ]);
  });

  it('emails nobody at an unverified address, nor someone who turned reservation emails off', async () => {
    const { meal, servingId } = await plannedDinner();
    const unverified = await createUserDirect({ membership: 'Gold' });
    expect((await reserve(unverified.token, meal.id, servingId)).status).toBe(201);
    expect(await mailOf(unverified.uid)).toEqual([]);

    const quiet = await verifiedUser({ membership: 'Gold' });
    const off = await call('updateEmailPreferences', { token: quiet.token, body: { reservation: false } });
    expect(off.status).toBe(200);
    expect((await reserve(quiet.token, meal.id, servingId)).status).toBe(201);
    expect(await mailOf(quiet.uid)).toEqual([]);
  });
});

describe('email preferences', () => {
  it('GET /user answers the defaults; PATCH changes only the kinds named and refuses a wrong body', async () => {
    const member = await createUserDirect({ membership: 'Gold' });
    const before = await call('user', { token: member.token });
    expect(before.body.emailPreferences).toEqual(defaultEmailPreferences);
    expect(before.body.emailPreferences).toMatchObject({ 'cutoff-reminder': false, 'weekly-menu': false });

    const changed = await call('updateEmailPreferences', {
      token: member.token,
      body: { 'weekly-menu': true, membership: false },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ ...defaultEmailPreferences, 'weekly-menu': true, membership: false });
    expect((await call('user', { token: member.token })).body.emailPreferences).toEqual(changed.body);

    const wrong = await call('updateEmailPreferences', { token: member.token, untypedBody: { reservation: 'no' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/^reservation: /);
    const unknown = await call('updateEmailPreferences', { token: member.token, untypedBody: { spam: true } });
    expect(unknown.status).toBe(400);
    expect((await call('updateEmailPreferences', { body: { reservation: false } })).status).toBe(401);
    expect(await preferencesOf(member.uid)).toEqual(changed.body);
  });
});

describe('the unsubscribe link', () => {
  it('shows what it will do on GET, turns that one kind off on POST, and says so again when used twice', async () => {
    const { meal, servingId } = await plannedDinner();
    const member = await verifiedUser({ membership: 'Gold' });
    await call('updateEmailPreferences', { token: member.token, body: { 'weekly-menu': true } });
    expect((await reserve(member.token, meal.id, servingId)).status).toBe(201);
    const [mail] = await mailOf(member.uid);
    const token = unsubscribeTokenOf(mail!);

    const shown = await page('GET', token);
    expect(shown.status).toBe(200);
    expect(shown.type).toContain('text/html');
    expect(shown.html).toContain('Stop &quot;Reservation confirmations&quot; emails?');
    expect(shown.html).toContain('<form method="post"');
    expect((await preferencesOf(member.uid)).reservation).toBe(true); // a GET changes nothing

    const done = await page('POST', token);
    expect(done.status).toBe(200);
    expect(done.html).toContain('You are unsubscribed');
    // That kind only; the rest of the account as it was.
    expect(await preferencesOf(member.uid)).toEqual({
      ...defaultEmailPreferences,
      'weekly-menu': true,
      reservation: false,
    });
    expect((await db.doc(`users/${member.uid}`).get()).get('membership')).toMatchObject({ packageName: 'Gold' });

    const again = await page('POST', token);
    expect(again.status).toBe(200);
    expect((await page('GET', token)).html).toContain('emails are off');
    expect((await preferencesOf(member.uid)).reservation).toBe(false);
  });

  it('refuses a forged, tampered or expired link and changes nothing', async () => {
    const member = await verifiedUser({ membership: 'Gold' });
    const valid = signedLink({ uid: member.uid, kind: 'membership', expiresAt: Date.now() + 60_000 });
    const forged = signedLink({ uid: member.uid, kind: 'membership', expiresAt: Date.now() + 60_000 }, 'another key');
    const [version, payload, signature] = valid.split('.');
    const tampered = `${version}.${Buffer.from(JSON.stringify({ uid: 'someone-else', kind: 'membership', expiresAt: Date.now() + 60_000 })).toString('base64url')}.${signature}`;
    for (const token of [forged, tampered, `${version}.${payload}`, 'not-a-token']) {
      const refused = await page('POST', token);
      expect(refused.status, token).toBe(400);
      expect(refused.html).toContain('This unsubscribe link is not valid');
    }
    const expired = signedLink({ uid: member.uid, kind: 'membership', expiresAt: Date.now() - 1000 });
    const gone = await page('POST', expired);
    expect(gone.status).toBe(410);
    expect(gone.html).toContain('expired');
    expect((await page('GET', '')).status).toBe(400);
    expect(await preferencesOf(member.uid)).toBeUndefined();

    expect((await page('POST', valid)).status).toBe(200);
    expect((await preferencesOf(member.uid)).membership).toBe(false);
  });
});

/** A lunch on `date` planned through the API (cutoff 10:00 the same day, hostel time). */
