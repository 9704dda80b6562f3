import { expect, test } from './support/test.js';
import { confirmWith, createStudent, expectTimedDialog } from './dashboard-fixtures.js';
import { demoUsers, loginAs, useSavedSignIn } from './support/auth.js';

test('a student who types an admin URL lands on the home page', async ({ page, request }) => {
  const student = await createStudent(request);
  await loginAs(page, student.email, { password: student.password });
  await page.goto('/dashboard/manage-users');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Manage Users' })).toHaveCount(0);
});

test('a visitor opening a dashboard page signs in and comes back to it', async ({ page, request }) => {
  const student = await createStudent(request);
  await page.goto('/dashboard/my-reviews');
  await loginAs(page, student.email, { password: student.password, alreadyOnPage: true });
  await expect(page).toHaveURL(/\/dashboard\/my-reviews$/);
  await expect(page.getByRole('heading', { name: 'My Reviews' })).toBeVisible();
  await expect(page.getByText(`Welcome, ${student.name}`)).toBeVisible();
});

test("the admin makes a student an admin and the student's next visit shows the admin menu", async ({
  browser,
  request,
}) => {
  const student = await createStudent(request);
  const studentPage = await (await browser.newContext()).newPage();
  await loginAs(studentPage, student.email, { password: student.password });
  await studentPage.goto('/dashboard');
  await expect(studentPage).toHaveURL(/\/dashboard\/my-profile$/);
  const studentMenu = studentPage.getByRole('navigation', { name: 'Dashboard' });
  await expect(studentMenu.getByRole('link', { name: 'My Reviews' })).toBeVisible();
  await expect(studentMenu.getByRole('link', { name: 'Manage Users' })).toHaveCount(0);

  const adminPage = await (await browser.newContext()).newPage();
  await useSavedSignIn(adminPage, 'admin');
  await adminPage.goto('/dashboard/manage-users');
  await adminPage.getByLabel('Search users').fill(student.email);
  await expect(adminPage.getByRole('row').filter({ hasText: demoUsers.member })).toHaveCount(0);
  const row = adminPage.getByRole('row').filter({ hasText: student.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('student');
  await row.getByRole('button', { name: `Make Admin: ${student.name}` }).click();
  await confirmWith(adminPage, 'Yes, make admin');
  await expectTimedDialog(adminPage, `${student.name} is now an admin`);
  await expect(row.getByRole('button', { name: `Make Admin: ${student.name}` })).toBeDisabled();

  // The role is read on every request: the student's next visit gets the admin dashboard.
  await studentPage.goto('/dashboard');
  await expect(studentPage).toHaveURL(/\/dashboard\/admin-profile$/);
  await expect(studentMenu.getByRole('link', { name: 'Manage Users' })).toBeVisible();
  await studentMenu.getByRole('link', { name: 'Manage Users' }).click();
  await expect(studentPage.getByRole('heading', { name: 'Manage Users' })).toBeVisible();
});
