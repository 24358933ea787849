import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { createConfirmedAccount, PASSWORD, signIn, uniqueEmail } from './support/accounts';
import { makeSecondBuild, SECOND_BUILD_MARK } from './support/secondBuild';
import { startStoppableServer, STOPPABLE_URL, type StoppableServer } from './support/stoppableServer';
import { ok, ROMAN_CATHOLIC } from './support/api';

// Issue 31: Cantica on a phone with no signal. The signal is lost by
// stopping the spec's own server (e2e/support/stoppableServer.ts says why).
// The browser and the choir share a zone, so dates read the same in both.
const ZONE = 'America/New_York';
test.use({ baseURL: STOPPABLE_URL, timezoneId: ZONE, serviceWorkers: 'allow' });
// One server for the spec's flows, which stop and restart it: they run one after another, in one worker.
test.describe.configure({ mode: 'default' });
// Two accounts, the worker downloading the whole app, pages visited online and offline.
test.slow();

let server: StoppableServer;
test.beforeAll(async () => {
  server = await startStoppableServer();
});
// Each flow begins with a signal, whatever the one before left.
test.beforeEach(async () => {
  await server.start();
});
test.afterAll(async () => {
  await server?.stop();
});

const NOTES = 'Bring the Lent folder; we start with the Miserere.';
const PIECE = 'Miserere mei, Deus';

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

/**
 * installabilityErrors are Chromium's reasons why the page's app cannot be installed (none when
 * it can). Playwright's browser contexts are incognito profiles, where Chromium never installs
 * and says so ("in-incognito"); it still lists every other reason beside that one (a page
 * without a manifest gets "no-manifest" too), so that one is left out.
 */
async function installabilityErrors(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    return installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito');
  } finally {
    await cdp.detach();
  }
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
  // Installable by Chromium's own criteria (Lighthouse 12 no longer audits them), with every icon there.
  expect(await installabilityErrors(page)).toEqual([]);
  for (const icon of manifest.icons as { src: string; type: string }[]) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe(icon.type);
  }

  // The visit online, through the worker: the calendar. The event is never opened: the app
  // asks for the next two weeks' plans and answers by itself, and the worker keeps them.
  await page.goto('/dashboard/calendar');
  await expect(page.getByRole('button', { name: c.title }).first()).toBeVisible();
  await expect(page.getByText(/^Offline — last updated/)).toHaveCount(0);
  const eventPath = `/api/v1/choirs/${c.choirId}/events/${c.eventId}`;
  await expect.poll(() => keptAnswers(page)).toEqual(expect.arrayContaining([`${eventPath}/plan`, `${eventPath}/rsvp`]));

  // The bus enters the tunnel: the app and what it showed come from the phone.
  await server.stop();
  await page.goto('/dashboard/calendar');
  await expect(page.getByText(/^Offline — last updated \d/)).toBeVisible();
  await page.getByRole('button', { name: c.title }).first().click();
  const details = page.getByRole('dialog', { name: c.title });
  await expect(details.getByText(NOTES)).toBeVisible();
  await expect(details.getByText('You have not answered yet.')).toBeVisible();
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

  // An email's link opened without a signal says it needs one, rather than the browser's error page.
  await page.goto('/email/rsvp/a-token-from-an-email/going');
  await expect(page.getByRole('heading', { name: 'No signal' })).toBeVisible();
  await expect(page.getByText('This page needs a signal to reach Cantica. Nothing was recorded.', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/email/rsvp/a-token-from-an-email/going');
  await expectAccessible(page);
});

test('a new build shows "A new version is available — Reload", and Reload brings it', async ({ page, request }) => {
  const director = uniqueEmail('director');
  await createConfirmedAccount(request, director, 'Thomas', 'Tallis');
  await ok(request.post('/api/v1/auth/login', { data: { email: director, password: PASSWORD } }));
  await ok(
    request.post('/api/v1/choirs', { data: { name: 'Chapel Royal', country: 'US', religiousAffiliationId: ROMAN_CATHOLIC, timeZone: ZONE } }),
    201,
  );
  await signIn(page, director);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/calendar');
  await untilServiceWorkerControls(page);
  const newVersion = page.getByText('A new version is available —');
  await expect(newVersion).toHaveCount(0);

  // The second build is deployed; the page, opened again, finds the new worker waiting.
  const secondBuild = makeSecondBuild();
  await server.stop();
  await server.start({ CANTICA_WEB_DIR: secondBuild });
  try {
    await page.reload();
    await expect(newVersion).toBeVisible();
    await expectAccessible(page);
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Reload' }).click();
    await reloaded;

    // The new worker has taken over and the page is loaded again under it: nothing waits, no
    // toast, and what the phone opens offline is the new build (the old build's page is gone).
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return { waiting: registration?.waiting != null, controlled: navigator.serviceWorker.controller != null };
        }),
      )
      .toEqual({ waiting: false, controlled: true });
    await expect(page.locator('meta[name="cantica-build"]')).toHaveAttribute('content', 'second');
    await expect(newVersion).toHaveCount(0);
    const precachedPages = await page.evaluate(async () => {
      const pages: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const key of await cache.keys()) {
          if (new URL(key.url).pathname === '/index.html') pages.push(await (await cache.match(key))!.text());
        }
      }
      return pages;
    });
    expect(precachedPages).toHaveLength(1);
    expect(precachedPages[0]).toContain(SECOND_BUILD_MARK);
  } finally {
    // The server goes back to the binary's own build, whatever runs next.
    await server.stop();
    await server.start();
    rmSync(secondBuild, { recursive: true, force: true });
  }
});
