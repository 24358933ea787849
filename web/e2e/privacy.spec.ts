import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { createConfirmedAccount, PASSWORD, signIn, uniqueEmail } from './support/accounts';
import { mailTo } from './support/mailbox';
import { parseCSV, unzip } from './support/zip';
import { ROMAN_CATHOLIC } from './support/api';

test('a singer exports their data, opens the ZIP, then deletes the account and can no longer sign in', async ({ page, request }) => {
  test.setTimeout(150_000);
  const director = uniqueEmail('director');
  const singer = uniqueEmail('singer');
  await createConfirmedAccount(request, director, 'Imogen', 'Holst');
  await createConfirmedAccount(request, singer, 'Kathleen', 'Ferrier');
  expect((await request.post('/api/v1/auth/login', { data: { email: director, password: PASSWORD } })).status()).toBe(200);
  const created = await request.post('/api/v1/choirs', {
    data: { name: 'Blackburn Singers', country: 'GB', religiousAffiliationId: ROMAN_CATHOLIC, timeZone: 'Europe/London' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const choirId = (await created.json()).id as string;
  execFileSync('../bin/cantica', ['admin', 'add-member', choirId, singer, 'member'], {
    env: { ...process.env, CANTICA_DATA_DIR: process.env.CANTICA_E2E_DATA_DIR },
  });

  // The account menu leads to Your data.
  await signIn(page, singer);
  await expect(page).toHaveURL(/\/dashboard$/);
  const question = page.getByRole('dialog', { name: 'Which part do you sing?' });
  await question.getByRole('button', { name: 'Alto' }).click();
  await expect(question).toBeHidden();
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Your data' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Your data' })).toBeVisible();
  await expectAccessible(page);

  // The export is made by the queue, emailed, and downloads as a ZIP whose CSVs parse.
  await page.getByRole('button', { name: 'Export my data' }).click();
  await expect(page.getByText('Your export is being prepared. We will email you when it is ready.')).toBeVisible();
  const link = page.getByRole('link', { name: /Download export of/ });
  await expect(link).toBeVisible({ timeout: 60_000 });
  expect((await mailTo(singer, 'Your Cantica data is ready to download')).text).toContain('/account/privacy');
  await expectAccessible(page);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const files = unzip(await readFile(await download.path()));
  expect([...files.keys()]).toEqual(expect.arrayContaining(['profile.json', 'memberships.csv', 'attendance.csv', 'practice.csv', 'events.ics']));
  expect(JSON.parse(files.get('profile.json')!.toString())).toMatchObject({ email: singer, firstName: 'Kathleen', lastName: 'Ferrier' });
  const memberships = parseCSV(files.get('memberships.csv')!.toString());
  expect(memberships[0]).toEqual(['Choir', 'Role', 'Active', 'Joined', 'Voice parts', 'Choir email']);
  expect(memberships.slice(1).map((r) => [...r.slice(0, 3), r[4]])).toEqual([['Blackburn Singers', 'member', 'yes', 'Alto']]);
  expect(parseCSV(files.get('attendance.csv')!.toString())[0]).toEqual(['Choir', 'Event', 'Date', 'Answer', 'Answered at', 'Attendance', 'Marked at']);
  expect(parseCSV(files.get('practice.csv')!.toString())[0]).toEqual(['Choir', 'Piece', 'Day', 'Seconds played', 'Loops', 'Speed', 'Part', 'Started at']);

  // On a phone too.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);

  // Deletion, confirmed with the password: signed out at once.
  const deletion = page.getByRole('form', { name: 'Delete your account' });
  await deletion.getByLabel('Your password').fill(PASSWORD);
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText(/Your account is deleted\. Sign in before .* to restore it\./)).toBeVisible();
  await expect(page).not.toHaveURL(/\/account/);
  expect((await mailTo(singer, 'Your Cantica account will be deleted')).text).toContain('Restore my account');

  // The password alone no longer signs in; the page offers the restore.
  await signIn(page, singer);
  await expect(page.getByText(/This account is scheduled for deletion on/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Restore my account' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expectAccessible(page);
});
