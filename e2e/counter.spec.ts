// The counter (issue 24): a member shows their meal pass, the kitchen staff type its short
// code at the counter and get a green Serve, the served count moves, and the same code again
// is refused as already served.
import { expect, test } from './support/test.js';
import { expectNoSeriousA11yViolations } from './support/a11y.js';
import { demoUsers, loginAs } from './support/auth.js';
import { callApi, memberWithOwnMeal } from './dashboard-fixtures.js';

type MenuAnswer = { timeZone: string; days: { date: string }[] };

test('a member’s pass is served once at the counter by kitchen staff', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { member, adminToken, title, mealId } = await memberWithOwnMeal(request, 'Counter Stew');
  const today = ((await (await request.get('/api/menu?days=1')).json()) as MenuAnswer).days[0]!.date;
  // A serving open all day today, its cutoff a few minutes ahead: the member reserves it now.
  const { insertedId: servingId } = await callApi<{ insertedId: string }>(request, adminToken, 'POST', '/servings', {
    mealId,
    date: today,
    slot: 'dinner',
    startTime: '00:00',
    endTime: '23:59',
    cutoffAt: new Date(Date.now() + 10 * 60_000).toISOString(),
  });

  const resident = await (await browser.newContext()).newPage();
  await loginAs(resident, member.email, { password: member.password });
  await resident.goto('/menu');
  const serving = resident.getByTestId(`menu-day-${today}`).getByRole('listitem').filter({ hasText: title });
  await serving.getByRole('button', { name: new RegExp(`^Reserve: .*${title}`) }).click();
  await expect(serving).toContainText('Reserved');

  await resident.getByRole('link', { name: 'Show my meal pass' }).click();
  const code = resident.getByTestId('meal-pass-code');
  await expect(code).toHaveText(/^[2-9A-Z]{3} [2-9A-Z]{3}$/);
  await expect(resident.getByRole('img', { name: `Meal pass QR code for ${title}` })).toBeVisible();
  await expectNoSeriousA11yViolations(resident, 'meal pass');
  const shortCode = (await code.textContent())!.replace(' ', '');

  const staff = await (await browser.newContext()).newPage();
  await loginAs(staff, demoUsers.staff);
  await staff.goto('/dashboard/counter');
  await staff.getByLabel('Serving').selectOption({ value: servingId });
  const count = staff.getByTestId('counter-count');
  await expect(count).toHaveText('0 served / 1 reserved');
  await expectNoSeriousA11yViolations(staff, 'counter');

  await staff.getByLabel('Short code').fill(shortCode.toLowerCase());
  await staff.getByRole('button', { name: 'Check code' }).click();
  const answer = staff.getByTestId('counter-answer');
  await expect(answer).toContainText('Serve');
  await expect(answer).toContainText(member.name);
  await expect(answer).toContainText(title);
  await expect(answer).not.toContainText('Do not serve');
  await staff.getByRole('button', { name: 'Next' }).click();
  await expect(count).toHaveText('1 served / 1 reserved');

  await staff.getByLabel('Short code').fill(shortCode);
  await staff.getByRole('button', { name: 'Check code' }).click();
  await expect(answer).toContainText('Do not serve');
  await expect(answer).toContainText(/already served/i);
});

test('kitchen staff see only the kitchen’s pages', async ({ page }) => {
  await loginAs(page, demoUsers.staff);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/counter$/);
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(menu.getByRole('link')).toHaveText(['Counter', 'Kitchen', 'Serve Meals', 'My Profile']);
  await page.goto('/dashboard/manage-users');
  await expect(page).toHaveURL(/\/$/);
});
