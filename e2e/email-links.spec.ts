// Every link an email carries opens what it names and marks its bell entry read (issue 50,
// docs/email.md): one member's weekly menu, cutoff reminder, reservation confirmation and
// renewal reminder, the kitchen's production sheet and the admins' complaint email, each link
// followed in a browser signed in as its reader. The schedules are the built functions, run in
// this process at the journey's instant (scripts/lib/demo-schedules.mjs), as the demo runs
// them: the Functions emulator does not. Each link is read from the email's `mail` document,
// which is what the Trigger Email extension sends (email.spec.ts follows one through the inbox).
import { Timestamp, getFirestore } from 'firebase-admin/firestore';
import { getAuth } from 'firebase-admin/auth';
import { addDays, instantOfHostelTime, mondayOf } from '../packages/contracts/src/hostel-time.js';
import { loadBuiltFunctions, runSchedule } from '../scripts/lib/demo-schedules.mjs';
import { expect, test, type APIRequestContext, type Page } from './support/test.js';
import { demoUsers, loginAs, useSavedSignIn } from './support/auth.js';
import { emulatorClockHeader } from './support/hostel-clock.js';
import {
  expectTimedDialog,
  memberWithOwnMeal,
  apiTokenFor,
  callApi,
  insertThroughApi,
  mainHall,
} from './dashboard-fixtures.js';

