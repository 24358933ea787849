import { execFileSync } from 'node:child_process';
import { expect, test, type Page, type Response } from '@playwright/test';
import { expectAccessible } from './axe';
import { createConfirmedAccount, PASSWORD, signIn, uniqueEmail } from './support/accounts';
import { pdf, wav } from './support/files';
import { SECOND_STOPPABLE_URL, startStoppableServer, type StoppableServer } from './support/stoppableServer';
import { ok, ROMAN_CATHOLIC } from './support/api';

// Issue 31: a piece made available offline, practised on a bus with no
// signal. The signal is lost by stopping the spec's own server (as in
// pwa.spec.ts, whose server runs at the same time one port below).
test.use({ baseURL: SECOND_STOPPABLE_URL, serviceWorkers: 'allow' });
// Two accounts, the worker downloading the whole app, pages visited online and offline.
test.slow();

let server: StoppableServer;
test.beforeAll(async () => {
  server = await startStoppableServer(SECOND_STOPPABLE_URL);
});
test.afterAll(async () => {
  await server?.stop();
});

const PIECE = 'Ave verum corpus';

/** keptMusic lists the addresses this browser keeps in the offline music cache. */
async function keptMusic(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    if (!(await caches.has('cantica-offline-music'))) return [];
    const cache = await caches.open('cantica-offline-music');
    return (await cache.keys()).map((r) => new URL(r.url).pathname).sort();
  });
}

const formatKB = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

test('a piece made available offline opens, plays and seeks without a signal, and its practice reaches the server afterwards', async ({
  page,
  request,
}) => {
  const director = uniqueEmail('kantor');
  const singer = uniqueEmail('alto');
  await createConfirmedAccount(request, director, 'William', 'Byrd');
  await createConfirmedAccount(request, singer, 'Clara', 'Schumann');
  await ok(request.post('/api/v1/auth/login', { data: { email: director, password: PASSWORD } }));
  const choir = await ok(
    request.post('/api/v1/choirs', { data: { name: 'Bus Singers', country: 'GB', religiousAffiliationId: ROMAN_CATHOLIC, timeZone: 'Europe/London' } }),
    201,
  );
  const choirId = choir.id as string;
  execFileSync('../bin/cantica', ['admin', 'add-member', choirId, singer, 'member'], { env: { ...process.env, CANTICA_DATA_DIR: server.dataDir } });
  const piece = await ok(request.post(`/api/v1/choirs/${choirId}/music`, { data: { title: PIECE } }), 201);
  const musicId = piece.id as string;
  const files: Record<string, { url: string; bytes: number }> = {};
  const upload = async (type: string, name: string, mimeType: string, buffer: Buffer, customPartName = '') => {
    const a = await ok(
      request.post(`/api/v1/choirs/${choirId}/music/${musicId}/attachments`, { multipart: { type, description: '', customPartName, file: { name, mimeType, buffer } } }),
      201,
    );
    files[name] = { url: `/api/v1/choirs/${choirId}/music/${musicId}/attachments/${a.id}/file`, bytes: buffer.length };
  };
  await upload('score', 'ave.pdf', 'application/pdf', pdf(2));
  await upload('audio_full', 'ave.wav', 'audio/wav', wav(440, 20));
  await upload('audio_part', 'alto.wav', 'audio/wav', wav(330, 20), 'Alto');
  await upload('audio_part', 'tenor.wav', 'audio/wav', wav(220, 20), 'Tenor');

  await signIn(page, singer);
  await expect(page).toHaveURL(/\/dashboard$/);
  const question = page.getByRole('dialog', { name: 'Which part do you sing?' });
  await question.getByRole('button', { name: 'Alto' }).click();
  await expect(question).toBeHidden();
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null);

  // Online: the size first, then the singer's files are stored — the score, the full recording and the alto part.
  await page.goto(`/dashboard/music/${musicId}`);
  await page.getByRole('button', { name: 'Make available offline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make available offline' });
  const mine = ['ave.pdf', 'ave.wav', 'alto.wav'];
  await expect(dialog.getByText(`3 files, ${formatKB(mine.reduce((sum, f) => sum + files[f].bytes, 0))}`)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Make available offline' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Available offline', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove from this device' })).toBeVisible();
  const piecePath = `/api/v1/choirs/${choirId}/music/${musicId}`;
  expect(await keptMusic(page)).toEqual(
    [...mine.map((f) => files[f].url), piecePath, `${piecePath}/markers`, `${piecePath}/practice/me`].sort(),
  );

  // The bus enters the tunnel. The piece opens from the phone, and its recording seeks from the cache (206).
  await server.stop();
  const fromCache: Response[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === files['ave.wav'].url && r.status() === 206 && r.fromServiceWorker()) fromCache.push(r);
  });
  await page.goto(`/dashboard/music/${musicId}`);
  await expect(page.getByRole('heading', { level: 1, name: PIECE })).toBeVisible();
  await expect(page.getByText(/^Offline — last updated \d/)).toBeVisible();
  const player = page.getByLabel('Play ave.wav');
  await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.duration)).toBeGreaterThan(19);
  await player.evaluate((a: HTMLAudioElement) => (a.currentTime = 15));
  await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && !a.seeking)).toBe(true);
  expect(await player.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeCloseTo(15, 0);
  expect(fromCache.length).toBeGreaterThan(0);
  expect(fromCache[0].headers()['content-range']).toMatch(/^bytes \d+-\d+\/320044$/);

  // The studio: the score, and the recording played and moved on — the full one, since the tenor part was never stored.
  await page.getByRole('link', { name: 'Practice' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Practice: ${PIECE}` })).toBeVisible();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  const studioAudio = page.getByLabel('Recording: ave.wav');
  await page.getByRole('button', { name: 'Play' }).click();
  await expect.poll(() => studioAudio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(1.5);
  await page.getByRole('button', { name: 'Forward 5 seconds' }).click();
  await expect.poll(() => studioAudio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(6.5);
  await page.getByRole('button', { name: 'Pause' }).click();
  await expectAccessible(page);
  // The practice waits on the phone.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('cantica.practiceOutbox'))).toContain('playedSeconds');

  // Out of the tunnel: the director sees nothing yet; the phone sends the practice when it is online again.
  await server.start();
  const practised = async () => {
    const p = await ok(request.get(`/api/v1/choirs/${choirId}/music/${musicId}/practice`));
    return (p.members as { name: string; totalSeconds: number }[]).find((m) => m.name === 'Clara Schumann')?.totalSeconds ?? 0;
  };
  expect(await practised()).toBe(0);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(practised).toBeGreaterThan(1);

  // The singer removes it from the phone.
  await page.getByRole('link', { name: 'Back to the piece' }).click();
  await page.getByRole('button', { name: 'Remove from this device' }).click();
  await expect(page.getByRole('button', { name: 'Make available offline' })).toBeVisible();
  expect(await keptMusic(page)).toEqual([]);
});
