import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { createConfirmedAccount, PASSWORD, signIn, uniqueEmail } from './support/accounts';

/** cantica runs the real binary's administrator commands on the test's database. */
function cantica(...args: string[]) {
  execFileSync('../bin/cantica', args, { env: { ...process.env, CANTICA_DATA_DIR: process.env.CANTICA_E2E_DATA_DIR } });
}

const GOOD_CSV = `date,feast_key,name,rank,type
2031-11-22,e2e_patronal_feast,Patronal Feast of Saint Cecilia,I class,feast
`;

test('a global admin opens the start page, previews a calendar import, commits it and finds the feast on the master feasts page', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('ordo');
  await createConfirmedAccount(request, email, 'Pius', 'Parsch');
  cantica('admin', 'grant-global-admin', email);
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/login$/);

  // The global admin's start page: the job queue, and the way to the calendar pages.
  await page.goto('/dashboard/global-admin');
  const jobQueue = page.getByRole('region', { name: 'Job queue' });
  await expect(jobQueue.getByText('Waiting')).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole('main').getByRole('link', { name: 'Calendar import', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar Import' })).toBeVisible();
  // By role and exact name: getByLabel matched by substring, and once in CI found the start page's
  // region "Calendar types, scrolls sideways" first, not yet gone from the page.
  await expect(page.getByRole('combobox', { name: 'Calendar type', exact: true }).first()).toHaveValue(/1962/);

  // A malformed row: the preview says why, and nothing can be imported.
  const feasts = page.getByRole('textbox', { name: 'Feasts' });
  await feasts.fill(GOOD_CSV + '2031-02-30,e2e_broken_feast,Broken,III class,feast\n');
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 new, 0 changed, 0 unchanged, 1 invalid' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Please give the date as YYYY-MM-DD, from 1900 to 2200.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await expectAccessible(page);

  await feasts.fill(GOOD_CSV);
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 new, 0 changed, 0 unchanged, 0 invalid' })).toBeVisible();
  const preview = page.getByRole('table', { name: 'Import preview' });
  await expect(preview.getByRole('row', { name: /Patronal Feast of Saint Cecilia/ })).toContainText('New');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText(/^Imported into .*: 1 new, 0 changed$/)).toBeVisible();

  // Importing the same file again changes nothing.
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '0 new, 0 changed, 1 unchanged, 0 invalid' })).toBeVisible();

  await page.goto('/dashboard/global-admin/master-feasts');
  await expect(page.getByRole('heading', { level: 1, name: 'Master Feasts' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('Patronal');
  const found = page.getByLabel('Master feasts').getByText('Patronal Feast of Saint Cecilia');
  await expect(found.first()).toBeVisible();
  await expect(page.getByLabel('Master feasts').getByText('I class').first()).toBeVisible();
  // The list shows the previous page dimmed while the search's answer comes;
  // axe would measure the dimmed colours.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectAccessible(page);
});

test('anyone but a global admin is sent away from the feast pages', async ({ page, request }) => {
  const email = uniqueEmail('cantor');
  await createConfirmedAccount(request, email, 'Guido', "d'Arezzo");
  const login = await request.post('/api/v1/auth/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const res = await request.post('/api/v1/choirs', {
    data: { name: 'Arezzo Schola', country: 'IT', religiousAffiliationId: '00000000-0000-4000-8000-000000000201', timeZone: 'Europe/Rome' },
  });
  expect(res.status()).toBe(201);

  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const path of ['/dashboard/global-admin/master-feasts', '/dashboard/global-admin/calendar-import']) {
    await page.goto(path);
    await expect(page.getByText("You don't have permission to access this page")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  }
  await expectAccessible(page);
  const api = await page.request.post('/api/v1/calendar-types/roman_1962_extraordinary/import', {
    data: { format: 'csv', content: GOOD_CSV },
  });
  expect(api.status()).toBe(403);
});
