import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type PlaywrightWorkerArgs } from '@playwright/test';

type Playwright = PlaywrightWorkerArgs['playwright'];
import { expectAccessible } from './axe';
import { createConfirmedAccount, PASSWORD, signIn, uniqueEmail } from './support/accounts';
import { ok, ROMAN_CATHOLIC } from './support/api';

// Issue 28, "who is ready": two altos and Sunday's Mass with two pieces.
// One alto practised Ave verum for exactly 10 minutes, the other for 2:
// one of two ready is not more than half, so the altos are "Some"; nobody
// practised the anthem, "None". The browser and the choir share a zone.
const ZONE = 'America/New_York';
test.use({ timezoneId: ZONE });
test.slow();

function localDay(offset = 0): string {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: ZONE });
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

async function signedIn(playwright: Playwright, email: string): Promise<APIRequestContext> {
  const ctx = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  await ok(ctx.post('/api/v1/auth/login', { data: { email, password: PASSWORD } }));
  return ctx;
}

/** newChoir: a director, two altos, Sunday's Mass planned with two pieces and the altos' practice. */
async function newChoir(request: APIRequestContext, playwright: Playwright) {
  const director = uniqueEmail('director');
  const altos = [uniqueEmail('alto'), uniqueEmail('alto')];
  await createConfirmedAccount(request, director, 'Nadia', 'Boulanger');
  await createConfirmedAccount(request, altos[0], 'Kathleen', 'Ferrier');
  await createConfirmedAccount(request, altos[1], 'Janet', 'Baker');
  await ok(request.post('/api/v1/auth/login', { data: { email: director, password: PASSWORD } }));
  const choirId = (
    await ok(request.post('/api/v1/choirs', { data: { name: 'Readiness Singers', country: 'US', religiousAffiliationId: ROMAN_CATHOLIC, timeZone: ZONE } }), 201)
  ).id as string;
  for (const email of altos) {
    execFileSync('../bin/cantica', ['admin', 'add-member', choirId, email, 'member'], {
      env: { ...process.env, CANTICA_DATA_DIR: process.env.CANTICA_E2E_DATA_DIR },
    });
  }
  const parts = (await ok(request.get(`/api/v1/choirs/${choirId}/musical-roles`))) as { id: string; name: string }[];
  const alto = parts.find((p) => p.name === 'Alto')!.id;
  const members = (await ok(request.get(`/api/v1/choirs/${choirId}/members`))) as { userId: string; email: string }[];
  for (const email of altos) {
    const userId = members.find((m) => m.email === email)!.userId;
    await ok(request.put(`/api/v1/choirs/${choirId}/members/${userId}/musical-roles`, { data: { musicalRoleIds: [alto] } }));
  }
  // The Mass two days on: always ahead, whatever today is.
  const day = localDay(2);
  const mass = (
    await ok(
      request.post(`/api/v1/choirs/${choirId}/events`, {
        data: { title: 'Sunday Mass', eventType: 'service', start: `${day}T10:30:00`, end: `${day}T11:30:00`, timeZone: ZONE },
      }),
      201,
    )
  ).id as string;
  const ave = (await ok(request.post(`/api/v1/choirs/${choirId}/music`, { data: { title: 'Ave verum' } }), 201)).id as string;
  const anthem = (await ok(request.post(`/api/v1/choirs/${choirId}/music`, { data: { title: 'Anthem' } }), 201)).id as string;
  const plan = await ok(request.post(`/api/v1/choirs/${choirId}/plans`, { data: { date: day, eventId: mass } }), 201);
  await ok(
    request.put(`/api/v1/choirs/${choirId}/plans/${plan.id}`, {
      data: { title: '', notes: '', slots: [{ label: 'Offertory', musicId: ave }, { label: 'Communion', musicId: anthem }], version: plan.version },
    }),
  );
  for (const [email, seconds] of [[altos[0], 600], [altos[1], 120]] as const) {
    const singer = await signedIn(playwright, email);
    await ok(
      singer.post(`/api/v1/choirs/${choirId}/music/${ave}/practice/reports`, {
        data: { sessionId: randomUUID(), day: localDay(), playedSeconds: seconds, loops: 0, position: 0, speed: 1 },
      }),
      204,
    );
    await singer.dispose();
  }
  return { choirId, director, altos };
}

/** cellsOf reads a table's body as text, row by row. */
async function cellsOf(table: Locator): Promise<string[][]> {
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll('td'), (td) => td.textContent?.trim() ?? '')));
}

test('the director sees who is ready for Sunday, and the CSV holds what the page shows', async ({ page, request, playwright }) => {
  const c = await newChoir(request, playwright);
  await signIn(page, c.director);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/analytics');
  const table = page.getByRole('table', { name: 'Readiness' });
  // The first answer after start-up can be slow on a loaded machine.
  await expect(table).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Most: more than half of the part is ready/)).toBeVisible();
  const shown = await cellsOf(table);
  expect(shown).toEqual([
    ['Ave verum', 'Alto', '2', '2', '1', '12', 'Some'],
    ['Anthem', 'Alto', '2', '0', '0', '0', 'None'],
  ]);
  await expectAccessible(page);

  const href = await page.getByRole('link', { name: 'Download readiness CSV' }).getAttribute('href');
  const csv = await page.request.get(href!);
  expect(csv.status()).toBe(200);
  const lines = (await csv.text()).trim().split('\n');
  expect(lines[0]).toBe('Piece,Voice part,Singers,Practised,Ready (10 min or more),Minutes (30 days),Readiness');
  expect(lines.slice(1).map((l) => l.split(','))).toEqual(shown);

  // On a phone the tables scroll sideways and stay accessible.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table).toBeVisible();
  await expectAccessible(page);
});

test.describe('on a 390 × 844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a singer opens their own year from the dashboard and sees only their practice', async ({ page, request, playwright }) => {
    const c = await newChoir(request, playwright);
    await signIn(page, c.altos[1]);
    await page.getByRole('link', { name: /^My year/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/analytics\/me$/);
    const practice = page.getByRole('table', { name: 'My practice' });
    await expect(practice).toBeVisible();
    // Janet's 2 minutes, not Kathleen's 10 nor the part's 12.
    expect(await cellsOf(practice)).toEqual([['Ave verum', '2', expect.any(String)]]);
    await expect(page.getByText('No attendance was taken for you in these 12 months.')).toBeVisible();
    await expectAccessible(page);
  });
});
