import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { createConfirmedAccount, PASSWORD, signIn, uniqueEmail } from './support/accounts';
import { linkIn, mailTo } from './support/mailbox';
import { nextStepCode } from './support/totp';

test('register, confirm from the email, sign in remembered, reload, sign out', async ({ page, context }) => {
  const email = uniqueEmail('ada');
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText(`Registration Started: we've sent a confirmation email to ${email}.`, { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // Before confirming, the right password is refused with a way to resend.
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(/confirm your email address before signing in/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend confirmation email' })).toBeVisible();

  const mail = await mailTo(email, 'Confirm your Cantica account');
  await page.goto(linkIn(mail, '/auth/callback?confirm='));
  await expect(page.getByText('Your email is confirmed. You can sign in now.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Email')).toHaveValue(email);

  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByLabel('Remember me for 30 days').check();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  // No choir yet: the guards send a new user to set one up.
  await expect(page).toHaveURL(/\/choir-registration$/);

  const session = (await context.cookies()).find((c) => c.name === 'cantica_session');
  expect(session?.httpOnly).toBe(true);
  expect(session!.expires * 1000).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);

  await page.reload();
  await expect(page).toHaveURL(/\/choir-registration$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Cantica' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/account/profile');
  await expect(page).toHaveURL(/\/login$/);
});

test('a session without remember-me ends with the browser session', async ({ page, context, request }) => {
  const email = uniqueEmail('brief');
  await createConfirmedAccount(request, email);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/choir-registration$/);
  const session = (await context.cookies()).find((c) => c.name === 'cantica_session');
  expect(session?.expires).toBe(-1);
});

test('forgot password, reset from the email, sign in with the new password', async ({ page, request }) => {
  const email = uniqueEmail('grace');
  await createConfirmedAccount(request, email, 'Grace', 'Hopper');
  await page.goto('/forgot-password');
  await expectAccessible(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();

  const mail = await mailTo(email, 'Reset your Cantica password');
  await page.goto(linkIn(mail, '/reset-password?token='));
  await expectAccessible(page);
  const fresh = 'Evensong&Anthem9';
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(fresh);
  await page.getByLabel('Confirm new password').fill('Evensong&Anthem8');
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm new password').fill(fresh);
  await expect(page.getByText('Passwords match')).toBeVisible();
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password Updated Successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });

  await signIn(page, email, PASSWORD);
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await signIn(page, email, fresh);
  await expect(page).toHaveURL(/\/choir-registration$/);
});

test('asking twice within a minute shows Please Wait', async ({ page, request }) => {
  const email = uniqueEmail('hasty');
  await createConfirmedAccount(request, email);
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Please Wait' })).toBeVisible();
  await expect(page.getByText(/\d+ seconds/).first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Try Different Email' }).click();
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect(page.getByRole('heading', { name: 'Please Wait' })).toHaveCount(0);
});

test('turn on two-factor authentication, then sign in with a code', async ({ page, request }) => {
  test.setTimeout(90_000); // waits for fresh 30-second codes
  const email = uniqueEmail('mfa');
  await createConfirmedAccount(request, email);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/choir-registration$/);

  await page.goto('/account/security');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Enable two-factor authentication' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.locator('pre, code').filter({ hasText: /^[A-Z2-7]{16,}$/ }).first().innerText()).trim();
  const first = await nextStepCode(secret, 0);
  await page.getByLabel('Verification code').fill(first.code);
  await page.getByRole('button', { name: 'Verify and enable' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(page.getByText('10 recovery codes left')).toBeVisible();

  await page.goto('/choir-registration');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
  await expectAccessible(page);
  const second = await nextStepCode(secret, first.step);
  await page.getByLabel('Authentication code').fill(second.code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/choir-registration$/);
});

test('account pages are accessible', async ({ page, request }) => {
  const email = uniqueEmail('pages');
  await createConfirmedAccount(request, email);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/choir-registration$/);
  for (const [path, heading] of [
    ['/account/profile', 'Profile'],
    ['/account/connected', 'Connected Accounts'],
    ['/account/notifications', 'Notifications'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await expectAccessible(page);
  }
  await page.goto('/account/profile');
  await page.getByLabel('First name').fill('Augusta');
  await page.getByRole('button', { name: /Save/ }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Augusta');
});

test('auth callback shows an authentication error', async ({ page }) => {
  await page.goto('/auth/callback?error=access_denied&error_description=The+user+cancelled');
  await expect(page.getByRole('heading', { name: 'Authentication Error' })).toBeVisible();
  await expect(page.getByText('The user cancelled')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Login' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/login');
  await expectAccessible(page);
});
