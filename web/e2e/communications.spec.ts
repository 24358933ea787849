import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { createConfirmedAccount, PASSWORD, signIn, uniqueEmail } from './support/accounts';
import { mailTo } from './support/mailbox';
import { ROMAN_CATHOLIC } from './support/api';

// The browser and the choir share a zone, so dates read the same in both.
test.use({ timezoneId: 'Europe/London' });

/** inTwoDays is the date two days from now in London, as YYYY-MM-DD. */
function inTwoDays(): string {
  return new Date(Date.now() + 2 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
}

test('a director previews a singer’s digest, with the unanswered rehearsal first, and sends themselves a test', async ({
  page,
  request,
}) => {
  const director = uniqueEmail('kantor');
  const singer = uniqueEmail('tenor');
  await createConfirmedAccount(request, director, 'Johann', 'Kuhnau');
  await createConfirmedAccount(request, singer, 'Peter', 'Pears');
  expect((await request.post('/api/v1/auth/login', { data: { email: director, password: PASSWORD } })).status()).toBe(200);
  const created = await request.post('/api/v1/choirs', {
    data: { name: 'Thomanerchor', country: 'GB', religiousAffiliationId: ROMAN_CATHOLIC, timeZone: 'Europe/London' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const choirId = (await created.json()).id as string;
  execFileSync('../bin/cantica', ['admin', 'add-member', choirId, singer, 'member'], {
    env: { ...process.env, CANTICA_DATA_DIR: process.env.CANTICA_E2E_DATA_DIR },
  });
  const date = inTwoDays();
  const rehearsal = await request.post(`/api/v1/choirs/${choirId}/events`, {
    data: { title: 'Motet rehearsal', eventType: 'rehearsal', start: `${date}T19:30:00`, end: `${date}T21:30:00`, location: 'Song school' },
  });
  expect(rehearsal.status(), await rehearsal.text()).toBe(201);

  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, director);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/dashboard/communications');
  await expect(page.getByRole('heading', { level: 1, name: 'Communications' })).toBeVisible();
  const schedule = page.getByRole('form', { name: 'Digest schedule' });
  await expect(schedule.getByRole('switch', { name: 'Send the weekly digest' })).toBeChecked();
  await expect(schedule.getByRole('combobox', { name: 'Day' })).toHaveValue('Monday');
  await expect(schedule.getByRole('combobox', { name: 'Hour' })).toHaveValue('08:00');

  await page.getByRole('combobox', { name: 'Preview as' }).click();
  await page.getByRole('option', { name: 'Peter Pears' }).click();
  await expect(page.getByText('Your week with Thomanerchor: 1 event awaits your answer')).toBeVisible();
  await expect(page.getByTitle('Digest preview for Peter Pears')).toBeVisible();
  await page.getByText('Plain text', { exact: true }).click();
  const text = page.getByLabel('Plain text digest for Peter Pears');
  await expect(text).toContainText('WILL YOU BE THERE?');
  // The unanswered rehearsal comes first, before the rest of the fortnight.
  const body = (await text.textContent()) ?? '';
  const ask = body.indexOf('WILL YOU BE THERE?');
  expect(ask).toBeGreaterThanOrEqual(0);
  expect(body.indexOf('Motet rehearsal · Thomanerchor')).toBeGreaterThan(ask);
  expect(body.indexOf('Motet rehearsal · Thomanerchor')).toBeLessThan(body.indexOf('THE NEXT 14 DAYS'));
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Send me a test' }).click();
  await expect(page.getByText(`Test digest sent to ${director}.`)).toBeVisible();
  const mail = await mailTo(director, 'Test: Your week with Thomanerchor');
  expect(mail.text).toContain('Motet rehearsal · Thomanerchor');
  expect(mail.text).toContain('/email/rsvp/');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Send me a test' })).toBeVisible();
  await expectAccessible(page);
});
