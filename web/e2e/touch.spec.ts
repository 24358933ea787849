import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible } from './axe';
import { createConfirmedAccount, PASSWORD, signIn, uniqueEmail } from './support/accounts';
import { pdf, wav } from './support/files';
import { expectTouchTargets } from './support/touchTargets';
import { ok, ROMAN_CATHOLIC } from './support/api';

// A singer's phone: every control of the pages they open each week can be hit with a finger.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: 'Europe/London' });

const pad = (n: number) => String(n).padStart(2, '0');
const dayKey = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** A choir with a piece that has a score and a recording, and tomorrow's rehearsal planned with it. */
async function setUp(request: APIRequestContext) {
  const director = uniqueEmail('kantor');
  await createConfirmedAccount(request, director, 'Johann', 'Kuhnau');
  await ok(request.post('/api/v1/auth/login', { data: { email: director, password: PASSWORD } }));
  const choir = await ok(
    request.post('/api/v1/choirs', {
      data: { name: 'Thumb Singers', country: 'GB', religiousAffiliationId: ROMAN_CATHOLIC, timeZone: 'Europe/London' },
    }),
    201,
  );
  const choirId = choir.id as string;
  const musicId = (await ok(request.post(`/api/v1/choirs/${choirId}/music`, { data: { title: 'Jubilate Deo' } }), 201)).id as string;
  for (const [type, name, mimeType, buffer] of [
    ['score', 'jubilate.pdf', 'application/pdf', pdf(1)],
    ['audio_full', 'jubilate.wav', 'audio/wav', wav(440, 6)],
  ] as const) {
    await ok(
      request.post(`/api/v1/choirs/${choirId}/music/${musicId}/attachments`, {
        multipart: { type, description: '', customPartName: '', file: { name, mimeType, buffer } },
      }),
      201,
    );
  }
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);
  const date = dayKey(tomorrow);
  const event = await ok(
    request.post(`/api/v1/choirs/${choirId}/events`, {
      data: { title: 'Rehearsal', eventType: 'rehearsal', start: `${date}T19:30:00`, end: `${date}T21:30:00`, location: 'Church hall', timeZone: 'Europe/London' },
    }),
    201,
  );
  const plan = await ok(request.post(`/api/v1/choirs/${choirId}/plans`, { data: { date, eventId: event.id } }), 201);
  await ok(
    request.put(`/api/v1/choirs/${choirId}/plans/${plan.id}`, {
      data: { title: '', notes: 'Bring a pencil.', slots: [{ label: 'Entrance', musicId }], version: plan.version },
    }),
  );
  return { director, musicId, eventId: event.id as string, date };
}

test('on a 390 px phone every control of the studio, the plan, the event panel and the header is at least 44 × 44 px', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const s = await setUp(request);
  await signIn(page, s.director);
  await expect(page).toHaveURL(/\/dashboard$/);
  // On a phone the sign-in toast lies over the header (and a pointer resting
  // on it keeps it there): closed first, as a thumb would.
  const welcome = page.getByRole('alert').filter({ hasText: 'Welcome back!' });
  await welcome.getByRole('button', { name: 'Close notification' }).click();
  await expect(welcome).toBeHidden();

  // The header, with the navigation open.
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeInViewport();
  await expectTouchTargets(page, 'header', { within: 'header, #app-navigation' });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Close navigation' }).click();

  // The practice studio, with its score drawn and its recording loaded.
  await page.goto(`/dashboard/music/${s.musicId}?practice=true`);
  // The studio's chunk, pdf.js and the recording arrive slowly on two busy cores.
  await expect(page.getByRole('heading', { level: 1, name: 'Practice: Jubilate Deo' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('img', { name: 'Score page 1' })).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => page.locator('audio').first().evaluate((a: HTMLAudioElement) => a.duration), { timeout: 30_000 })
    .toBeGreaterThan(5);
  await expect(page.getByRole('group', { name: /^Waveform/ }).locator('canvas').first()).toBeAttached();
  await expectTouchTargets(page, 'practice studio');
  await expectAccessible(page);

  // The phone's plan page of tomorrow's rehearsal.
  await page.goto(`/dashboard/calendar/plan-music/${s.date}?event=${s.eventId}`);
  await expect(page).toHaveURL(/\/plan-music-v2\//);
  await expect(page.getByRole('region', { name: 'Entrance' })).toContainText('Jubilate Deo', { timeout: 30_000 });
  await expectTouchTargets(page, 'plan page');
  await expectAccessible(page);

  // The calendar's agenda from today, and tomorrow's rehearsal's panel.
  await page.goto('/dashboard/calendar');
  const rehearsal = page.getByRole('button', { name: /Rehearsal/ }).first();
  await expect(rehearsal).toBeVisible({ timeout: 30_000 });
  await expectTouchTargets(page, 'agenda');
  await rehearsal.click();
  const panel = page.getByRole('dialog', { name: 'Rehearsal' });
  await expect(panel.getByRole('link', { name: 'Practise Jubilate Deo' })).toBeVisible();
  await expectTouchTargets(page, 'event panel', { within: '[role=dialog]' });
  await expectAccessible(page);

  // On the narrowest phone 'Practise' is still whole: nothing inside the link is cut off.
  await page.setViewportSize({ width: 320, height: 640 });
  const practise = panel.getByRole('link', { name: 'Practise Jubilate Deo' });
  await practise.scrollIntoViewIfNeeded();
  await expect(practise).toBeInViewport();
  const clipped = await practise.evaluate((link) =>
    [link, ...Array.from(link.querySelectorAll('*'))]
      .filter((el) => el instanceof HTMLElement && getComputedStyle(el).display !== 'inline')
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => el.textContent),
  );
  expect(clipped).toEqual([]);
});
