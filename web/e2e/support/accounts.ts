import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { linkIn, mailTo } from './mailbox';

export const PASSWORD = 'Choir#Practice1';

let counter = 0;

/** uniqueEmail gives each test its own address, so parallel tests never meet. */
export function uniqueEmail(name: string): string {
  counter += 1;
  return `${name}.${Date.now().toString(36)}.${process.pid}.${counter}@example.com`;
}

let accounts = 0;

/** ownAddress is a private address of its own for each account a test process makes. */
function ownAddress(): string {
  accounts += 1;
  return `10.${process.pid % 256}.${Math.floor(accounts / 256) % 256}.${accounts % 256}`;
}

/** createConfirmedAccount registers through the API and confirms from the captured email. */
export async function createConfirmedAccount(request: APIRequestContext, email: string, firstName = 'Ada', lastName = 'Lovelace') {
  const res = await request.post('/api/v1/auth/register', {
    data: { email, password: PASSWORD, firstName, lastName },
    // Each account from its own address, as singers register from their own
    // homes: the whole suite registers more accounts than one address may in
    // an hour (50 mails). The server trusts 127.0.0.1 as a proxy in e2e runs.
    headers: { 'X-Forwarded-For': ownAddress() },
  });
  expect(res.status(), await res.text()).toBe(201);
  const link = linkIn(await mailTo(email, 'Confirm your Cantica account'), '/auth/callback?confirm=');
  const token = new URL(link).searchParams.get('confirm');
  const confirmed = await request.post('/api/v1/auth/confirm', { data: { token } });
  expect(confirmed.status()).toBe(200);
}

/** signIn fills the sign-in form and waits for the dashboard. */
export async function signIn(page: Page, email: string, password = PASSWORD, remember = false) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  if (remember) await page.getByLabel('Remember me for 30 days').check();
  await page.getByRole('button', { name: 'Sign In' }).click();
}
