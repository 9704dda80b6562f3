// Insights (issue 25): the admin opens Insights from the dashboard's menu; the revenue chart
// and its table show the demo's past months (from the first day of the sixth month before the
// seed's), and the payments CSV of the range holds the rows that make each month's net revenue,
// read late on a month's last day. axe stays clean on the chart and its table.
import { readFile } from 'node:fs/promises';
import { parseCsv } from '../scripts/lib/csv-rows.mjs';
import { historyStart } from '../scripts/lib/demo-history.mjs';
import { shiftMonth } from '../packages/contracts/src/hostel-time.js';
import { paymentsCsvHeader } from '../packages/contracts/src/insights.js';
import { hostelDate } from '../packages/contracts/src/quota.js';
import { expect, test, type Locator, type Page } from './support/test.js';
import { expectNoSeriousA11yViolations } from './support/a11y.js';
import { useSavedSignIn } from './support/auth.js';

type MenuAnswer = { timeZone: string };

/** The month of an instant on the hostel's calendar, `YYYY-MM`. */
const hostelMonth = (instant: number, timeZone: string) => {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).formatToParts(
    new Date(instant),
  );
  return `${parts.find((part) => part.type === 'year')!.value}-${parts.find((part) => part.type === 'month')!.value}`;
};
/** "Nov 2026", as the site names a month in a table. */
const monthLabel = (month: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
/** "$1,234.50", as the site shows money. */
const dollars = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** Clicks a download button and reads the file the page saved. */
async function downloadFrom(page: Page, button: string) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await download;
  return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') };
}

