import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { createConfirmedAccount, PASSWORD, signIn, uniqueEmail } from './support/accounts';
import { startStoppableServer, STOPPABLE_URL, type StoppableServer } from './support/stoppableServer';

// Issue 31: Cantica on a phone with no signal. The signal is lost by
// stopping the spec's own server (e2e/support/stoppableServer.ts says why).
// The browser and the choir share a zone, so dates read the same in both.
const ZONE = 'America/New_York';
test.use({ baseURL: STOPPABLE_URL, timezoneId: ZONE, serviceWorkers: 'allow' });
// Two accounts, the worker downloading the whole app, pages visited online and offline.
test.slow();

let server: StoppableServer;
test.beforeAll(async () => {
  server = await startStoppableServer();
});
test.afterAll(async () => {
  await server?.stop();
});

const ROMAN_CATHOLIC = '00000000-0000-4000-8000-000000000101';
const NOTES = 'Bring the Lent folder; we start with the Miserere.';
const PIECE = 'Miserere mei, Deus';

async function ok(res: Promise<APIResponse>, status = 200) {
  const r = await res;
  expect(r.status(), await r.text()).toBe(status);
  return r.status() === 204 ? null : r.json();
}

/** tomorrow is the day after today in the choir's zone, as YYYY-MM-DD. */
function tomorrow(): string {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: ZONE });
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

interface Choir {
  choirId: string;
  singer: string;
  eventId: string;
  title: string;
}

/** newChoir makes a choir with a director and a singer, tomorrow's rehearsal and its plan: one piece and notes. */
async function newChoir(request: APIRequestContext): Promise<Choir> {
  const director = uniqueEmail('director');
  const singer = uniqueEmail('alto');
  await createConfirmedAccount(request, director, 'Hildegard', 'Bingen');
  await createConfirmedAccount(request, singer, 'Clara', 'Schumann');
  await ok(request.post('/api/v1/auth/login', { data: { email: director, password: PASSWORD } }));
  const choir = await ok(
    request.post('/api/v1/choirs', { data: { name: 'Tunnel Singers', country: 'US', religiousAffiliationId: ROMAN_CATHOLIC, timeZone: ZONE } }),
    201,
  );
  const choirId = choir.id as string;
  execFileSync('../bin/cantica', ['admin', 'add-member', choirId, singer, 'member'], {
    env: { ...process.env, CANTICA_DATA_DIR: server.dataDir },
  });
  const date = tomorrow();
  const title = 'Thursday rehearsal';
  const event = await ok(
    request.post(`/api/v1/choirs/${choirId}/events`, {
      data: { title, eventType: 'rehearsal', start: `${date}T19:00:00`, end: `${date}T21:00:00`, location: 'Crypt', timeZone: ZONE },
    }),
    201,
  );
  const piece = await ok(request.post(`/api/v1/choirs/${choirId}/music`, { data: { title: PIECE } }), 201);
  const plan = await ok(request.post(`/api/v1/choirs/${choirId}/plans`, { data: { date, eventId: event.id } }), 201);
  await ok(
    request.put(`/api/v1/choirs/${choirId}/plans/${plan.id}`, {
      data: { title: 'Lent rehearsal', notes: NOTES, slots: [{ label: 'Warm-up', musicId: piece.id }], version: plan.version },
    }),
  );
  return { choirId, singer, eventId: event.id as string, title };
}

/** untilServiceWorkerControls waits for the app's service worker to take the page. */
async function untilServiceWorkerControls(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null);
}

/** keptAnswers lists the private API answers the service worker keeps on this device. */
async function keptAnswers(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    if (!(await caches.has('cantica-private-api'))) return [];
    const cache = await caches.open('cantica-private-api');
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
  });
}

test('after one visit online, the calendar and an event’s plan show offline; an answer given there is sent when the signal returns; signing out removes what was kept', async ({
  page,
  request,
}) => {
  const c = await newChoir(request);
  const manifest = await ok(request.get('/manifest.webmanifest'));
  expect(manifest).toMatchObject({ start_url: '/dashboard', display: 'standalone' });

  await signIn(page, c.singer);
  await expect(page).toHaveURL(/\/dashboard$/);
  const question = page.getByRole('dialog', { name: 'Which part do you sing?' });
  await question.getByRole('button', { name: 'Alto' }).click();
  await expect(question).toBeHidden();
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await untilServiceWorkerControls(page);

  // The visit online, through the worker: the calendar, the event and its plan.
  await page.goto('/dashboard/calendar');
  await page.getByRole('button', { name: c.title }).first().click();
  let details = page.getByRole('dialog', { name: c.title });
  await expect(details.getByText(NOTES)).toBeVisible();
  await expect(details.getByText('You have not answered yet.')).toBeVisible();
  await expect(page.getByText(/^Offline — last updated/)).toHaveCount(0);

  // The bus enters the tunnel: the app and what it showed come from the phone.
  await server.stop();
  await page.goto('/dashboard/calendar');
  await expect(page.getByText(/^Offline — last updated \d/)).toBeVisible();
  await page.getByRole('button', { name: c.title }).first().click();
  details = page.getByRole('dialog', { name: c.title });
  await expect(details.getByText(NOTES)).toBeVisible();
  await expect(details.getByText(PIECE)).toBeVisible();

  // An answer given without a signal waits on the phone.
  await details.getByRole('button', { name: "I'll be there" }).click();
  await expect(page.getByText('No signal: your answer will be sent when you are back online.')).toBeVisible();
  await expect(details.getByText("Your answer: I'll be there (will be sent)")).toBeVisible();
  await expectAccessible(page);

  // Out of the tunnel: the director has nothing yet; the phone says it is online again, and the answer goes without a tap.
  await server.start();
  const answerOf = async () => {
    const attendance = await ok(request.get(`/api/v1/choirs/${c.choirId}/events/${c.eventId}/attendance`));
    return (attendance.members as { email: string; status: string | null }[]).find((m) => m.email === c.singer)?.status ?? null;
  };
  expect(await answerOf()).toBeNull();
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(answerOf).toBe('going');
  await expect(details.getByText("Your answer: I'll be there", { exact: true })).toBeVisible();
  await expect(page.getByText(/^Offline — last updated/)).toHaveCount(0);
  expect(await keptAnswers(page)).toContain(`/api/v1/choirs/${c.choirId}/events/${c.eventId}/plan`);

  // Signing out leaves nothing private on the phone, even for the next visit offline.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).not.toHaveURL(/\/dashboard/);
  expect(await keptAnswers(page)).toEqual([]);
  await server.stop();
  await page.goto('/dashboard/calendar');
  // Nobody is signed in on the phone any more: the app asks for a sign-in.
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByText(c.title)).toHaveCount(0);
  await expect(page.getByText(NOTES)).toHaveCount(0);
});
