import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible } from './axe';
import { createConfirmedAccount, PASSWORD, signIn, uniqueEmail } from './support/accounts';
import { ROMAN_CATHOLIC } from './support/api';

// The browser and the choir share a zone: "today" is London's.
test.use({ timezoneId: 'Europe/London' });

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** londonDay writes an instant's date in London as YYYY-MM-DD. */
const londonDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(d);

/**
 * choirWithEvents: a director's choir in London with a singer, an event three
 * days ago (on the agenda it must not be), one in an hour and one next week.
 */
async function choirWithEvents(request: APIRequestContext) {
  const director = uniqueEmail('director');
  const singer = uniqueEmail('soprano');
  await createConfirmedAccount(request, director, 'Hildegard', 'Bingen');
  await createConfirmedAccount(request, singer, 'Clara', 'Schumann');
  expect((await request.post('/api/v1/auth/login', { data: { email: director, password: PASSWORD } })).status()).toBe(200);
  const created = await request.post('/api/v1/choirs', {
    data: { name: 'Parish Singers', country: 'GB', religiousAffiliationId: ROMAN_CATHOLIC, timeZone: 'Europe/London' },
  });
  expect(created.status()).toBe(201);
  const choirId = (await created.json()).id as string;
  execFileSync('../bin/cantica', ['admin', 'add-member', choirId, singer, 'member'], {
    env: { ...process.env, CANTICA_DATA_DIR: process.env.CANTICA_E2E_DATA_DIR },
  });
  const now = Date.now();
  const ids: Record<string, string> = {};
  for (const [title, start] of [
    ['Past rehearsal', now - 3 * DAY],
    ['Evening rehearsal', now + HOUR],
    ['Sunday Mass', now + 7 * DAY],
  ] as const) {
    const res = await request.post(`/api/v1/choirs/${choirId}/events`, {
      data: {
        title,
        eventType: title === 'Sunday Mass' ? 'service' : 'rehearsal',
        start: new Date(start).toISOString(),
        end: new Date(start + HOUR).toISOString(),
        timeZone: 'Europe/London',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids[title] = (await res.json()).id as string;
  }
  return { choirId, singer, ids, soon: new Date(now + HOUR) };
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a singer opens the calendar on today’s agenda, answers in place, and keeps "Show all liturgical days" on', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const c = await choirWithEvents(request);
    await signIn(page, c.singer);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/dashboard/calendar');

    // The agenda, from today: the first day is today's (or tomorrow's, an hour before midnight),
    // the past event is not there, and the next one comes first.
    await expect(page.getByRole('heading', { level: 2, name: 'From today' })).toBeVisible();
    const firstDay = page.getByRole('heading', { level: 3 }).first();
    const sameDay = londonDay(c.soon) === londonDay(new Date());
    await expect(firstDay).toHaveText(sameDay ? /^Today, / : /^Tomorrow, /);
    const soon = page.getByRole('group', { name: 'Your answer for Evening rehearsal' });
    await expect(soon).toBeVisible();
    await expect(page.getByRole('group', { name: 'Your answer for Sunday Mass' })).toBeVisible();
    await expect(page.getByText('Past rehearsal')).toHaveCount(0);
    await expectAccessible(page);

    // Answered in place: one tap, shown at once and recorded.
    await soon.getByRole('button', { name: 'Maybe' }).click();
    await expect(soon.getByRole('button', { name: 'Maybe' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Your answer: Maybe')).toBeVisible();
    const answers = await page.request.get(`/api/v1/choirs/${c.choirId}/rsvps?startDate=${londonDay(new Date(Date.now() - DAY))}&endDate=${londonDay(new Date(Date.now() + 30 * DAY))}`);
    expect((await answers.json()).answers).toEqual([{ id: c.ids['Evening rehearsal'], status: 'maybe' }]);

    // The minor liturgical days, on for this singer, stay on after a reload.
    const all = page.getByRole('switch', { name: 'Show all liturgical days' });
    await expect(all).not.toBeChecked();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/account/calendar-preferences') && r.request().method() === 'PUT');
    // Clicked, not check(): the switch follows the saved preference a moment after the tap
    // (an optimistic update), and check() reads it back at once.
    await all.click();
    await expect(all).toBeChecked();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'From today' })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Show all liturgical days' })).toBeChecked();
    await expect(page.getByRole('group', { name: 'Your answer for Evening rehearsal' }).getByRole('button', { name: 'Maybe' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // The month: dots per day, the chosen day's list below; no clipped titles in the grid.
    await page.getByText('Month', { exact: true }).click();
    const today = page.getByRole('button', { pressed: true }).and(page.locator('[aria-current="date"]'));
    await expect(today).toBeVisible();
    await expect(today).toHaveText(String(new Date().getDate()));
    await expectAccessible(page);
  });
});

test('the calendar is accessible at desktop size', async ({ page, request }) => {
  test.setTimeout(90_000);
  const c = await choirWithEvents(request);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, c.singer);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('radio', { name: 'Month' })).toBeChecked();
  // FullCalendar's month grid, a chunk of its own on a wide screen.
  await expect(page.getByRole('button', { name: /Evening rehearsal/ }).first()).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);
  const all = page.getByRole('switch', { name: 'Show all liturgical days' });
  await all.click();
  await expect(all).toBeChecked();
  await expectAccessible(page);
});
