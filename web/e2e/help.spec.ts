import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { createConfirmedAccount, PASSWORD, signIn, uniqueEmail } from './support/accounts';
import { ok, ROMAN_CATHOLIC } from './support/api';

// The help center (issue 30): guides embedded in the binary, open to
// everyone, and a "?" in the shell leading to the page's own guide.

for (const { name, viewport } of [
  { name: 'a desktop', viewport: { width: 1280, height: 800 } },
  { name: 'a phone', viewport: { width: 390, height: 844 } },
]) {
  test.describe(`on ${name}`, () => {
    test.use({ viewport });

    test('a visitor finds the practice guide from the footer, signed out, and opens it', async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto('/about');
      await page.getByRole('contentinfo').getByRole('link', { name: 'Help Center' }).click();
      await expect(page).toHaveURL(/\/help$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Guides' }).getByRole('listitem').first()).toBeVisible();
      await expectAccessible(page);

      await page.getByRole('textbox', { name: 'Search guides' }).fill('practice studio');
      const list = page.getByRole('list', { name: 'Guides' });
      await expect(list.getByRole('listitem').first()).toContainText('The practice studio');
      await list.getByRole('link', { name: 'The practice studio' }).click();

      await expect(page).toHaveURL(/\/help\/practice-studio$/);
      await expect(page.getByRole('heading', { level: 1, name: 'The practice studio' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Loop a hard passage' })).toBeVisible();
      await expectAccessible(page);
    });

    test('a director opens the guide of the page on screen from the "?" in the top bar', async ({ page, request }) => {
      test.setTimeout(150_000);
      const director = uniqueEmail('director');
      await createConfirmedAccount(request, director, 'Johann', 'Kuhnau');
      await ok(request.post('/api/v1/auth/login', { data: { email: director, password: PASSWORD } }));
      await ok(
        request.post('/api/v1/choirs', {
          data: { name: 'Parish Choir', country: 'GB', religiousAffiliationId: ROMAN_CATHOLIC, timeZone: 'Europe/London' },
        }),
        201,
      );
      await signIn(page, director);
      await expect(page).toHaveURL(/\/dashboard$/);
      // The sign-in toast lies over the top bar's right end: closed first, as a thumb would.
      const welcome = page.getByRole('alert').filter({ hasText: 'Welcome back!' });
      await welcome.getByRole('button', { name: 'Close notification' }).click();
      await expect(welcome).toBeHidden();

      await page.goto('/dashboard/calendar');
      await page.getByRole('banner').getByRole('link', { name: 'Help for this page' }).click();
      await expect(page).toHaveURL(/\/dashboard\/help\/calendar$/);
      await expect(page.getByRole('heading', { level: 1, name: 'The calendar and recurring events' })).toBeVisible();
      await expectAccessible(page);

      // The guide's own links lead back into the app, still in the shell.
      await page.getByRole('link', { name: 'All guides' }).click();
      await expect(page).toHaveURL(/\/dashboard\/help$/);
      await expect(page.getByRole('list', { name: 'Guides' }).getByRole('listitem').first()).toContainText('Getting started as a choir director');
      await expectAccessible(page);
    });
  });
}
