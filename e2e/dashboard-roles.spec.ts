import { expect, test } from '@playwright/test';
import { createStudent, demoAdmin, signIn } from './dashboard-fixtures.js';

test('a student who types an admin URL lands on the home page', async ({ page }) => {
  const student = await createStudent();
  await signIn(page, student);
  await page.goto('/dashboard/manage-users');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Manage Users' })).toHaveCount(0);
});

test('an anonymous visitor is sent to /login and back to the dashboard', async ({ page }) => {
  const student = await createStudent();
  await page.goto('/dashboard/my-reviews');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel(/email/i).fill(student.email);
  await page.getByLabel(/password/i).fill(student.password);
  await page.getByRole('button', { name: /^(login|log in|sign in)$/i }).click();
  await expect(page).toHaveURL(/\/dashboard\/my-reviews$/);
  await expect(page.getByRole('heading', { name: 'My Reviews' })).toBeVisible();
});

test("the admin makes a student an admin and the student's next visit shows the admin menu", async ({ browser }) => {
  const student = await createStudent();
  const studentPage = await (await browser.newContext()).newPage();
  await signIn(studentPage, student);
  await studentPage.goto('/dashboard');
  await expect(studentPage).toHaveURL(/\/dashboard\/my-profile$/);
  const studentMenu = studentPage.getByRole('navigation', { name: 'Dashboard' });
  await expect(studentMenu.getByRole('link', { name: 'Manage Users' })).toHaveCount(0);

  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, demoAdmin);
  await adminPage.goto('/dashboard/manage-users');
  await adminPage.getByLabel('Search users').fill(student.email);
  const row = adminPage.getByRole('row').filter({ hasText: student.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('student');
  await row.getByRole('button', { name: `Make ${student.name} an admin` }).click();
  await adminPage.getByRole('button', { name: 'Yes, make admin' }).click();
  await expect(row.getByRole('button', { name: `Make ${student.name} an admin` })).toBeDisabled();
  await expect(row).toContainText('admin');

  await studentPage.goto('/dashboard');
  await expect(studentPage).toHaveURL(/\/dashboard\/admin-profile$/);
  await expect(studentMenu.getByRole('link', { name: 'Manage Users' })).toBeVisible();
  await studentPage.goto('/dashboard/manage-users');
  await expect(studentPage.getByRole('heading', { name: 'Manage Users' })).toBeVisible();
});
