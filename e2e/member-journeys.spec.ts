import { expect, test } from './support/test.js';
import { demoUsers, expectSignedIn, loginAs, logOut, registerNewUser, useSavedSignIn } from './support/auth.js';
import { confirmDialog, expectDialog } from './support/dialogs.js';

test('a visitor registers, is sent to membership when requesting, likes and reviews a meal', async ({ page }) => {
  // Liking as a visitor asks for an account first, then comes back to the meal.
  await page.goto('/meal/meal-05');
  await expect(page.getByRole('heading', { level: 1, name: 'Shakshuka Skillet' })).toBeVisible();
  await page.getByRole('button', { name: /^Like/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Sign in to like Shakshuka Skillet')).toBeVisible();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await registerNewUser(page, { name: 'Nina Newcomer', alreadyOnPage: true });
  await expect(page).toHaveURL(/\/meal\/meal-05$/);

  // Requesting needs a membership: the home page opens at the packages.
  await page.getByRole('button', { name: 'Request Meal' }).click();
  await expect(page).toHaveURL(/\/$/);
  const membership = page.getByRole('heading', { name: 'Upgrade Your Membership' });
  await expect(membership).toBeInViewport();
  await expect(page.getByText('Meal requests are for members: choose a plan')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Gold' })).toHaveAttribute('href', '/checkout/gold');

  // Like once: the count goes up by one and the button stays disabled, also after a reload.
  await page.goto('/meal/meal-05');
  const like = page.getByRole('button', { name: /^Like/ });
  const before = Number(await like.getByLabel(/likes$/).textContent());
  await like.click();
  const liked = page.getByRole('button', { name: /^Liked/ });
  await expect(liked).toBeDisabled();
  await expect(liked.getByLabel(/likes$/)).toHaveText(String(before + 1));
  await page.reload();
  await expect(page.getByRole('button', { name: /^Liked/ })).toBeDisabled();

  // Review: the comment is required, then the review appears in the list.
  const heading = page.getByRole('heading', { name: /^Reviews \(\d+\)$/ });
  const reviewsBefore = Number((await heading.textContent())!.match(/\d+/)![0]);
  await page.getByRole('button', { name: 'Post Review' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  // The star input is a radio group: keyboard users pick a rating with Space and arrows.
  await page.getByRole('radio', { name: '3 stars' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await page.getByPlaceholder('Write your review here...').fill('Spicy and warming, great with the bread.');
  await page.getByRole('button', { name: 'Post Review' }).click();
  await confirmDialog(page, 'Review added successfully');
  await expect(page.getByRole('heading', { name: `Reviews (${reviewsBefore + 1})` })).toBeVisible();
  const review = page.getByRole('listitem').filter({ hasText: 'Spicy and warming, great with the bread.' });
  await expect(review).toContainText('Nina Newcomer');
  await expect(page.getByRole('heading', { name: 'Thanks for your review' })).toBeVisible();

  await logOut(page);
});

test('the seeded member requests a meal and sees the success dialog', async ({ page }) => {
  await useSavedSignIn(page, 'member');
  await page.goto('/meal/meal-04');
  await expect(page.getByRole('heading', { level: 1, name: 'Berry Yogurt Parfait' })).toBeVisible();
  await page.getByRole('button', { name: 'Request Meal' }).click();
  await expectDialog(page, 'Meal Requested Successfully');
  // It closes by itself after 1.5 s.
  await expect(page.locator('.swal2-popup')).toBeHidden({ timeout: 4000 });

  // Requested: no button to press twice, and the way to follow it.
  await expect(page.getByText('Requested · see My requests')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request Meal' })).toHaveCount(0);
  // After a reload the button is back; pressing it again says it is already requested, not an error.
  await page.reload();
  await page.getByRole('button', { name: 'Request Meal' }).click();
  await expect(page.getByText('Requested · see My requests')).toBeVisible();
  await expect(page.locator('.swal2-popup')).toHaveCount(0);
  await page.getByRole('link', { name: 'see My requests' }).click();
  await expect(page).toHaveURL(/\/dashboard\/requested-meal$/);
  await expectSignedIn(page);
});

test('members like upcoming meals once; Bronze students see Premium Only', async ({ page }) => {
  await useSavedSignIn(page, 'member');
  await page.goto('/upcoming-meals');
  await expect(page.getByRole('button', { name: 'Liked Sushi Friday Platter' })).toBeDisabled();
  await expect(page.getByText('Premium Only')).toHaveCount(0);
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Korean BBQ Bowl' }) });
  const count = card.getByTestId('like-count');
  const before = parseInt((await count.textContent()) ?? '', 10);
  await card.getByRole('button', { name: 'Like Korean BBQ Bowl' }).click();
  const liked = card.getByRole('button', { name: 'Liked Korean BBQ Bowl' });
  await expect(liked).toBeDisabled();
  await expect(count).toHaveText(new RegExp(`^${before + 1} likes?$`));
  await logOut(page);

  // Another account signs in through the login page in the same tab.
  await loginAs(page, demoUsers.student);
  await page.goto('/upcoming-meals');
  await expect(page.getByText('Premium Only').first()).toBeVisible();
  await page.getByRole('button', { name: 'Like Belgian Waffle Bar' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Upgrade Your Membership' })).toBeInViewport();
});
