import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { createConfirmedAccount, PASSWORD, signIn, uniqueEmail } from './support/accounts';
import { pdf, wav } from './support/files';
import { ROMAN_CATHOLIC } from './support/api';

async function newChoir(request: APIRequestContext, director: string, name: string): Promise<string> {
  const login = await request.post('/api/v1/auth/login', { data: { email: director, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const res = await request.post('/api/v1/choirs', {
    data: { name, country: 'GB', religiousAffiliationId: ROMAN_CATHOLIC, timeZone: 'Europe/London' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id as string;
}

/** newPiece makes a piece with the files given; it answers the piece's id and each file's address by name. */
async function newPiece(request: APIRequestContext, choirId: string, title: string, files: [string, string, string, Buffer, string?][]) {
  const created = await request.post(`/api/v1/choirs/${choirId}/music`, { data: { title } });
  expect(created.status(), await created.text()).toBe(201);
  const musicId = (await created.json()).id as string;
  const urls: Record<string, string> = {};
  for (const [type, name, mimeType, buffer, customPartName = ''] of files) {
    const res = await request.post(`/api/v1/choirs/${choirId}/music/${musicId}/attachments`, {
      multipart: { type, description: '', customPartName, file: { name, mimeType, buffer } },
    });
    expect(res.status(), await res.text()).toBe(201);
    urls[name] = `/api/v1/choirs/${choirId}/music/${musicId}/attachments/${(await res.json()).id}/file`;
  }
  return { musicId, urls };
}

/** countRequests counts, from now on, the page's requests for each of the given addresses. */
function countRequests(page: Page, paths: string[]): Record<string, number> {
  const counts = Object.fromEntries(paths.map((p) => [p, 0]));
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path in counts) counts[path]++;
  });
  return counts;
}

const audioTime = (page: Page) => page.locator('audio').first().evaluate((a: HTMLAudioElement) => a.currentTime);

test('a singer practises: pages turn, 75 % keeps the pitch, an A–B loop, a marker, and the time counts', async ({ page, request }) => {
  test.setTimeout(180_000);
  const director = uniqueEmail('kantor');
  await createConfirmedAccount(request, director, 'Johann', 'Kuhnau');
  const choirId = await newChoir(request, director, 'Practice Singers');
  const { musicId, urls } = await newPiece(request, choirId, 'Jubilate Deo', [
    ['score', 'jubilate.pdf', 'application/pdf', pdf(4)],
    ['audio_full', 'jubilate.wav', 'audio/wav', wav(440, 20)],
  ]);

  await signIn(page, director);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/dashboard/music/${musicId}`);
  // The piece page's own player has read the recording's start: the studio's downloads are counted from here.
  await expect.poll(() => page.locator('audio').first().evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThan(0);
  const downloads = countRequests(page, [urls['jubilate.wav']]);
  await page.getByRole('link', { name: 'Practice' }).click();
  await expect(page).toHaveURL(/practice=true/);
  await expect(page.getByRole('heading', { level: 1, name: 'Practice: Jubilate Deo' })).toBeVisible();

  // The score: pdf.js draws it; the page turns by key.
  await expect(page.getByText('Page 1 of 4')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Score page 1' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText('Page 2 of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(page.getByText('Page 1 of 4')).toBeVisible();
  await expectAccessible(page);

  // 75 %: five steps slower, the pitch kept.
  const audio = page.locator('audio').first();
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.duration)).toBeGreaterThan(19);
  for (let i = 0; i < 5; i++) await page.getByRole('button', { name: 'Slower' }).click();
  await expect(page.getByTestId('speed')).toHaveText('75 %');
  expect(await audio.evaluate((a: HTMLAudioElement) => [a.playbackRate, a.preservesPitch])).toEqual([0.75, true]);
  // The arrow keys on the speed slider change the speed, not the score's page.
  await page.getByRole('slider', { name: 'Speed' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('speed')).toHaveText('80 %');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('speed')).toHaveText('75 %');
  await expect(page.getByText('Page 1 of 4')).toBeVisible();
  // The waveform is drawn from the player's download: the recording came down once.
  await expect(page.getByRole('group', { name: /^Waveform/ }).locator('canvas').first()).toBeAttached();
  expect(downloads).toEqual({ [urls['jubilate.wav']]: 1 });

  // Play (the click is the gesture autoplay needs), then an A–B loop: past B it returns to A.
  await page.getByRole('button', { name: 'Play' }).click();
  await expect.poll(() => audioTime(page)).toBeGreaterThan(0.5);
  await page.getByRole('button', { name: 'Set A' }).click();
  const a = await audioTime(page);
  await expect.poll(() => audioTime(page)).toBeGreaterThan(a + 1);
  // B is set while paused, so that the time read is B's: while playing, the loop can wrap before it is read.
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByRole('button', { name: 'Set B' }).click();
  const b = await audioTime(page);
  await page.getByRole('button', { name: 'Play' }).click();
  // Within one pass and a bit, the position is back between A and B, never far past B.
  await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeLessThan(a + 0.5);
  expect(await audioTime(page)).toBeLessThan(b + 0.5);
  await page.getByRole('button', { name: 'Clear loop' }).click();

  // The director marks "now → page 3, bar 45", saves, and jumps there by bar.
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByRole('button', { name: 'Forward 5 seconds' }).click();
  const marked = await audioTime(page);
  await page.getByRole('button', { name: 'Next page' }).click();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Page 3 of 4')).toBeVisible();
  await page.getByRole('textbox', { name: 'Bar (optional)' }).fill('45');
  await page.getByRole('button', { name: 'Add marker: now → page 3' }).click();
  await page.getByRole('button', { name: 'Save markers' }).click();
  await expect(page.getByText('Changes saved successfully')).toBeVisible();
  await page.getByRole('button', { name: 'Back 5 seconds' }).click();
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(page.getByText('Page 2 of 4')).toBeVisible();
  await page.getByRole('textbox', { name: 'Go to bar' }).fill('45');
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(page.getByText('Page 3 of 4')).toBeVisible();
  expect(Math.abs((await audioTime(page)) - marked)).toBeLessThan(0.2);
  await expectAccessible(page);

  // Back on the piece: the practice was counted, for the singer and in the administrators' view.
  await page.getByRole('link', { name: 'Back to the piece' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jubilate Deo' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your practice' })).toContainText(/In all: (under 1 min|\d+ min)/);
  const choir = page.getByRole('region', { name: 'Choir practice' });
  await expect(choir.getByRole('table', { name: 'Practice per member' })).toContainText('Johann Kuhnau');
  await expect(choir.getByRole('table', { name: 'Practice per member' })).not.toContainText('Never');
  await expectAccessible(page);

  // On the dashboard, and on a phone the player is docked under the score.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  const mine = page.getByRole('region', { name: 'Your practice' });
  await expect(mine.getByRole('link', { name: 'Jubilate Deo' })).toHaveAttribute('href', `/dashboard/music/${musicId}?practice=true`);
  await page.setViewportSize({ width: 375, height: 740 });
  await mine.getByRole('link', { name: 'Jubilate Deo' }).click();
  // It resumes where the singer stopped, and the score follows to that marker's page.
  await expect(page.getByText(/^Page \d of 4$/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Play' })).toBeInViewport();
  await expectAccessible(page);
});

test('the part mixer: mute and solo change the parts’ gains and not the time', async ({ page, request }) => {
  test.setTimeout(120_000);
  const director = uniqueEmail('kantor');
  await createConfirmedAccount(request, director, 'Johann', 'Kuhnau');
  const choirId = await newChoir(request, director, 'Mixer Singers');
  const { musicId, urls } = await newPiece(request, choirId, 'Cantate Domino', [
    ['audio_part', 'soprano.wav', 'audio/wav', wav(660, 8), 'Soprano'],
    ['audio_part', 'alto.wav', 'audio/wav', wav(440, 8), 'Alto'],
  ]);

  await signIn(page, director);
  await expect(page).toHaveURL(/\/dashboard$/);
  const downloads = countRequests(page, [urls['soprano.wav'], urls['alto.wav']]);
  await page.goto(`/dashboard/music/${musicId}?practice=true`);
  const mixer = page.getByRole('region', { name: 'Part mixer for Cantate Domino' });
  const soprano = mixer.getByRole('group', { name: 'Soprano' });
  const alto = mixer.getByRole('group', { name: 'Alto' });
  await expect(soprano).not.toHaveAttribute('data-gain', '0');
  await page.getByRole('button', { name: 'Play' }).click();
  await page.getByRole('button', { name: 'Pause' }).click();
  const time = await page.getByRole('slider', { name: 'Position' }).first().getAttribute('aria-valuenow');

  await mixer.getByRole('button', { name: 'Mute Soprano' }).click();
  await expect(soprano).toHaveAttribute('data-gain', '0');
  await mixer.getByRole('button', { name: 'Mute Soprano' }).click();
  await mixer.getByRole('button', { name: 'Solo Alto' }).click();
  await expect(soprano).toHaveAttribute('data-gain', '0');
  await expect(alto).not.toHaveAttribute('data-gain', '0');
  expect(await page.getByRole('slider', { name: 'Position' }).first().getAttribute('aria-valuenow')).toBe(time);
  // The waveform outlines the first part from the mixer's own download: each part came down once.
  await expect(page.getByRole('group', { name: /^Waveform/ }).locator('canvas').first()).toBeAttached();
  expect(downloads).toEqual({ [urls['soprano.wav']]: 1, [urls['alto.wav']]: 1 });
  await expectAccessible(page);
});
