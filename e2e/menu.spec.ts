// The weekly menu from plan to plate (issue 22): the admin plans a lunch with two places, a
// member reserves one from /menu, the admin's open kitchen view counts it live and counts it
// out again when the member cancels; once the cutoff has passed, a reservation is refused. It
// runs late on a month's last day, so tomorrow's lunch is in the next month.
import { expect, test, type Page } from './support/test.js';
import { loginAs, useSavedSignIn } from './support/auth.js';
import { dialog, expectDialog } from './support/dialogs.js';
import { confirmWith, expectTimedDialog, memberWithOwnMeal } from './dashboard-fixtures.js';
import { keepHostelTime } from './support/hostel-clock.js';

test.use({ atMonthEnd: true });

/** How long a change may take to reach an open page. */
const liveWithinMs = 5000;

type MenuAnswer = { timeZone: string; days: { date: string }[] };

/** `date` moved by `days` calendar days. */
const addDays = (date: string, days: number) => {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + days)).toISOString().slice(0, 10);
};
/** "Tue 25 Nov", as the site names a day. */
const dayShort = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })
    .format(new Date(`${date}T00:00:00Z`))
    .replace(',', '');
/** The hostel's wall-clock date and time of an instant: ["2026-11-25", "12:34:56"] (Swedish dates are ISO). */
const hostelWallClock = (instant: number, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'medium' })
    .format(new Date(instant))
    .split(' ');

/** The planner at the week holding `date` (this week or the next), and that day's column. */
async function openPlannerOn(page: Page, date: string) {
  await page.goto('/dashboard/menu-planner');
  await expect(page.getByTestId(/^planner-day-/).first()).toBeVisible();
  const day = page.getByTestId(`planner-day-${date}`);
  if ((await day.count()) === 0) await page.getByRole('button', { name: /Next week/ }).click();
  await expect(day).toBeVisible();
  return day;
}

async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { liveMark: string }).liveMark = 'still here'));
}
const expectNotReloaded = async (page: Page) =>
  expect(await page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark)).toBe('still here');

test('a lunch planned with two places is reserved from the menu, counted live in the kitchen, and closed at its cutoff', async ({
  browser,
  request,
  hostelNow,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { member, title } = await memberWithOwnMeal(request, 'Menu Lunch');
  const todayMenu = (await (await request.get('/api/menu?days=1')).json()) as MenuAnswer;
  const { timeZone } = todayMenu;
  const today = todayMenu.days[0]!.date;
  // Tomorrow's lunch: its default cutoff (10:00 that day) is still ahead whatever the time now.
  const date = addDays(today, 1);
  const lunchOn = `Lunch on ${dayShort(date)}`;

  // The admin plans it in the week that holds tomorrow.
  const admin = await (await browser.newContext()).newPage();
  await useSavedSignIn(admin, 'admin');
  const plannerDay = await openPlannerOn(admin, date);
  await plannerDay.getByRole('button', { name: `Add a meal: ${lunchOn}` }).click();
  const addDialog = admin.getByRole('dialog');
  await addDialog.getByLabel('Search the meals').fill(title);
  await addDialog.getByLabel('Capacity (blank: no limit)').fill('2');
  await addDialog.getByRole('button', { name: `Add ${title}` }).click();
  await expectTimedDialog(admin, 'Added to the menu');
  await expect(plannerDay.getByText(title)).toBeVisible();
  await expect(plannerDay).toContainText('0/2');

  // The kitchen view of that day, left open.
  await admin.goto('/dashboard/kitchen');
  await admin.getByLabel('Day', { exact: true }).fill(date);
  const servings = admin.getByRole('table', { name: /^Servings on/ });
  const kitchenRow = servings.getByRole('row').filter({ hasText: title });
  await expect(kitchenRow).toBeVisible();
  await expect(admin.getByRole('status').filter({ hasText: /^Live$/ })).toBeVisible();
  const reservedCell = kitchenRow.getByRole('cell').nth(3);
  await expect(reservedCell).toHaveText('0');
  await markPage(admin);

  // The member reserves a place from /menu.
  const resident = await (await browser.newContext()).newPage();
  await loginAs(resident, member.email, { password: member.password });
  await resident.goto('/menu');
  const menuDay = resident.getByTestId(`menu-day-${date}`);
  const serving = menuDay.getByRole('listitem').filter({ hasText: title });
  await expect(serving).toContainText('2 places left');
  await serving.getByRole('button', { name: `Reserve: ${lunchOn}: ${title}` }).click();
  await expectTimedDialog(resident, 'Place reserved');
  await expect(serving).toContainText('Reserved');
  await expect(serving).toContainText('1 place left');

  // The kitchen counts it without a reload.
  await expect(reservedCell).toHaveText('1', { timeout: liveWithinMs });
  await expectNotReloaded(admin);

  // The member cancels; the kitchen counts it out.
  await serving.getByRole('button', { name: `Cancel your reservation for ${lunchOn}: ${title}` }).click();
  await confirmWith(resident, 'Yes, cancel it');
  await expect(serving.getByRole('button', { name: `Reserve: ${lunchOn}: ${title}` })).toBeEnabled();
  await expect(reservedCell).toHaveText('0', { timeout: liveWithinMs });
  await expectNotReloaded(admin);

  // The admin closes reservations a minute from now.
  await openPlannerOn(admin, date);
  await plannerDay.getByRole('button', { name: `Change ${title}: ${lunchOn}` }).click();
  const editDialog = admin.getByRole('dialog');
  const [cutoffDate, cutoffTime] = hostelWallClock(hostelNow!.getTime() + 60_000, timeZone);
  await editDialog.getByLabel('Reservations close on').fill(cutoffDate!);
  await editDialog.getByLabel('Reservations close at').fill(cutoffTime!);
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expectTimedDialog(admin, 'Serving updated');

  // Two minutes on, the member's page still offers Reserve (it was read before); the API
  // refuses after the cutoff.
  await keepHostelTime(resident.context(), baseURL!, new Date(hostelNow!.getTime() + 120_000));
  await serving.getByRole('button', { name: `Reserve: ${lunchOn}: ${title}` }).click();
  await expectDialog(resident, /closed/i);
  await dialog(resident).locator('.swal2-confirm').click();
  await expect(serving.getByRole('button', { name: `Reservations closed: ${lunchOn}: ${title}` })).toBeDisabled();
});
