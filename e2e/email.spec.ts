// Email in the demo (issue 41, docs/email.md): a member reserves a lunch, the confirmation
// arrives in the local inbox with its calendar file, opening the email's link marks its bell
// entry read, and the email's unsubscribe link turns reservation emails off, and nothing
// else, without signing in.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { forwardAuthEmails } from '../scripts/lib/demo-auth-mail.mjs';
import { deliverMailCollection } from '../scripts/lib/demo-mail-delivery.mjs';
import { demoInboxPort, demoSmtpPort, startDemoInbox } from '../scripts/lib/demo-inbox.mjs';
import { expect, test } from './support/test.js';
import { loginAs } from './support/auth.js';
import {
  apiTokenFor,
  callApi,
  expectTimedDialog,
  insertThroughApi,
  mainHall,
  memberWithOwnMeal,
} from './dashboard-fixtures.js';

type InboxMessage = {
  id: string;
  to: string;
  subject: string;
  text: string;
  headers: { 'list-unsubscribe': string | null; 'list-unsubscribe-post': string | null };
  attachments: { index: number; filename: string; contentType: string }[];
};

type Inbox = Awaited<ReturnType<typeof startDemoInbox>>;
let inbox: Inbox;
let stopDelivery: () => void;
let authEmails: ReturnType<typeof forwardAuthEmails>;
const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';

test.beforeAll(async () => {
  // Ports of their own beside the demo's, shifted like every port of this run.
  const offset = Number(process.env.EMULATOR_PORT_OFFSET ?? 0) + 50;
  inbox = await startDemoInbox({ smtpPort: demoSmtpPort(offset), webPort: demoInboxPort(offset) });
  if (getApps().length === 0) initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-hostel-meals' });
  stopDelivery = deliverMailCollection({
    db: getFirestore(),
    smtp: inbox.smtp,
    from: 'HostelHub <no-reply@hostelhub.test>',
  });
  authEmails = forwardAuthEmails({
    authHost,
    projectId: process.env.GCLOUD_PROJECT ?? 'demo-hostel-meals',
    smtp: inbox.smtp,
    from: 'HostelHub <no-reply@hostelhub.test>',
    intervalMs: 500,
  });
  await authEmails.ready;
});
test.afterAll(async () => {
  authEmails?.stop();
  stopDelivery?.();
  await inbox?.close();
});

/** `date` moved by `days` calendar days. */
const addDays = (date: string, days: number) => {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + days)).toISOString().slice(0, 10);
};

// Late on a month's last day: tomorrow's lunch, in the email's subject and its .ics, is in the
// next month.
test.describe('late on the last day of last month', () => {
  test.use({ atMonthEnd: true });

  test('a reservation is confirmed in the inbox with its .ics, its link reads the bell entry, and unsubscribe works', async ({
    page,
    request,
  }) => {
    const { member, adminToken, title, mealId } = await memberWithOwnMeal(request, 'Inbox stew');
    // A lunch tomorrow (the hostel's), open for reservations until 10:00 that day.
    const menu = (await (await request.get('/api/menu?days=1')).json()) as { days: { date: string }[] };
    const date = addDays(menu.days[0]!.date, 1);
    await insertThroughApi(request, adminToken, '/servings', { hallId: mainHall, mealId, date, slot: 'lunch' });

    await loginAs(page, member.email, { password: member.password });
    await page.goto(`/menu?from=${date}`);
    const serving = page.getByTestId(`menu-day-${date}`).getByRole('listitem').filter({ hasText: title });
    await serving.getByRole('button', { name: new RegExp(`^Reserve: .*${title}$`) }).click();
    await expectTimedDialog(page, 'Place reserved');

    // The email arrives in the demo's inbox within seconds.
    let message: InboxMessage | undefined;
    await expect
      .poll(
        async () => {
          const messages = (await (await fetch(`${inbox.url}/messages`)).json()) as InboxMessage[];
          message = messages.find((entry) => entry.to === member.email);
          return message?.subject;
        },
        { timeout: 15_000 },
      )
      .toMatch(/^Reservation confirmed: Lunch, \w{3} \d{1,2} \w{3,4} at Main hall$/);
    expect(message!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // The inbox shows it with the calendar file, which is the serving's.
    await page.goto(inbox.url);
    await page.getByRole('link', { name: message!.subject }).first().click();
    await expect(page.getByRole('heading', { name: message!.subject })).toBeVisible();
    const calendarLink = page.getByRole('link', { name: 'reservation.ics' });
    await expect(calendarLink).toBeVisible();
    const ics = await (await fetch(new URL((await calendarLink.getAttribute('href'))!, inbox.url))).text();
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain(`SUMMARY:Lunch: ${title}`);

    // The bell has the same news, unread; opening the email's link marks that entry read.
    const actionLink = /^See your reservations: (\S+)$/m.exec(message!.text)?.[1];
    // Named in the fragment, which no server sees (docs/email.md).
    const noticeId = new URLSearchParams(new URL(actionLink!).hash.slice(1)).get('notice');
    expect(noticeId).toMatch(/^reservation-confirmed-/);
    const notice = getFirestore().doc(`users/${member.uid}/notifications/${noticeId}`);
    expect((await notice.get()).get('readAt')).toBeNull();
    await page.goto(actionLink!);
    await expect(page).toHaveURL(/\/dashboard\/requested-meal$/);
    await expect.poll(async () => (await notice.get()).get('readAt') ?? null, { timeout: 10_000 }).not.toBeNull();
    await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveAccessibleName('Notifications');

    // The unsubscribe link, opened in a browser without signing in: it asks, then turns it off.
    const link = message!.headers['list-unsubscribe']!.replace(/^<|>$/g, '');
    const stranger = await (await page.context().browser()!.newContext()).newPage();
    await stranger.goto(link);
    await expect(stranger.getByRole('heading', { name: 'Stop "Reservation confirmations" emails?' })).toBeVisible();
    await stranger.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(stranger.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();

    const token = await apiTokenFor(request, member);
    const profile = await callApi<{ emailPreferences: Record<string, boolean> }>(request, token, 'GET', '/user');
    expect(profile.emailPreferences).toMatchObject({ reservation: false, membership: true });
  });
});

test('the Auth emulator’s verification link arrives in the inbox and verifies the address', async () => {
  // A new account asks for its verification email, as the site's sign-up and checkout do.
  const email = `verify-${Date.now().toString(36)}@e2e.hostelhub.test`;
  const identity = `http://${authHost}/identitytoolkit.googleapis.com/v1`;
  const signUp = await fetch(`${identity}/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'password123', returnSecureToken: true }),
  });
  const { idToken, localId } = (await signUp.json()) as { idToken: string; localId: string };
  const sent = await fetch(`${identity}/accounts:sendOobCode?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ requestType: 'VERIFY_EMAIL', idToken }),
  });
  expect(sent.status).toBe(200);
  expect((await getAuth().getUser(localId)).emailVerified).toBe(false);

  let message: InboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await (await fetch(`${inbox.url}/messages`)).json()) as InboxMessage[];
        message = messages.find((entry) => entry.to === email);
        return message?.subject;
      },
      { timeout: 15_000 },
    )
    .toBe('Verify your email for HostelHub');
  const link = /^(http\S+)$/m.exec(message!.text)?.[1];
  expect(new URL(link!).searchParams.get('mode')).toBe('verifyEmail');
  expect((await fetch(link!)).status).toBe(200);
  expect((await getAuth().getUser(localId)).emailVerified).toBe(true);
});
