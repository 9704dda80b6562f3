// Two dining halls (issue 52, ADR 72), as the demo runs them: a member of the Main hall eats at
// the North hall within the hostel's monthly limit and is refused past it; a pass is served
// only by the staff of its own hall, and not spent by a refusal; each hall's kitchen counts
// its own reservations.
import { addDays } from '../packages/contracts/src/hostel-time.js';
import { expect, test, type Page } from './support/test.js';
import { demoPassword, demoUsers, loginAs, useSavedSignIn } from './support/auth.js';
import {
  apiTokenFor,
  callApi,
  createStudent,
  demoAdmin,
  insertThroughApi,
  mainHall,
  mealBody,
  servingOpenAllDay,
  unique,
} from './dashboard-fixtures.js';

// Tonight's serving is open at the counter: the journey runs late on a month's last day, so
// the servings it plans ten days on are all in the next month.
test.use({ atMonthEnd: true });

const northHall = 'north';

/** The row of `title` in the kitchen view of `date`, as `role` sees it. */
async function kitchenRow(page: Page, date: string, title: string) {
  await page.goto('/dashboard/kitchen');
  await page.getByRole('textbox', { name: 'Day', exact: true }).fill(date);
  return page.getByRole('row').filter({ hasText: title });
}

test('a Main hall member eats at the North hall once a month, its staff serve them, and each kitchen counts its own', async ({
  browser,
  request,
  hostelNow,
}) => {
  test.setTimeout(150_000);
  const adminToken = await apiTokenFor(request, demoAdmin);
  const member = await createStudent(request, { membership: 'Gold' });
  await callApi(request, adminToken, 'PUT', `/users/${member.uid}/home-hall`, { hallId: mainHall });
  const settings = await callApi<{ switchesPerMonth: number }>(request, adminToken, 'GET', '/hall-settings');
  await callApi(request, adminToken, 'PUT', '/hall-settings', { switchesPerMonth: 1 });
  try {
    const northTitle = unique('North Pie');
    const mainTitle = unique('Main Dal');
    const northMeal = await insertThroughApi(request, adminToken, '/add-meal', mealBody(northTitle));
    const mainMeal = await insertThroughApi(request, adminToken, '/add-meal', mealBody(mainTitle));

    // Tonight at the North hall: this month's one meal at another hall.
    const { today, servingId: tonight } = await servingOpenAllDay(
      request,
      adminToken,
      northMeal,
      'dinner',
      hostelNow,
      northHall,
    );
    // Reserved, and its pass shown, through the API: the counter journeys cover the pass page.
    const memberToken = await apiTokenFor(request, member);
    await callApi(request, memberToken, 'POST', '/meal-request', { mealId: northMeal, servingId: tonight });
    const { shortCode } = await callApi<{ shortCode: string }>(request, memberToken, 'POST', '/passes', {
      servingId: tonight,
    });

    // The Main hall's staff may not serve it: refused, naming the North hall, and not spent.
    const mainStaffToken = await apiTokenFor(request, { email: demoUsers.staff, password: demoPassword });
    const refused = await request.post('/api/redemptions', {
      headers: { authorization: `Bearer ${mainStaffToken}` },
      data: { shortCode, servingId: tonight },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({
      reason: 'other-hall',
      message: expect.stringContaining('North hall'),
    });
    const northStaff = await (await browser.newContext()).newPage();
    await useSavedSignIn(northStaff, 'northStaff');
    await northStaff.goto('/dashboard/counter');
    await northStaff.getByLabel('Serving').selectOption({ value: tonight });
    await northStaff.getByLabel('Short code').fill(shortCode);
    await northStaff.getByRole('button', { name: 'Check code' }).click();
    const answer = northStaff.getByTestId('counter-answer');
    await expect(answer).toContainText(member.name);
    await expect(answer).not.toContainText('Do not serve');

    // Next month: one meal at the North hall is allowed, a second is refused; home is not counted.
    const [first, second] = [addDays(today, 10), addDays(today, 11)];
    const plan = (hallId: string, mealId: string, date: string) =>
      insertThroughApi(request, adminToken, '/servings', { hallId, mealId, date, slot: 'dinner' });
    const [, , mainFirst] = await Promise.all([
      plan(northHall, northMeal, first),
      plan(northHall, northMeal, second),
      plan(mainHall, mainMeal, first),
    ]);
    const resident = await (await browser.newContext()).newPage();
    await loginAs(resident, member.email, { password: member.password });
    await resident.goto(`/menu?hall=${northHall}&from=${first}`);
    await expect(resident.getByRole('combobox', { name: 'Hall' })).toHaveValue(northHall);
    const reserve = (date: string, title: string) =>
      resident
        .getByTestId(`menu-day-${date}`)
        .getByRole('listitem')
        .filter({ hasText: title })
        .getByRole('button', { name: new RegExp(`^Reserve: .*${title}`) });
    await reserve(first, northTitle).click();
    await expect(resident.getByTestId(`menu-day-${first}`).getByRole('listitem')).toContainText('Reserved');
    await reserve(second, northTitle).click();
    await expect(resident.getByRole('dialog')).toContainText('you may eat at another hall 1 time a month');
    // At home the same month: not a switch.
    const home = await callApi<{ insertedId: string }>(request, memberToken, 'POST', '/meal-request', {
      mealId: mainMeal,
      servingId: mainFirst,
    });
    expect(home).toHaveProperty('insertedId');

    // Each hall's kitchen counts its own: one reserved at each, neither sees the other's.
    const mainStaff = await (await browser.newContext()).newPage();
    await useSavedSignIn(mainStaff, 'staff');
    const mainRow = await kitchenRow(mainStaff, first, mainTitle);
    await expect(mainRow.getByRole('cell').nth(3)).toHaveText('1');
    await expect(mainStaff.getByRole('row').filter({ hasText: northTitle })).toHaveCount(0);
    const northRow = await kitchenRow(northStaff, first, northTitle);
    await expect(northRow.getByRole('cell').nth(3)).toHaveText('1');
    await expect(northStaff.getByRole('row').filter({ hasText: mainTitle })).toHaveCount(0);
  } finally {
    await callApi(request, adminToken, 'PUT', '/hall-settings', settings);
  }
});
