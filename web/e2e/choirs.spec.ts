import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { createConfirmedAccount, PASSWORD, signIn, uniqueEmail } from './support/accounts';

const SECULAR = '00000000-0000-4000-8000-000000000201';

async function chooseCountry(page: Page, name: string) {
  await page.getByRole('combobox', { name: /^Country/ }).fill(name.slice(0, 8));
  await page.getByRole('option', { name }).click();
}

/** apiSignIn signs a request context in; its cookie then rides on each request. */
async function apiSignIn(request: APIRequestContext, email: string) {
  const res = await request.post('/api/v1/auth/login', { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(200);
}

test('a new user goes through the wizard, creates two choirs and switches between them', async ({ page, request }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('clara');
  await createConfirmedAccount(request, email, 'Clara', 'Schumann');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/choir-registration$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Cantica' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByLabel('Phone number').fill('+44 20 7946 0958');
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();

  // A self-hosted server (billing off, as here) has no plan step.
  await page.getByRole('textbox', { name: /Choir name/ }).fill("St Cecilia's Schola");
  await page.getByRole('textbox', { name: 'City' }).fill('York');
  await chooseCountry(page, 'United Kingdom');
  await page.getByLabel('Primary choir type').selectOption({ label: 'Faith-Based / Religious' });
  await page.getByLabel('Specific tradition/denomination').selectOption({ label: 'Roman Catholic (calendar uploaded)' });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create Choir', exact: true }).click();
  await expect(page.getByText("🎵 St Cecilia's Schola has been created successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: "St Cecilia's Schola" })).toBeVisible();
  await expect(page.getByText('Choir Administrator').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Choir Settings' }).first()).toBeVisible();
  await expectAccessible(page);

  // A second choir through /choirs/create.
  await page.goto('/choirs/create');
  await expect(page.getByRole('heading', { name: 'Create Additional Choir' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: /Choir name/ }).fill('Evensong Singers');
  await chooseCountry(page, 'Ireland');
  await page.getByLabel('Primary choir type').selectOption({ label: 'Secular / Community' });
  await page.getByRole('button', { name: 'Create Choir', exact: true }).click();
  await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: "Let's Begin!" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Evensong Singers' })).toBeVisible();

  // Switch back with the choir switcher.
  await page.getByRole('button', { name: /Current choir/ }).click();
  await expect(page.getByText('Your Choirs')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(page.getByText('Your Choirs')).toBeHidden();
  await page.getByRole('button', { name: /Current choir/ }).click();
  await page.getByRole('menuitem', { name: /St Cecilia's Schola/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: "St Cecilia's Schola" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: "St Cecilia's Schola" })).toBeVisible();
});

test('a member who opens an admin page is sent back with the permission message', async ({ page, request }) => {
  const director = uniqueEmail('director');
  const singer = uniqueEmail('singer');
  await createConfirmedAccount(request, director, 'Nadia', 'Boulanger');
  await createConfirmedAccount(request, singer, 'Jessye', 'Norman');
  await apiSignIn(request, director);
  const res = await request.post('/api/v1/choirs', {
    data: { name: 'Fontainebleau Chorale', country: 'FR', religiousAffiliationId: SECULAR, timeZone: 'Europe/Paris' },
  });
  expect(res.status()).toBe(201);
  const choirId = (await res.json()).id as string;
  execFileSync('../bin/cantica', ['admin', 'add-member', choirId, singer, 'member'], {
    env: { ...process.env, CANTICA_DATA_DIR: process.env.CANTICA_E2E_DATA_DIR },
  });

  await signIn(page, singer);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fontainebleau Chorale' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Choir Settings' })).toHaveCount(0);
  await page.goto('/dashboard/settings/choir');
  await expect(page.getByText("You don't have permission to access this page")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectAccessible(page);

  // The server refuses what the page hides.
  const patch = await page.request.patch(`/api/v1/choirs/${choirId}`, { data: { name: 'Taken Over' } });
  expect(patch.status()).toBe(403);
});
