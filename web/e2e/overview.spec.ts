import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { createConfirmedAccount, PASSWORD, signIn, uniqueEmail } from './support/accounts';
import { ROMAN_CATHOLIC } from './support/api';

test('the global admin sees the platform at a glance: a new choir, today’s sign-ins, email and storage per choir, the calendars', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // A director signs in and founds a choir: a new, active choir, and a sign-in today.
  const director = uniqueEmail('overview-director');
  await createConfirmedAccount(request, director, 'Nadia', 'Boulanger');
  expect((await request.post('/api/v1/auth/login', { data: { email: director, password: PASSWORD } })).status()).toBe(200);
  const choirName = `Overview Chorus ${Date.now()}`;
  const created = await request.post('/api/v1/choirs', {
    data: { name: choirName, country: 'GB', religiousAffiliationId: ROMAN_CATHOLIC, timeZone: 'Europe/London' },
  });
  expect(created.status(), await created.text()).toBe(201);

  const admin = uniqueEmail('overview-admin');
  await createConfirmedAccount(request, admin, 'Olivier', 'Messiaen');
  execFileSync('../bin/cantica', ['admin', 'grant-global-admin', admin], {
    env: { ...process.env, CANTICA_DATA_DIR: process.env.CANTICA_E2E_DATA_DIR },
  });
  await signIn(page, admin);
  await page.waitForURL(/\/dashboard/);
  await page.goto('/dashboard/global-admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Global Admin' })).toBeVisible();

  const choirs = page.getByRole('region', { name: 'Choirs and members' });
  await expect(choirs.getByText('New this month')).toBeVisible();
  await expect(choirs.getByText('Sleepy', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Sign-ins per day\. [1-9]\d* sign-ins in the last 30 days/ })).toBeVisible();

  // The chart's table: today, the last row, counts at least the director's and the admin's sign-ins.
  await page.getByText('Show sign-ins as a table').click();
  const today = page.getByRole('table', { name: 'Sign-ins per day' }).getByRole('row').last();
  await expect(today.getByRole('cell').nth(1)).toHaveText(/^([2-9]|\d{2,})$/);

  const usage = page.getByRole('table', { name: 'Email and storage per choir' });
  const showAll = page.getByRole('button', { name: /^Show all \d+ choirs$/ });
  if (await showAll.isVisible()) await showAll.click();
  await expect(usage.getByRole('row', { name: new RegExp(choirName) })).toContainText('0 B');

  const calendars = page.getByRole('table', { name: 'Calendar types' });
  await expect(calendars.getByRole('row', { name: /1962 Missal/ })).toContainText('Uploaded');
  await expect(page.getByRole('region', { name: 'Job queue' }).getByText('Waiting')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Platform pages' }).getByRole('link', { name: 'Subscriptions' })).toHaveAttribute(
    'href',
    '/dashboard/global-admin/subscriptions',
  );
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
});
