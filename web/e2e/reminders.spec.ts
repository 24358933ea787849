import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { expectAccessible } from './axe';
import { createConfirmedAccount, PASSWORD, signIn, uniqueEmail } from './support/accounts';
import { linkIn, mailsTo, mailTo } from './support/mailbox';
import { ROMAN_CATHOLIC } from './support/api';

// Nothing is mailed between 20:00 and 08:00 in the choir's zone, so the choir
// lives where it is day now: one of these zones always is (no gap between
// their offsets is longer than the nine daytime hours looked for).
const ZONES = [
  'Pacific/Honolulu',
  'America/Los_Angeles',
  'America/New_York',
  'America/Sao_Paulo',
  'Europe/London',
  'Asia/Dubai',
  'Asia/Kolkata',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Australia/Brisbane',
  'Pacific/Auckland',
];
const localHour = (zone: string) => Number(new Date().toLocaleString('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }));
const ZONE = ZONES.find((z) => localHour(z) >= 9 && localHour(z) < 18) ?? 'Europe/London';
test.use({ timezoneId: ZONE });

/** inFiveDays is the date five days from now in the choir's zone, as YYYY-MM-DD. */
function inFiveDays(): string {
  return new Date(Date.now() + 5 * 86_400_000).toLocaleDateString('en-CA', { timeZone: ZONE });
}

async function answer(browser: Browser, email: string, choirId: string, eventId: string, status: string) {
  const context = await browser.newContext();
  const login = await context.request.post('/api/v1/auth/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const res = await context.request.put(`/api/v1/choirs/${choirId}/events/${eventId}/rsvp`, { data: { status } });
  expect(res.status(), await res.text()).toBe(200);
  await context.close();
}

async function statusOf(request: APIRequestContext, choirId: string, eventId: string, email: string): Promise<string | null> {
  const res = await request.get(`/api/v1/choirs/${choirId}/events/${eventId}/attendance`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { members: { email: string; status: string | null }[] };
  return body.members.find((m) => m.email === email)!.status;
}

test('a director reminds the non-responders; only the singer who has not answered gets it, and answers with one tap', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const director = uniqueEmail('kantor');
  const answered = uniqueEmail('alto');
  const silent = uniqueEmail('tenor');
  await createConfirmedAccount(request, director, 'Clara', 'Schumann');
  await createConfirmedAccount(request, answered, 'Kathleen', 'Ferrier');
  await createConfirmedAccount(request, silent, 'Peter', 'Pears');
  expect((await request.post('/api/v1/auth/login', { data: { email: director, password: PASSWORD } })).status()).toBe(200);
  const created = await request.post('/api/v1/choirs', {
    data: { name: 'Snape Maltings Chorus', country: 'GB', religiousAffiliationId: ROMAN_CATHOLIC, timeZone: ZONE },
  });
  expect(created.status(), await created.text()).toBe(201);
  const choirId = (await created.json()).id as string;
  for (const singer of [answered, silent]) {
    execFileSync('../bin/cantica', ['admin', 'add-member', choirId, singer, 'member'], {
      env: { ...process.env, CANTICA_DATA_DIR: process.env.CANTICA_E2E_DATA_DIR },
    });
  }
  const date = inFiveDays();
  const ev = await request.post(`/api/v1/choirs/${choirId}/events`, {
    data: { title: 'Messiah rehearsal', eventType: 'rehearsal', start: `${date}T19:30:00`, end: `${date}T21:30:00`, timeZone: ZONE },
  });
  expect(ev.status(), await ev.text()).toBe(201);
  const eventId = (await ev.json()).id as string;
  await answer(browser, answered, choirId, eventId, 'going');
  await answer(browser, director, choirId, eventId, 'going');

  // The director presses the button on the event's attendance page.
  await signIn(page, director);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/dashboard/calendar/attendance/${eventId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Messiah rehearsal' })).toBeVisible();
  await expect(page.getByText('Automatic reminders: 7 and 2 days before.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Remind non-responders' }).click();
  await expect(page.getByText('Reminder sent to members who have not answered')).toBeVisible();
  await expect(page.getByText(/^Last used .* by Clara Schumann\.$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remind non-responders' })).toBeDisabled();
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText(/^Last used .* by Clara Schumann\.$/)).toBeVisible();
  await expectAccessible(page);

  // Only the tenor who has not answered is reminded.
  const mail = await mailTo(silent, 'Will you be there?');
  expect(mail.subject).toContain('Messiah rehearsal');
  expect(mail.headers['list-unsubscribe']).toMatch(/\/email\/unsubscribe\/[A-Za-z0-9]{32}>$/);
  for (const other of [answered, director]) {
    expect((await mailsTo(other)).filter((m) => m.subject.startsWith('Will you be there?'))).toEqual([]);
  }

  // One tap on "I'll be there", on a phone.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, timezoneId: ZONE });
  const singer = await phone.newPage();
  await singer.goto(linkIn(mail, '/going'));
  await expect(singer.getByRole('heading', { name: 'Messiah rehearsal' })).toBeVisible();
  await expectAccessible(singer);
  await singer.getByRole('button', { name: "Tap to confirm: I'll be there" }).click();
  await expect(singer.getByRole('heading', { name: 'RSVP Confirmed' })).toBeVisible();
  await expectAccessible(singer);
  await phone.close();
  expect(await statusOf(request, choirId, eventId, silent)).toBe('going');
});
