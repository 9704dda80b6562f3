// The counter (issue 24): a member shows their meal pass, the kitchen staff type its short
// code at the counter and get a green Serve, the served count moves, and the same code again
// is refused as already served.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import qrcode from 'qrcode-generator';
import { chromiumFlags } from '../scripts/lib/chromium-flags.mjs';
import { expect, test } from './support/test.js';
import { expectNoSeriousA11yViolations } from './support/a11y.js';
import { loginAs, useSavedSignIn } from './support/auth.js';
import { keepHostelTime } from './support/hostel-clock.js';
import { apiTokenFor, callApi, insertThroughApi, memberWithOwnMeal, servingOpenAllDay } from './dashboard-fixtures.js';

// The counter serves what is open now: the journeys run at a fixed hostel time, late on a
// month's last day.
test.use({ atMonthEnd: true });

test('a member’s pass is served once at the counter by kitchen staff', async ({ browser, request, hostelNow }) => {
  test.setTimeout(120_000);
  const { member, adminToken, title, mealId } = await memberWithOwnMeal(request, 'Counter Stew');
  // The member reserves it now.
  const { today, servingId } = await servingOpenAllDay(request, adminToken, mealId, 'dinner', hostelNow);

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
  await useSavedSignIn(staff, 'staff');
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
  await useSavedSignIn(page, 'staff');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/counter$/);
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(menu.getByRole('link')).toHaveText(['Counter', 'Kitchen', 'Serve Meals', 'Complaints', 'My Profile']);
  await page.goto('/dashboard/manage-users');
  await expect(page).toHaveURL(/\/$/);
});

/**
 * A short Y4M video of `text` as a QR code, black on white, for Chromium's fake camera: the
 * counter then reads a real camera stream, as it would a phone held up to it.
 */
function qrVideo(text: string): string {
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  const modules = code.getModuleCount();
  const scale = 5;
  const size = 480;
  const offset = Math.floor((size - modules * scale) / 2);
  const luma = Buffer.alloc(size * size, 255);
  for (let row = 0; row < modules; row++) {
    for (let col = 0; col < modules; col++) {
      if (!code.isDark(row, col)) continue;
      for (let y = 0; y < scale; y++) {
        luma.fill(
          0,
          (offset + row * scale + y) * size + offset + col * scale,
          (offset + row * scale + y) * size + offset + (col + 1) * scale,
        );
      }
    }
  }
  const chroma = Buffer.alloc((size / 2) * (size / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const file = join(mkdtempSync(join(tmpdir(), 'counter-')), 'pass.y4m');
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${size} H${size} F5:1 Ip A1:1 C420jpeg\n`), ...Array(10).fill(frame)]),
  );
  return file;
}

test('the counter reads a pass from the camera and serves it once', async ({
  request,
  baseURL,
  playwright,
  hostelNow,
}) => {
  test.setTimeout(120_000);
  const { member, adminToken, title, mealId } = await memberWithOwnMeal(request, 'Camera Soup');
  const { servingId } = await servingOpenAllDay(request, adminToken, mealId, 'lunch', hostelNow);
  const memberToken = await apiTokenFor(request, member);
  const requestId = await insertThroughApi(request, memberToken, '/meal-request', { mealId, servingId });
  const pass = await callApi<{ token: string }>(request, memberToken, 'POST', '/passes', { requestId });

  // A browser of its own: the fake camera's video is made from the pass just issued.
  const browser = await playwright.chromium.launch({
    executablePath: process.env.CHROMIUM_PATH,
    args: [
      ...chromiumFlags,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${qrVideo(pass.token)}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL, permissions: ['camera'] });
    await keepHostelTime(context, baseURL!, hostelNow!);
    const staff = await context.newPage();
    await useSavedSignIn(staff, 'staff');
    await staff.goto('/dashboard/counter');
    await staff.getByLabel('Serving').selectOption({ value: servingId });
    await expect(staff.getByTestId('counter-count')).toHaveText('0 served / 1 reserved');
    await staff.getByRole('button', { name: 'Scan with the camera' }).click();

    const answer = staff.getByTestId('counter-answer');
    await expect(answer).toContainText(member.name, { timeout: 20_000 });
    await expect(answer).toContainText(title);
    await expect(answer).not.toContainText('Do not serve');
    await staff.getByRole('button', { name: 'Next' }).click();
    await expect(staff.getByTestId('counter-count')).toHaveText('1 served / 1 reserved');

    // The same pass, still in front of the camera, is read again: already served.
    await expect(answer).toContainText('Do not serve', { timeout: 20_000 });
    await expect(answer).toContainText(/already served/i);
  } finally {
    await browser.close();
  }
});