/** An API call as `token` at the instant `at` (the API honours the header on the emulators only). */
async function callAt(request: APIRequestContext, at: Date, token: string, path: string, data: unknown) {
  const response = await request.post(`/api${path}`, {
    headers: { authorization: `Bearer ${token}`, [emulatorClockHeader]: at.toISOString() },
    data,
  });
  if (!response.ok()) throw new Error(`POST ${path} answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

/** The email `id` as written, with the address of its one button (the first link of its HTML). */
async function emailOf(id: string) {
  const mail = await getFirestore().doc(`mail/${id}`).get();
  expect(mail.exists, `the email ${id}`).toBe(true);
  const href = /<a href="([^"]+)"/.exec(String(mail.get('message.html')))?.[1] ?? '';
  return { link: href.replace(/&amp;/g, '&'), noticeId: (mail.get('noticeId') as string | null) ?? null };
}

/**
 * Opens email `id`'s link in `page` (signed in as its reader, `uid`): once the site has marked
 * the bell entry it names read, the name leaves the address. Answers the link.
 */
async function follow(page: Page, uid: string, id: string) {
  const { link, noticeId } = await emailOf(id);
  if (noticeId !== null) {
    const notice = getFirestore().doc(`users/${uid}/notifications/${noticeId}`);
    expect((await notice.get()).get('readAt'), `${noticeId} unread before its link is opened`).toBeNull();
    await page.goto(link);
    await expect.poll(async () => (await notice.get()).get('readAt') ?? null, { message: noticeId }).not.toBeNull();
    await expect(page).toHaveURL(link.replace(/#.*$/, ''));
  } else {
    await page.goto(link);
  }
  return new URL(link);
}

// Late on a month's last day: next week's menu, a dinner closing within the hour and a lunch
// closed within the last, a renewal three days ahead, all at the journey's fixed instant.
test.use({ atMonthEnd: true });

test('each email’s link opens what it names and marks its bell entry read', async ({
  page,
  request,
  browser,
  hostelNow,
}) => {
  const now = hostelNow!;
  const minutes = (count: number) => new Date(now.getTime() + count * 60_000);
  const functions = loadBuiltFunctions();
  const { member, adminToken, title, mealId } = await memberWithOwnMeal(request, 'Linked stew');
  const { days, timeZone } = (await (await request.get('/api/menu?days=1')).json()) as {
    days: { date: string }[];
    timeZone: string;
  };
  const today = days[0]!.date;
  const nextWeek = addDays(mondayOf(today), 7);
  const memberToken = await apiTokenFor(request, member);
  await callApi(request, memberToken, 'PATCH', '/user/email-preferences', {
    'weekly-menu': true,
    'cutoff-reminder': true,
  });
  // A dinner habit: reserved on this weekday in two of the last four weeks.
  for (const weeksAgo of [1, 2]) {
    const date = addDays(today, -7 * weeksAgo);
    const before = instantOfHostelTime(date, '12:00', timeZone);
    const servingId = await callAt(request, before, adminToken, '/servings', {
      hallId: mainHall,
      mealId,
      date,
      slot: 'dinner',
    });
    await callAt(request, before, memberToken, '/meal-request', { mealId, servingId });
  }
  const [, , lunchId] = await Promise.all([
    insertThroughApi(request, adminToken, '/servings', { hallId: mainHall, mealId, date: nextWeek, slot: 'lunch' }),
    // Reservations close a quarter of an hour from now: reminded within the hour before.
    insertThroughApi(request, adminToken, '/servings', {
      hallId: mainHall,
      mealId,
      date: today,
      slot: 'dinner',
      startTime: '00:00',
      endTime: '23:59',
      cutoffAt: minutes(15).toISOString(),
    }),
    // Closed a quarter of an hour ago: its production sheet is due.
    callAt(request, minutes(-30), adminToken, '/servings', {
      hallId: mainHall,
      mealId,
      date: today,
      slot: 'lunch',
      startTime: '00:00',
      endTime: '23:59',
      cutoffAt: minutes(-15).toISOString(),
    }),
    // The weekly menu goes out in this hour of this weekday.
    callApi(request, adminToken, 'PUT', '/email-settings', {
      weeklyMenu: { weekday: ((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7) + 1, hour: 23 },
    }),
  ]);
  const complaintText = `The ${title} was cold`;
  const complaintId = (
    await callApi<{ insertedId: string }>(request, memberToken, 'POST', '/complaints', {
      category: 'food',
      text: complaintText,
      urgent: true,
    })
  ).insertedId;
  await Promise.all([runSchedule(functions, 'weeklyMenuEmail', now), runSchedule(functions, 'cutoffEmails', now)]);
  // Then a subscription renewing in three days on the hostel's calendar: set only now, as that
  // day is already past on the real clock, which the reminders' check of a membership reads.
  await getFirestore()
    .doc(`users/${member.uid}`)
    .update({
      'membership.currentPeriodEnd': Timestamp.fromDate(instantOfHostelTime(addDays(today, 3), '12:00', timeZone)),
      'membership.subscriptionId': `sub_e2e_${member.uid}`,
    });
  await runSchedule(functions, 'renewalReminders', now);

  await loginAs(page, member.email, { password: member.password });
  // Next week's menu: the server-rendered week, its day with the meal.
  const weekly = await follow(page, member.uid, `weekly-menu-${nextWeek}_${member.uid}`);
  expect(weekly.pathname).toBe('/menu');
  await expect(page.getByTestId(`menu-day-${nextWeek}`)).toContainText(title);

  // The reminder: today's menu, where the dinner can still be reserved...
  await follow(page, member.uid, `cutoff-reminder-${today}-Dinner_${member.uid}`);
  const dinner = page.getByTestId(`menu-day-${today}`).getByRole('listitem').filter({ hasText: title });
  await dinner.getByRole('button', { name: new RegExp(`^Reserve: .*${title}$`) }).click();
  await expectTimedDialog(page, 'Place reserved');
  // ...and the confirmation of that reservation: the member's reservations.
  const [reservation] = (
    await getFirestore().collection('mail').where('uid', '==', member.uid).where('kind', '==', 'reservation').get()
  ).docs.filter(
    // The habit's reservations were confirmed too, weeks before this one.
    (mail) =>
      String(mail.get('key')).startsWith('reservation-confirmed-') &&
      (mail.get('createdAt') as Timestamp).toMillis() >= now.getTime(),
  );
  expect(reservation, 'the reservation confirmation').toBeDefined();
  await follow(page, member.uid, reservation!.id);
  await expect(page.getByRole('heading', { level: 1, name: 'Requested Meals' })).toBeVisible();
  await expect(page.getByText(title).first()).toBeVisible();

  // The renewal reminder: the membership on My Profile.
  const [renewal] = (
    await getFirestore().collection('mail').where('uid', '==', member.uid).where('kind', '==', 'membership').get()
  ).docs;
  expect(renewal, 'the renewal reminder').toBeDefined();
  await follow(page, member.uid, renewal!.id);
  await expect(page.getByRole('region', { name: 'Membership' })).toContainText('Gold · renews');

  // The kitchen's production sheet: the kitchen view of the day, the lunch on it.
  const staffPage = await (await browser.newContext()).newPage();
  await useSavedSignIn(staffPage, 'staff');
  const staffUid = (await getAuth().getUserByEmail(demoUsers.staff)).uid;
  await follow(staffPage, staffUid, `production-sheet-${lunchId}_${staffUid}`);
  await expect(staffPage.getByRole('heading', { level: 1, name: 'Kitchen' })).toBeVisible();
  await expect(staffPage.getByTestId(`reserved-${lunchId}`)).toBeVisible();

  // The admins' complaint email: the complaints to answer, this one among them.
  const adminPage = await (await browser.newContext()).newPage();
  await useSavedSignIn(adminPage, 'admin');
  const adminUid = (await getAuth().getUserByEmail(demoUsers.admin)).uid;
  await follow(adminPage, adminUid, `complaint-${complaintId}_${adminUid}`);
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Complaints' })).toBeVisible();
  await expect(adminPage.getByText(complaintText).first()).toBeVisible();
});
