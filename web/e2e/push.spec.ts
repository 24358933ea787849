import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { createConfirmedAccount, signIn, uniqueEmail } from './support/accounts';

// Web Push (issue 31). Headless Chromium here has no push service to
// subscribe with, so the sending is tested in Go against a local push
// service; this is the switch a singer sees.
test('the notifications page offers push on this device and asks nothing before a tap', async ({ page, request }) => {
  const email = uniqueEmail('push');
  await createConfirmedAccount(request, email);
  await signIn(page, email);
  // A new account without a choir lands on the wizard; wait for it, or the
  // sign-in's own redirect overtakes the next page.
  await expect(page).toHaveURL(/\/choir-registration/, { timeout: 30_000 });
  await page.goto('/account/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications on this device' })).toBeVisible();
  const toggle = page.getByRole('switch', { name: 'Notifications on this device' });
  await expect(toggle).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toHaveAccessibleDescription(/RSVP reminders and announcements from your choirs/);
  // Arriving asked nothing: the browser's answer is still the one it had.
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  await expectAccessible(page);
});
