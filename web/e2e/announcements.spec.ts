import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible } from './axe';
import { createConfirmedAccount, PASSWORD, signIn, uniqueEmail } from './support/accounts';
import { ROMAN_CATHOLIC } from './support/api';

test.use({ timezoneId: 'Europe/London' });

/** newChoir: a director (signed in on request) and two tenors, active members. */
async function newChoir(request: APIRequestContext) {
  const director = uniqueEmail('director');
  const tenors = [uniqueEmail('tenor'), uniqueEmail('tenor')];
  await createConfirmedAccount(request, director, 'Imogen', 'Holst');
  await createConfirmedAccount(request, tenors[0], 'Peter', 'Pears');
  await createConfirmedAccount(request, tenors[1], 'Ian', 'Bostridge');
  const login = await request.post('/api/v1/auth/login', { data: { email: director, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const created = await request.post('/api/v1/choirs', {
    data: { name: 'Aldeburgh Festival Chorus', country: 'GB', religiousAffiliationId: ROMAN_CATHOLIC, timeZone: 'Europe/London' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).id as string;
  const parts = (await (await request.get(`/api/v1/choirs/${id}/musical-roles`)).json()) as { id: string; name: string }[];
  const tenor = parts.find((p) => p.name === 'Tenor')!.id;
  for (const email of tenors) {
    execFileSync('../bin/cantica', ['admin', 'add-member', id, email, 'member'], {
      env: { ...process.env, CANTICA_DATA_DIR: process.env.CANTICA_E2E_DATA_DIR },
    });
  }
  const members = (await (await request.get(`/api/v1/choirs/${id}/members`)).json()) as { userId: string; email: string }[];
  for (const email of tenors) {
    const userId = members.find((m) => m.email === email)!.userId;
    const res = await request.put(`/api/v1/choirs/${id}/members/${userId}/musical-roles`, { data: { musicalRoleIds: [tenor] } });
    expect(res.status(), await res.text()).toBe(200);
  }
  return { id, director, tenor: tenors[0] };
}

test('a director posts a pinned notice to the tenors asking them to confirm; a tenor sees it unread and confirms; the director sees 1/2', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const choir = await newChoir(request);

  // The director writes it.
  await signIn(page, choir.director);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Announcements' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
  await page.getByRole('button', { name: 'New announcement' }).click();
  const form = page.getByRole('dialog', { name: 'New announcement' });
  await form.getByRole('textbox', { name: 'Title' }).fill('Concert dress');
  await form.getByRole('textbox', { name: 'Message' }).fill('Black suits and **black ties**, please.');
  await form.getByRole('radio', { name: 'Chosen voice parts' }).check();
  await form.getByRole('checkbox', { name: 'Tenor' }).check();
  await form.getByRole('checkbox', { name: 'Pin to the top' }).check();
  await form.getByRole('checkbox', { name: 'Ask members to confirm they have read it' }).check();
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Announcement saved')).toBeVisible();
  const notice = page.getByRole('article', { name: 'Concert dress' });
  await expect(notice.getByText('Read 0/2 · Acknowledged 0/2')).toBeVisible();
  await expect(notice.getByText('Pinned')).toBeVisible();
  await expectAccessible(page);

  // A tenor sees it: the unread count on the dashboard and in the sidebar.
  const context = await browser.newContext({ timezoneId: 'Europe/London' });
  const tenor = await context.newPage();
  await signIn(tenor, choir.tenor);
  await expect(tenor).toHaveURL(/\/dashboard$/);
  await expect(tenor.getByText('You have 1 unread announcement.')).toBeVisible();
  const sidebarLink = tenor.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /Announcements/ });
  await expect(sidebarLink).toHaveText(/1\s*unread/);
  await expectAccessible(tenor);
  await tenor.getByRole('link', { name: 'Read announcements' }).click();
  const seen = tenor.getByRole('article', { name: 'Concert dress' });
  await expect(seen.getByText('Unread')).toBeVisible();
  await expect(seen.locator('strong', { hasText: 'black ties' })).toBeVisible();
  await expectAccessible(tenor);
  // On a phone too.
  await tenor.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(tenor);
  await seen.getByRole('button', { name: 'I have read this' }).click();
  await expect(seen.getByText('You confirmed you have read this.')).toBeVisible();
  await expect(seen.getByText('Unread')).toHaveCount(0);
  await expectAccessible(tenor);
  await context.close();

  // The director sees who has.
  await page.reload();
  await expect(notice.getByText('Read 1/2 · Acknowledged 1/2')).toBeVisible();
  await notice.getByRole('button', { name: 'Who has read it' }).click();
  const receipts = page.getByRole('dialog', { name: 'Who has read “Concert dress”' });
  await expect(receipts.getByText('Ian Bostridge (Tenor)')).toBeVisible();
  await expect(receipts.getByRole('button', { name: 'Remind those who have not acknowledged' })).toBeEnabled();
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
});
