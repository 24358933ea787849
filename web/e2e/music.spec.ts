import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { createConfirmedAccount, PASSWORD, signIn, uniqueEmail } from './support/accounts';
import { ROMAN_CATHOLIC } from './support/api';

/** cantica runs the real binary's administrator commands on the test's database. */
function cantica(...args: string[]) {
  execFileSync('../bin/cantica', args, { env: { ...process.env, CANTICA_DATA_DIR: process.env.CANTICA_E2E_DATA_DIR } });
}

/** newChoir signs the director in on the request context and makes a choir; it returns its id. */
async function newChoir(request: APIRequestContext, director: string, name: string): Promise<string> {
  const login = await request.post('/api/v1/auth/login', { data: { email: director, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const res = await request.post('/api/v1/choirs', {
    data: { name, country: 'GB', religiousAffiliationId: ROMAN_CATHOLIC, timeZone: 'Europe/London' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id as string;
}

/** A tiny valid PDF: one empty page. */
function pdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n' +
      '3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  );
}

/**
 * mp3 is a valid MP3 of silence: an ID3 tag, then MPEG-1 Layer III frames
 * (128 kbit/s, 44.1 kHz, mono) whose empty side information decodes to
 * nothing. 300 frames last about 7.8 s and weigh about 125 KB: enough to
 * watch an upload's progress on a throttled connection.
 */
function mp3(frames = 300): Buffer {
  const id3 = Buffer.from([0x49, 0x44, 0x33, 0x03, 0, 0, 0, 0, 0, 0]);
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0xc4]);
  return Buffer.concat([id3, ...Array.from({ length: frames }, () => frame)]);
}

/** throttleUploads slows what the page sends, so a small upload's progress can be seen. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return async () => {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.detach();
  };
}

async function openAddForm(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Add music' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add music' });
  await expect(dialog.getByRole('textbox', { name: 'Title', exact: true })).toBeVisible();
  return dialog;
}

const UNSAVED_FORM = 'You have unsaved changes to this music piece. Are you sure you want to close the form? Your changes will be lost.';
const UNSAVED_LEAVE = 'You have unsaved changes to this music piece. Are you sure you want to leave? Your changes will be lost.';

test('a director builds a piece: new and recognised composers, a tag, a score and a recording, a filter, an edit, the archive', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const director = uniqueEmail('kantor');
  await createConfirmedAccount(request, director, 'Johann', 'Kuhnau');
  await newChoir(request, director, 'Thomaner Library');

  await signIn(page, director);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/music');
  await expect(page.getByRole('heading', { level: 1, name: 'Music Library' })).toBeVisible();
  await expectAccessible(page);

  // A piece by a composer the library does not know yet: a new composer.
  let form = await openAddForm(page);
  await form.getByRole('textbox', { name: 'Title', exact: true }).fill('Ave verum corpus');
  await form.getByRole('textbox', { name: 'Composer' }).fill('Hildegard Thorvaldsen');
  await expect(form.getByRole('region', { name: 'Composer suggestions' })).toContainText('A new composer will be added');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Add music' }).click();
  await expect(page.getByText('Changes saved successfully')).toBeVisible();
  await expect(form).toBeHidden();

  // The same composer, abbreviated: suggested, and confirmed; the piece is tagged.
  form = await openAddForm(page);
  await form.getByRole('textbox', { name: 'Title', exact: true }).fill('Laudate Dominum');
  await form.getByRole('textbox', { name: 'Composer' }).fill('H. Thorvaldsen');
  const suggestion = form.getByRole('region', { name: 'Composer suggestions' });
  await expect(suggestion).toContainText('Hildegard Thorvaldsen — same composer?');
  await expectAccessible(page);
  await suggestion.getByRole('button', { name: 'Yes' }).click();
  await expect(suggestion).toContainText('Composer: Hildegard Thorvaldsen');
  await form.getByRole('textbox', { name: 'New tag' }).fill('Eucharist');
  await form.getByRole('button', { name: 'Create tag' }).click();
  await expect(form.getByText('Eucharist')).toBeVisible();
  await form.getByRole('button', { name: 'Add music' }).click();
  await expect(form).toBeHidden();

  // Found by its tag: the other piece is filtered out.
  const filters = page.getByRole('search', { name: 'Search and filter the library' });
  await filters.getByLabel('Tags').click();
  await page.getByRole('option', { name: 'Eucharist' }).click();
  const list = page.getByLabel('Music', { exact: true }).first();
  await expect(list.getByRole('link', { name: 'Laudate Dominum' })).toBeVisible();
  await expect(list.getByRole('link', { name: 'Ave verum corpus' })).toBeHidden();
  await expect(page).toHaveURL(/tag/);
  await list.getByRole('link', { name: 'Laudate Dominum' }).click();

  // The piece page: the composer is the one already in the library.
  await expect(page.getByRole('heading', { level: 1, name: 'Laudate Dominum' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Details' })).toContainText('H. Thorvaldsen (Hildegard Thorvaldsen)');
  await expectAccessible(page);

  // A score and a recording, chosen together on a slow line: they go at once, each with its progress.
  const unthrottle = await throttleUploads(page, 32 * 1024);
  await page.getByLabel('Choose files').setInputFiles([
    { name: 'laudate.pdf', mimeType: 'application/pdf', buffer: pdf() },
    { name: 'laudate.mp3', mimeType: 'audio/mpeg', buffer: mp3() },
  ]);
  const mp3Row = page.getByRole('group', { name: 'laudate.mp3' });
  await expect(mp3Row.getByRole('combobox', { name: 'Type' })).toHaveValue('Full recording');
  await expect(page.getByRole('button', { name: 'Upload all' })).toHaveCount(0);
  const bar = mp3Row.getByRole('progressbar', { name: 'Uploading laudate.mp3' });
  await expect(bar).toBeVisible();
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 15_000 }).toBeGreaterThan(0);
  await expectAccessible(page);
  await expect(page.getByRole('article', { name: 'laudate.mp3' })).toBeVisible({ timeout: 30_000 });
  // The small score may be stored before its row is seen: its type is checked once it is stored.
  await expect(page.getByRole('article', { name: 'laudate.pdf' })).toContainText('Score (PDF)');
  await unthrottle();
  await expect(page.getByRole('group', { name: 'laudate.mp3' })).toBeHidden();

  // A file's details change in a dialog; the recording becomes the alto part.
  await page.getByRole('button', { name: 'Edit laudate.mp3' }).click();
  const details = page.getByRole('dialog', { name: 'Edit file details' });
  await details.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Part recording' }).click();
  await details.getByRole('textbox', { name: 'Part name' }).fill('Alto');
  await expectAccessible(page);
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details).toBeHidden();
  await expect(page.getByRole('article', { name: 'laudate.mp3' })).toContainText('Alto');

  // Deleting asks first; not today.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const deleting = page.getByRole('dialog', { name: 'Delete music piece' });
  await expect(deleting).toContainText('Delete "Laudate Dominum" with its files? This cannot be undone.');
  await expectAccessible(page);
  await deleting.getByRole('button', { name: 'Cancel' }).click();
  await expect(deleting).toBeHidden();

  // Editing: closing the form with changes asks first; so does leaving the page.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  form = page.getByRole('dialog', { name: 'Edit music' });
  await expect(form.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Laudate Dominum');
  await form.getByRole('textbox', { name: 'Subtitle' }).fill('from Vesperae solennes');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Cancel' }).click();
  let question = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(question).toContainText(UNSAVED_FORM);
  await expectAccessible(page);
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();

  await page.goBack();
  question = page.getByRole('dialog', { name: 'Leave this page?' });
  await expect(question).toContainText(UNSAVED_LEAVE);
  await expectAccessible(page);
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\/music\/[^/?]+$/);

  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('from Vesperae solennes')).toBeVisible();

  // Archived: marked so, and gone from the library's default view.
  await page.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('Archived', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Restore' })).toBeVisible();
  await page.getByRole('link', { name: 'Music library', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Music Library' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ave verum corpus' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Laudate Dominum' })).toBeHidden();
});

test('a member reads a piece, plays its recording from a range request and downloads its score; nothing to change', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const director = uniqueEmail('kantor');
  const singer = uniqueEmail('alto');
  await createConfirmedAccount(request, director, 'Johann', 'Kuhnau');
  await createConfirmedAccount(request, singer, 'Anna', 'Magdalena');
  const choirId = await newChoir(request, director, 'Thomaner Singers');
  cantica('admin', 'add-member', choirId, singer, 'member');

  const created = await request.post(`/api/v1/choirs/${choirId}/music`, {
    data: { title: 'Ubi caritas', composer: 'Maurice Duruflé', newComposer: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const musicId = (await created.json()).id as string;
  for (const [type, name, mimeType, buffer] of [
    ['score', 'ubi-caritas.pdf', 'application/pdf', pdf()],
    ['audio_full', 'ubi-caritas.mp3', 'audio/mpeg', mp3()],
  ] as const) {
    const res = await request.post(`/api/v1/choirs/${choirId}/music/${musicId}/attachments`, {
      multipart: { type, description: '', file: { name, mimeType, buffer } },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await signIn(page, singer);
  await expect(page).toHaveURL(/\/dashboard$/);
  const ranged = page.waitForResponse((r) => /\/attachments\/[^/]+\/file$/.test(new URL(r.url()).pathname) && r.status() === 206);
  await page.goto(`/dashboard/music/${musicId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ubi caritas' })).toBeVisible();
  await expect(page.getByText(/Maurice Duruflé/).first()).toBeVisible();

  // The player asked for a range and got one: the recording can seek.
  const response = await ranged;
  expect(response.request().headers()['range']).toMatch(/^bytes=/);
  const audio = page.getByRole('article', { name: 'ubi-caritas.mp3' }).locator('audio');
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.duration)).toBeGreaterThan(5);
  await audio.evaluate((a: HTMLAudioElement) => {
    a.muted = true; // a page may start sound only after a gesture; muted it may play
    return a.play();
  });
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0);

  // The score downloads as a file.
  const download = page.getByRole('link', { name: 'Download ubi-caritas.pdf' });
  const href = await download.getAttribute('href');
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-disposition']).toMatch(/^attachment/);
  expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // Read-only: no control to change anything.
  for (const name of ['Edit', 'Archive', 'Delete', 'Choose files']) {
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await expect(page.getByLabel('Choose files')).toHaveCount(0);
  await expectAccessible(page);

  // On a phone the page fits its width: nothing to scroll sideways.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('link', { name: 'Download ubi-caritas.mp3' })).toBeVisible();
  // (Polled: the sidebar slides away first.)
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);

  // And the server agrees.
  const refused = await page.request.post(`/api/v1/choirs/${choirId}/music/${musicId}/archive`);
  expect(refused.status()).toBe(403);
});
