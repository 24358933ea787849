import { execFileSync } from 'node:child_process';
import { expect, test, type Browser, type Locator } from '@playwright/test';
import { expectAccessible } from './axe';
import { createConfirmedAccount, PASSWORD, signIn, uniqueEmail } from './support/accounts';
import { ROMAN_CATHOLIC } from './support/api';

const ZONE = 'Europe/London';
test.use({ timezoneId: ZONE });

/** today is today's date in the choir's zone, as YYYY-MM-DD. */
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: ZONE });

async function answer(browser: Browser, email: string, choirId: string, eventId: string, status: string) {
  const context = await browser.newContext();
  expect((await context.request.post('/api/v1/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  const res = await context.request.put(`/api/v1/choirs/${choirId}/events/${eventId}/rsvp`, { data: { status } });
  expect(res.status(), await res.text()).toBe(200);
  await context.close();
}

/** parseCsv reads the server's CSV (quoted cells, no line breaks inside them here). */
function parseCsv(text: string): string[][] {
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => {
      const cells: string[] = [];
      let cell = '';
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        const c = line[i];
        if (quoted && c === '"' && line[i + 1] === '"') {
          cell += '"';
          i++;
        } else if (c === '"') {
          quoted = !quoted;
        } else if (c === ',' && !quoted) {
          cells.push(cell);
          cell = '';
        } else {
          cell += c;
        }
      }
      cells.push(cell);
      return cells;
    });
}

async function tableText(table: Locator): Promise<string[][]> {
  const header = await table.locator('thead th').allTextContents();
  const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
  return [header, ...rows];
}

test('a director sees who came and who said yes and did not come, and each table downloads as the page shows it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const director = uniqueEmail('director');
  const alto = uniqueEmail('alto');
  const tenor = uniqueEmail('tenor');
  await createConfirmedAccount(request, director, 'Nadia', 'Boulanger');
  await createConfirmedAccount(request, alto, 'Kathleen', 'Ferrier');
  await createConfirmedAccount(request, tenor, 'Peter', 'Pears');
  expect((await request.post('/api/v1/auth/login', { data: { email: director, password: PASSWORD } })).status()).toBe(200);
  const created = await request.post('/api/v1/choirs', {
    data: { name: 'Analytics Chorale', country: 'GB', religiousAffiliationId: ROMAN_CATHOLIC, timeZone: ZONE },
  });
  expect(created.status(), await created.text()).toBe(201);
  const choirId = (await created.json()).id as string;
  for (const singer of [alto, tenor]) {
    execFileSync('../bin/cantica', ['admin', 'add-member', choirId, singer, 'member'], {
      env: { ...process.env, CANTICA_DATA_DIR: process.env.CANTICA_E2E_DATA_DIR },
    });
  }
  // An event late today: answers are still open, and attendance can be taken on its day.
  const ev = await request.post(`/api/v1/choirs/${choirId}/events`, {
    data: { title: 'Evensong', eventType: 'service', start: `${today()}T23:50:00`, end: `${today()}T23:59:00`, timeZone: ZONE },
  });
  expect(ev.status(), await ev.text()).toBe(201);
  const eventId = (await ev.json()).id as string;
  await answer(browser, alto, choirId, eventId, 'going');
  await answer(browser, tenor, choirId, eventId, 'not_going');
  const sheet = await request.get(`/api/v1/choirs/${choirId}/events/${eventId}/attendance`);
  const members = ((await sheet.json()) as { members: { userId: string; email: string }[] }).members;
  const id = (email: string) => members.find((m) => m.email === email)!.userId;
  const marked = await request.put(`/api/v1/choirs/${choirId}/events/${eventId}/attendance/marks`, {
    data: {
      marks: [
        { userId: id(alto), mark: 'absent' },
        { userId: id(tenor), mark: 'present' },
        { userId: id(director), mark: 'present' },
      ],
    },
  });
  expect(marked.status(), await marked.text()).toBe(200);

  await signIn(page, director);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/analytics');
  // The page's chunk is the largest of the app: give a loaded machine time to bring it.
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible({ timeout: 60_000 });
  const membersTable = page.getByRole('table', { name: 'Members' });
  // The alto, absent at the only event, is under the threshold and comes first.
  await expect(membersTable.locator('tbody tr').first()).toContainText('Kathleen Ferrier', { timeout: 30_000 });
  await expect(membersTable.locator('tbody tr').first()).toContainText('0 %');
  const answersTable = page.getByRole('table', { name: 'Answers by member' });
  await expect(answersTable.getByRole('row', { name: /Kathleen Ferrier/ })).toContainText('100 %', { timeout: 30_000 });
  await expectAccessible(page);

  for (const [table, link] of [
    [membersTable, 'Download CSV: Members'],
    [page.getByRole('table', { name: 'Events' }), 'Download CSV: Events'],
    [answersTable, 'Download CSV: Answers by member'],
  ] as const) {
    const href = await page.getByRole('link', { name: link }).getAttribute('href');
    const csv = await page.request.get(href!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toContain('text/csv');
    expect(parseCsv(await csv.text())).toEqual(await tableText(table));
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(membersTable).toBeVisible();
  await expectAccessible(page);
});
