import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { confirmDialog } from './dialogs.js';

/** The password of every demo account (scripts/lib/demo-data.mjs). */
export const demoPassword = 'password123';

export const demoUsers = {
  admin: 'admin@hostelhub.test',
  student: 'student@hostelhub.test',
  member: 'member@hostelhub.test',
  staff: 'staff@hostelhub.test',
  /** Staff of the demo's second hall (ADR 72). */
  northStaff: 'north@hostelhub.test',
} as const;

export type DemoRole = keyof typeof demoUsers;

/**
 * Where the global setup (e2e/global-setup.ts) keeps each demo account's sign-in, made once
 * through the login page: its cookies, localStorage (the API token) and IndexedDB (Firebase
 * Auth). One folder per emulator port offset, so side-by-side runs keep their own.
 */
export const savedSignInPath = (role: DemoRole) =>
  fileURLToPath(
    new URL(`../../.cache/e2e-sign-ins-${process.env.EMULATOR_PORT_OFFSET ?? 0}/${role}.json`, import.meta.url),
  );

/**
 * Signs `page`'s context in as a demo account from its saved sign-in, for the journeys that
 * are not about signing in (those go through the login page with loginAs). The next page
 * loaded is signed in.
 */
export async function useSavedSignIn(page: Page, role: DemoRole) {
  await page.context().setStorageState(savedSignInPath(role));
}

/** An address no other test uses, so tests can create their own accounts. */
export const uniqueEmail = (prefix = 'resident') =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@hostelhub.test`;

export const accountMenuButton = (page: Page) => page.getByRole('button', { name: 'Account menu' });
const joinUsLink = (page: Page) => page.getByRole('link', { name: 'Join Us' });

/** Waits until the header shows the signed-in avatar menu. */
export async function expectSignedIn(page: Page) {
  await expect(accountMenuButton(page)).toBeVisible();
}

export async function expectSignedOut(page: Page) {
  await expect(joinUsLink(page)).toBeVisible();
  await expect(accountMenuButton(page)).toHaveCount(0);
}

/**
 * Signs in through /login with email and password and closes the welcome dialog. With
 * `alreadyOnPage` it fills the login page that is open (reached with a path to come back to).
 */
export async function loginAs(page: Page, email: string, options: { password?: string; alreadyOnPage?: boolean } = {}) {
  const password = options.password ?? demoPassword;
  if (!options.alreadyOnPage) await page.goto('/login');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await confirmDialog(page, 'Welcome back', 'You login successfully');
  await expectSignedIn(page);
  // The API token and profile are in place once the page may call protected routes.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
}

/**
 * Creates a fresh account through /register; returns its email. With `alreadyOnPage` it fills
 * the register page that is open (reached with a path to come back to).
 */
export async function registerNewUser(
  page: Page,
  options: { name?: string; email?: string; alreadyOnPage?: boolean } = {},
) {
  const email = options.email ?? uniqueEmail();
  if (!options.alreadyOnPage) await page.goto('/register');
  await page.getByLabel('Name').fill(options.name ?? 'Test Resident');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await confirmDialog(page, 'Account Created Successful');
  await expectSignedIn(page);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
  return email;
}

/** Logs out through the avatar menu and closes the confirmation. */
export async function logOut(page: Page) {
  await accountMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await confirmDialog(page, 'Log out successful', 'You successfully log out');
  await expectSignedOut(page);
}
