// Feedback (issue 42): a member served at the counter is asked how the meal was on their next
// visit and rates it, raises a complaint about it, kitchen staff acknowledge and resolve it,
// the member reads the answer, and Insights counts the rating. axe stays clean on the prompt
// and on both complaint pages.
import { expect, test } from './support/test.js';
import { expectNoSeriousA11yViolations } from './support/a11y.js';
import { demoUsers, loginAs } from './support/auth.js';
import { watchForDialog } from './support/dialogs.js';
import {
  apiTokenFor,
  callApi,
  createStudent,
  demoAdmin,
  insertThroughApi,
  mealBody,
  servingOpenAllDay,
  unique,
} from './dashboard-fixtures.js';

// The member is served a dinner open now and rates it the same day, late on a month's last day.
test.use({ atMonthEnd: true });

type SlotRating = { slot: string; average: number; count: number };

const monthOf = (date: string) => date.slice(0, 7);

test('a member rates the dinner they were served and gets an answer to their complaint', async ({
  browser,
  request,
  hostelNow,
}) => {
  test.setTimeout(180_000);
  const adminToken = await apiTokenFor(request, demoAdmin);
  const title = unique('Feedback Stew');
  const mealId = await insertThroughApi(request, adminToken, '/add-meal', mealBody(title));
  const { today, servingId } = await servingOpenAllDay(request, adminToken, mealId, 'dinner', hostelNow);
  const month = monthOf(today);
  const dinnerCount = async () => {
    const insights = await callApi<{ satisfaction: { bySlot: SlotRating[] } }>(
      request,
      adminToken,
      'GET',
      `/insights?from=${month}&to=${month}`,
    );
    return insights.satisfaction.bySlot.find((row) => row.slot === 'dinner')!.count;
  };
  const ratedBefore = await dinnerCount();

  // The member reserves the dinner and shows the short code of their pass at the counter.
  const member = await createStudent(request, { membership: 'Gold', name: unique('Rita Rater') });
  const memberToken = await apiTokenFor(request, member);
  const requestId = await insertThroughApi(request, memberToken, '/meal-request', { mealId, servingId });
  const pass = await callApi<{ shortCode: string }>(request, memberToken, 'POST', '/passes', { requestId });

  const staff = await (await browser.newContext()).newPage();
  await loginAs(staff, demoUsers.staff);
  await staff.goto('/dashboard/counter');
  await staff.getByLabel('Serving').selectOption({ value: servingId });
  await staff.getByLabel('Short code').fill(pass.shortCode);
  await staff.getByRole('button', { name: 'Check code' }).click();
  await expect(staff.getByTestId('counter-answer')).toContainText('Serve');
  await staff.getByRole('button', { name: 'Next' }).click();
  await expect(staff.getByTestId('counter-count')).toHaveText('1 served / 1 reserved');

  // On the member's next visit the dashboard asks how dinner was.
  const resident = await (await browser.newContext()).newPage();
  await loginAs(resident, member.email, { password: member.password });
  await resident.goto('/dashboard/my-profile');
  const prompt = resident.getByRole('region', { name: 'How was dinner today?' });
  await expect(prompt).toContainText(title);
  await expectNoSeriousA11yViolations(resident, 'rating prompt');
  // Keyboard only: the stars are a radio group.
  await prompt.getByRole('radio', { name: '1 star' }).focus();
  await resident.keyboard.press('ArrowRight');
  await resident.keyboard.press('ArrowRight');
  await resident.keyboard.press('ArrowRight');
  await expect(prompt.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await prompt.getByLabel('Comment (optional)').fill('Hearty, a little salty');
  await prompt.getByRole('button', { name: 'Send rating' }).click();
  await expect(resident.getByText('Thank you: the kitchen reads every rating.')).toBeVisible();

  // The bell asked too.
  await resident.getByRole('button', { name: /Notifications/ }).click();
  await expect(resident.getByText('How was dinner today?').first()).toBeVisible();
  await resident.keyboard.press('Escape');

  // A complaint about that dinner.
  await resident.goto('/dashboard/complaints');
  await expect(resident.getByRole('heading', { level: 1, name: 'My complaints' })).toBeVisible();
  const form = resident.getByRole('form', { name: 'Raise a complaint' });
  await form.getByLabel('About', { exact: true }).selectOption({ value: servingId });
  await form.getByLabel('What is it about?').selectOption({ value: 'quantity' });
  const complaintText = unique('The portion was half the usual');
  await form.getByLabel('What happened?').fill(complaintText);
  // "Complaint sent" closes itself after 2.5 s, and may open before or after the list shows the
  // complaint (sweetalert2 may still be loading): axe measures the page once it has come and gone.
  const toast = await watchForDialog(resident);
  await form.getByRole('button', { name: 'Send complaint' }).click();
  const mine = resident.getByRole('listitem').filter({ hasText: complaintText });
  await expect(mine).toContainText('Open');
  await toast.cameAndWent();
  await expectNoSeriousA11yViolations(resident, 'my complaints');

  // Kitchen staff acknowledge it, then resolve it with what was done.
  await staff.goto('/dashboard/complaints');
  await expect(staff.getByRole('heading', { level: 1, name: 'Complaints' })).toBeVisible();
  await staff.getByLabel('Category').selectOption({ value: 'quantity' });
  const card = staff.getByRole('listitem').filter({ hasText: complaintText });
  await expect(card).toContainText(member.name);
  await expect(card).toContainText(/waiting/);
  await expectNoSeriousA11yViolations(staff, 'complaints queue');
  await card.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(card).toContainText('Acknowledged');
  await card.getByRole('button', { name: 'Resolve' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Resolve this complaint' });
  await dialog.getByLabel('What was done (optional)').fill('Portions are weighed again from tonight.');
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await expect(card).toContainText('Resolved');

  // The member reads the answer.
  await resident.reload();
  await expect(mine).toContainText('Resolved');
  await expect(mine).toContainText('Portions are weighed again from tonight.');

  // Insights counts the rating among this month's dinners.
  expect(await dinnerCount()).toBe(ratedBefore + 1);
  const admin = await (await browser.newContext()).newPage();
  await loginAs(admin, demoUsers.admin);
  await admin.goto(`/dashboard/insights?from=${month}&to=${month}`);
  const slots = admin.getByRole('region', { name: /rated lowest|No meal was rated/ });
  await slots.getByRole('button', { name: 'View as table' }).click();
  await expect(slots.getByRole('row').filter({ hasText: 'Dinner' })).toContainText(String(ratedBefore + 1));
});