test.describe('late on the last day of last month', () => {
  test.use({ atMonthEnd: true });

  test('the admin reads the revenue of the past months as a chart and a table, and downloads the payments behind it', async ({
    page,
    request,
    hostelNow,
  }) => {
    test.setTimeout(90_000);
    const { timeZone } = (await (await request.get('/api/menu?days=1')).json()) as MenuAnswer;
    const thisMonth = hostelMonth(hostelNow!.getTime(), timeZone);
    const months = Array.from({ length: 12 }, (_, index) => shiftMonth(thisMonth, index - 11));

    await useSavedSignIn(page, 'admin');
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Insights' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
    // The last 12 months by default.
    await expect(page.getByRole('radio', { name: 'Last 12 months' })).toBeChecked();

    // Each chart is a region named by its heading: the finding in words.
    const revenue = page.getByRole('region', { name: /^Revenue (rose|fell|held|in) / });
    const finding = (await revenue.getByRole('heading', { level: 2 }).textContent())!;
    await expect(revenue.getByRole('img', { name: finding })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'charts');

    await revenue.getByRole('button', { name: 'View as table' }).click();
    const table = revenue.getByRole('table', { name: 'Revenue by month' });
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(12);
    const tableRows = await rows.evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '')),
    );
    expect(tableRows.map((row) => row[0])).toEqual(months.map(monthLabel));
    const tableByMonth = new Map(months.map((month, index) => [month, tableRows[index]!]));
    // The demo's past, seeded on the real clock: money in each month from its first to the one
    // before this, five of them late on last month's last day (the unit sweep,
    // scripts/lib/demo-history.test.mjs, holds the six on every day of two years).
    const firstMonth = historyStart(shiftMonth, hostelDate(Date.now(), timeZone)).slice(0, 7);
    const pastMonths = months.slice(0, -1).filter((month) => month >= firstMonth);
    expect(pastMonths).toHaveLength(5);
    for (const month of pastMonths) expect(tableByMonth.get(month)![1], month).not.toBe('$0.00');
    await expectNoSeriousA11yViolations(page, 'revenue table');

    // The payments of the same twelve months, as the accountant gets them.
    const payments = await downloadFrom(page, 'Download payments CSV');
    expect(payments.name).toBe(`payments-${months[0]}-to-${thisMonth}.csv`);
    // With the demo's two halls, each payment names its payer's hall in the month paid.
    expect(parseCsv(payments.text)[0]).toEqual([...paymentsCsvHeader, 'hall']);
    const [, ...paymentRows] = parseCsv(payments.text);
    const byMonth = new Map<string, { count: number; netCents: number }>();
    for (const [date, , , , amount, , , , status] of paymentRows) {
      const month = date!.slice(0, 7);
      expect(months, `a payment of ${date} in the range`).toContain(month);
      const total = byMonth.get(month) ?? { count: 0, netCents: 0 };
      total.count += 1;
      // A refunded or disputed payment counts against the month it was paid in.
      if (status !== 'refunded' && status !== 'disputed') total.netCents += Math.round(Number(amount) * 100);
      byMonth.set(month, total);
    }
    // Each past month's rows add up to the chart's net revenue and its count of payments. (This
    // month's may grow while the journey runs: other journeys pay in it.)
    for (const month of pastMonths) {
      const total = byMonth.get(month);
      expect(total, `payments of ${month}`).toBeDefined();
      expect(dollars(total!.netCents), `net revenue of ${month}`).toBe(tableByMonth.get(month)![1]);
      expect(String(total!.count), `payments of ${month}`).toBe(tableByMonth.get(month)![5]);
    }

    // Every member, with an honest header row; the demo's residents are among them, and with
    // its two halls each member's hall (the demo member eats at the Main hall).
    const members = await downloadFrom(page, 'Download members CSV');
    const [membersHeader, ...memberRows] = parseCsv(members.text);
    expect(membersHeader).toEqual(['name', 'email', 'tier', 'status', 'renews or ends', 'hall']);
    expect(memberRows.map(([name]) => name)).toContain('Zara Quinn (demo)');
    expect(memberRows.find(([, email]) => email === 'member@hostelhub.test')?.[5]).toBe('Main hall');

    // The Main hall's page (the demo's past was all eaten there): its days' reservations add up
    // to its row of the halls side by side.
    await page.getByRole('combobox', { name: 'Hall' }).selectOption({ label: 'Main hall' });
    await expect(page).toHaveURL(/[?&]hall=main(&|$)/);
    await expect(page.getByText(/^Main hall’s reservations, meals, ratings/)).toBeVisible();
    // The charts show the last answer until the hall's arrives.
    await expect(page.locator('[aria-busy]')).toHaveAttribute('aria-busy', 'false');
    const cellsOf = (table: Locator) =>
      table
        .locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '')));
    const chart = (title: string) => page.getByRole('region').filter({ has: page.getByText(title, { exact: true }) });
    const tableOf = async (title: string) => {
      await chart(title).getByRole('button', { name: 'View as table' }).click();
      return cellsOf(chart(title).getByRole('table', { name: title }));
    };
    const hallRow = (await tableOf('Meals by hall')).find(([name]) => name === 'Main hall');
    const days = await tableOf('Meals per day');
    const reserved = days.reduce((sum, row) => sum + Number(row[2]), 0);
    expect(reserved).toBeGreaterThan(0);
    expect(String(reserved)).toBe(hallRow![1]);
  });
});

test('the range is kept in the address: the last 3 months ask for three', async ({ page, request }) => {
  const { timeZone } = (await (await request.get('/api/menu?days=1')).json()) as MenuAnswer;
  const thisMonth = hostelMonth(Date.now(), timeZone);
  await useSavedSignIn(page, 'admin');
  await page.goto('/dashboard/insights');
  await page.getByRole('radio', { name: 'Last 3 months' }).click();
  await expect(page).toHaveURL(/\/dashboard\/insights\?range=last-3$/);
  const revenue = page.getByRole('region', { name: /^Revenue / });
  await revenue.getByRole('button', { name: 'View as table' }).click();
  const months = [-2, -1, 0].map((by) => monthLabel(shiftMonth(thisMonth, by)));
  await expect(revenue.getByRole('table', { name: 'Revenue by month' }).locator('tbody tr td:first-child')).toHaveText(
    months,
  );
  // Reloaded, the page shows the same range.
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Last 3 months' })).toBeChecked();
});
