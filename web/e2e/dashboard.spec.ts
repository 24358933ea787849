import { execFileSync } from 'node:child_process';
import { expect, test, type APIResponse } from '@playwright/test';
import { expectAccessible } from './axe';
import { createConfirmedAccount, PASSWORD, signIn, uniqueEmail } from './support/accounts';

// The dashboard is the singer's week (issue 26), on a phone.

const ROMAN_CATHOLIC = '00000000-0000-4000-8000-000000000101';
test.use({ timezoneId: 'Europe/London', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function ok(res: Promise<APIResponse>, status = 200) {
  const r = await res;
  expect(r.status(), await r.text()).toBe(status);
  return r.status() === 204 ? null : r.json();
}

/** day is YYYY-MM-DD some days from today, in the choir's and the browser's zone. */
function day(fromToday: number): string {
  const d = new Date(Date.now() + fromToday * 86_400_000);
  return d.toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
}

test('a singer answers on the dashboard and the answer stays; the director sees the checklist tick and who has not answered', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const director = uniqueEmail('director');
  const singer = uniqueEmail('alto');
  await createConfirmedAccount(request, director, 'Johann', 'Kuhnau');
  await createConfirmedAccount(request, singer, 'Anna', 'Magdalena');
  await ok(request.post('/api/v1/auth/login', { data: { email: director, password: PASSWORD } }));
  const choirId = (await ok(request.post('/api/v1/choirs', { data: { name: 'Parish Choir', country: 'GB', religiousAffiliationId: ROMAN_CATHOLIC, timeZone: 'Europe/London' } }), 201))
    .id as string;
  execFileSync('../bin/cantica', ['admin', 'add-member', choirId, singer, 'member'], {
    env: { ...process.env, CANTICA_DATA_DIR: process.env.CANTICA_E2E_DATA_DIR },
  });
  const members = (await ok(request.get(`/api/v1/choirs/${choirId}/members`))) as { userId: string; email: string }[];
  const singerId = members.find((m) => m.email === singer)!.userId;
  const parts = (await ok(request.get(`/api/v1/choirs/${choirId}/musical-roles`))) as { id: string; name: string }[];
  await ok(
    request.put(`/api/v1/choirs/${choirId}/members/${singerId}/musical-roles`, {
      data: { musicalRoleIds: [parts.find((p) => p.name === 'Alto')!.id] },
    }),
  );
  const event = (title: string, eventType: string, date: string, time: string) =>
    ok(
      request.post(`/api/v1/choirs/${choirId}/events`, {
        data: { title, eventType, start: `${date}T${time}:00`, end: `${date}T${time.replace(/^\d\d/, (h) => String(Number(h) + 1))}:00`, location: 'St Mary’s', timeZone: 'Europe/London' },
      }),
      201,
    );
  await event('Choir Rehearsal', 'rehearsal', day(2), '19:00');
  await event('Parish Mass', 'service', day(3), '10:00');

  // The singer, on a phone: one tap answers, and the answer is there after a reload.
  await signIn(page, singer);
  await expect(page).toHaveURL(/\/dashboard$/);
  const rehearsal = page.getByRole('region', { name: 'Choir Rehearsal' });
  const going = rehearsal.getByRole('button', { name: "I'll be there" });
  await expect(going).toHaveAttribute('aria-pressed', 'false');
  await expectAccessible(page);
  await going.click();
  await expect(going).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Choir Rehearsal' }).getByRole('button', { name: "I'll be there" })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('region', { name: 'Parish Mass' }).getByRole('button', { name: 'Maybe' })).toHaveAttribute('aria-pressed', 'false');
  // The event is a link to it on the calendar, its details open.
  await page.getByRole('region', { name: 'Parish Mass' }).getByRole('link', { name: 'Parish Mass' }).click();
  await expect(page.getByRole('dialog', { name: 'Parish Mass' })).toBeVisible();

  // The director: who has not answered, by part, and the getting-started checklist.
  const directorPage = await (await browser.newContext({ timezoneId: 'Europe/London', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
  await signIn(directorPage, director);
  await expect(directorPage).toHaveURL(/\/dashboard$/);
  const checklist = directorPage.getByRole('region', { name: 'Getting started' });
  await expect(checklist).toContainText('1 of 4 done');
  await expect(checklist.getByRole('link', { name: 'Invite singers with their voice parts (done)' })).toBeVisible();
  const mass = directorPage.getByRole('region', { name: 'Parish Mass' });
  await expect(mass.getByRole('list', { name: 'Not answered yet' })).toContainText('Alto: Anna Magdalena');
  await expect(directorPage.getByRole('region', { name: 'Choir Rehearsal' }).getByRole('list', { name: 'Not answered yet' })).not.toContainText(
    'Anna Magdalena',
  );
  await expect(mass.getByRole('link', { name: 'Plan music', exact: true })).toBeVisible();
  await expectAccessible(directorPage);

  // Music added in the library ticks its step when the director comes back.
  await checklist.getByRole('link', { name: 'Add music' }).click();
  await expect(directorPage.getByRole('heading', { level: 1, name: 'Music Library' })).toBeVisible();
  await ok(request.post(`/api/v1/choirs/${choirId}/music`, { data: { title: 'Ave verum corpus' } }), 201);
  await directorPage.goBack();
  await expect(checklist).toContainText('2 of 4 done');
  await expect(checklist.getByRole('link', { name: 'Add music (done)' })).toBeVisible();

  // And on a desktop.
  await directorPage.setViewportSize({ width: 1366, height: 900 });
  await expect(mass).toBeVisible();
  await expectAccessible(directorPage);
  await directorPage.context().close();
});
