import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible } from './axe';
import { createConfirmedAccount, PASSWORD, signIn, uniqueEmail } from './support/accounts';
import { ROMAN_CATHOLIC } from './support/api';

test.use({ timezoneId: 'Europe/London' });

/** newChoir: a director (signed in on request) and two singers, active members. */
async function newChoir(request: APIRequestContext) {
  const director = uniqueEmail('director');
  const singers = [uniqueEmail('alto'), uniqueEmail('alto')];
  await createConfirmedAccount(request, director, 'Nadia', 'Boulanger');
  await createConfirmedAccount(request, singers[0], 'Kathleen', 'Ferrier');
  await createConfirmedAccount(request, singers[1], 'Janet', 'Baker');
  const login = await request.post('/api/v1/auth/login', { data: { email: director, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const created = await request.post('/api/v1/choirs', {
    data: { name: 'Fontainebleau Singers', country: 'GB', religiousAffiliationId: ROMAN_CATHOLIC, timeZone: 'Europe/London' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).id as string;
  for (const email of singers) {
    execFileSync('../bin/cantica', ['admin', 'add-member', id, email, 'member'], {
      env: { ...process.env, CANTICA_DATA_DIR: process.env.CANTICA_E2E_DATA_DIR },
    });
  }
  // With a voice part each, the dashboard does not ask them which part they sing.
  const parts = (await (await request.get(`/api/v1/choirs/${id}/musical-roles`)).json()) as { id: string; name: string }[];
  const alto = parts.find((p) => p.name === 'Alto')!.id;
  const members = (await (await request.get(`/api/v1/choirs/${id}/members`)).json()) as { userId: string; email: string }[];
  for (const email of singers) {
    const userId = members.find((m) => m.email === email)!.userId;
    const res = await request.put(`/api/v1/choirs/${id}/members/${userId}/musical-roles`, { data: { musicalRoleIds: [alto] } });
    expect(res.status(), await res.text()).toBe(200);
  }
  return { id, director, singer: singers[0] };
}

test('a director writes a policy; a singer reads and acknowledges it from the dashboard; the director sees the count', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const choir = await newChoir(request);

  // The director writes it.
  await signIn(page, choir.director);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Policies' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Policies' })).toBeVisible();
  await page.getByRole('button', { name: 'New policy' }).click();
  const form = page.getByRole('dialog', { name: 'New policy' });
  await form.getByRole('textbox', { name: 'Title' }).fill('Attendance');
  await form.getByRole('textbox', { name: 'Policy text' }).fill('Come to **every** rehearsal, or tell the director beforehand.');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Publish policy' }).click();
  await expect(page.getByText('Policy saved')).toBeVisible();
  const card = page.getByRole('article', { name: 'Attendance' });
  await expect(card.getByText('Acknowledged 0/3')).toBeVisible();
  await expect(card.locator('strong', { hasText: 'every' })).toBeVisible();
  await expectAccessible(page);

  // A singer reads and acknowledges it from the dashboard, on a phone.
  const context = await browser.newContext({ timezoneId: 'Europe/London', viewport: { width: 390, height: 844 } });
  const singer = await context.newPage();
  await signIn(singer, choir.singer);
  await expect(singer).toHaveURL(/\/dashboard$/);
  const notice = singer.getByRole('region', { name: 'Choir policies' });
  await expect(notice.getByText('A choir policy awaits your acknowledgement.')).toBeVisible();
  await expectAccessible(singer);
  await notice.getByRole('button', { name: 'Read and acknowledge' }).click();
  const reader = singer.getByRole('dialog', { name: 'Choir policies' });
  await expect(reader.locator('strong', { hasText: 'every' })).toBeVisible();
  await expectAccessible(singer);
  await reader.getByRole('button', { name: 'I have read and accept this policy' }).click();
  await expect(reader.getByText('Acknowledged', { exact: true })).toBeVisible();
  await reader.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(notice.getByText('You have acknowledged the choir’s policies.')).toBeVisible();
  await expectAccessible(singer);
  await context.close();

  // The director sees the count, and who has not.
  await page.reload();
  await expect(card.getByText('Acknowledged 1/3')).toBeVisible();
  await card.getByRole('button', { name: 'Who has acknowledged' }).click();
  const acks = page.getByRole('dialog', { name: 'Who has acknowledged “Attendance”' });
  await expect(acks.getByText('Janet Baker')).toBeVisible();
  await expect(acks.getByText('Kathleen Ferrier')).toHaveCount(0);
  await expect(acks.getByRole('button', { name: 'Remind those who have not acknowledged' })).toBeEnabled();
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
});
