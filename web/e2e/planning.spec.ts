import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { createConfirmedAccount, PASSWORD, signIn, uniqueEmail } from './support/accounts';
import { ok, ROMAN_CATHOLIC } from './support/api';

// The browser and the choir share a zone, so dates read the same in both.
test.use({ timezoneId: 'Europe/London' });

// The Easter Vigil is Holy Saturday's feast: 4 April 2026 and 27 March 2027.
const VIGIL_2026 = '2026-04-04';
const VIGIL_2027 = '2027-03-27';

interface Setup {
  choirId: string;
  director: string;
  singer: string;
  vigil: string; // this year's Easter Vigil event
  pieces: Record<string, string>; // title → id
}

/**
 * newChoir makes a Roman Catholic choir whose library knows the Vigil: the
 * Exsultet is sung for Holy Saturday; Ave verum corpus rests six weeks and
 * was sung a fortnight before; last year's Vigil had Regina caeli.
 */
async function newChoir(request: APIRequestContext, name: string): Promise<Setup> {
  const director = uniqueEmail('kantor');
  const singer = uniqueEmail('alto');
  await createConfirmedAccount(request, director, 'Johann', 'Kuhnau');
  await createConfirmedAccount(request, singer, 'Anna', 'Magdalena');
  await ok(request.post('/api/v1/auth/login', { data: { email: director, password: PASSWORD } }));
  const choir = await ok(
    request.post('/api/v1/choirs', { data: { name, country: 'GB', religiousAffiliationId: ROMAN_CATHOLIC, timeZone: 'Europe/London' } }),
    201,
  );
  const choirId = choir.id as string;
  execFileSync('../bin/cantica', ['admin', 'add-member', choirId, singer, 'member'], {
    env: { ...process.env, CANTICA_DATA_DIR: process.env.CANTICA_E2E_DATA_DIR },
  });
  const pieces: Record<string, string> = {};
  for (const [title, extra] of [
    ['Exsultet', {}],
    ['Ave verum corpus', { minIntervalWeeks: 6 }],
    ['Regina caeli', {}],
    ['Sicut cervus', {}],
  ] as const) {
    pieces[title] = (await ok(request.post(`/api/v1/choirs/${choirId}/music`, { data: { title, ...extra } }), 201)).id;
  }
  await ok(request.put(`/api/v1/choirs/${choirId}/music/${pieces['Exsultet']}/liturgy`, { data: { feastKeys: ['holy_saturday'], seasons: [] } }));

  const event = async (title: string, date: string) =>
    (
      await ok(
        request.post(`/api/v1/choirs/${choirId}/events`, {
          data: { title, eventType: 'service', start: `${date}T20:00:00`, end: `${date}T22:30:00`, location: 'Cathedral', timeZone: 'Europe/London' },
        }),
        201,
      )
    ).id as string;
  const plan = async (date: string, eventId: string | null, slots: { label: string; musicId: string | null }[]) => {
    const created = await ok(request.post(`/api/v1/choirs/${choirId}/plans`, { data: { date, eventId } }), 201);
    await ok(request.put(`/api/v1/choirs/${choirId}/plans/${created.id}`, { data: { title: '', notes: '', slots, version: created.version } }));
  };
  await plan(VIGIL_2026, await event('Easter Vigil', VIGIL_2026), [
    { label: 'Entrance', musicId: pieces['Regina caeli'] },
    { label: 'Psalm', musicId: null },
    { label: 'Offertory', musicId: null },
  ]);
  await plan('2027-03-13', null, [{ label: 'Communion', musicId: pieces['Ave verum corpus'] }]);
  const vigil = await event('Easter Vigil', VIGIL_2027);
  return { choirId, director, singer, vigil, pieces };
}

/** suggestion is a piece's card in the library column (or the phone's search). */
const suggestion = (page: Page, title: string) => page.getByRole('article', { name: title });

test('a director plans the Easter Vigil on a desktop: last year copied, a suggestion dragged in, a resting piece held back; a singer sees it and practises', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const s = await newChoir(request, 'Cathedral Consort');

  await signIn(page, s.director);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/dashboard/calendar/plan-music-v3/${VIGIL_2027}?event=${s.vigil}`);
  await expect(page.getByText('Holy Saturday (Easter Vigil)').first()).toBeVisible();
  await expect(page.getByText('Holy Week').first()).toBeVisible();
  await page.getByRole('button', { name: 'Plan music for this event' }).click();
  await expect(page.getByRole('listitem', { name: 'Entrance' })).toBeVisible();
  await expectAccessible(page);

  // Last year's Vigil, found by its feast though its date moved.
  await page.getByRole('button', { name: 'Copy from…' }).click();
  const copy = page.getByRole('dialog');
  await expect(copy.getByRole('region', { name: 'Same feast in earlier years' })).toContainText('Easter Vigil');
  await expectAccessible(page);
  await copy.getByRole('region', { name: 'Same feast in earlier years' }).getByRole('button', { name: /^Copy / }).click();
  await expect(page.getByRole('listitem', { name: 'Entrance' })).toContainText('Regina caeli');

  // The suggestions know the day: the Exsultet first, Ave verum corpus resting.
  await expect(suggestion(page, 'Exsultet')).toContainText('For Holy Saturday (Easter Vigil)');
  await expect(page.getByRole('region', { name: 'Resting' })).toContainText('Resting: sung 2 weeks ago, rests 6');
  await expectAccessible(page);

  // One piece by dragging, one by the keyboard alternative; then save.
  const entrance = page.getByRole('listitem', { name: 'Entrance' });
  // The drag as the browser dispatches it (headless Chromium starts no native drag from the mouse).
  const dataTransfer = await page.evaluateHandle(() => new DataTransfer());
  const psalm = page.getByRole('listitem', { name: 'Psalm' });
  await suggestion(page, 'Exsultet').dispatchEvent('dragstart', { dataTransfer });
  await psalm.dispatchEvent('dragover', { dataTransfer });
  await psalm.dispatchEvent('drop', { dataTransfer });
  await expect(page.getByRole('listitem', { name: 'Psalm' })).toContainText('Exsultet');
  await page.getByRole('button', { name: 'Add to slot: Sicut cervus' }).click();
  await page.getByRole('menuitem', { name: 'Offertory' }).click();
  await expect(page.getByRole('listitem', { name: 'Offertory' })).toContainText('Sicut cervus');
  await expect(entrance).toContainText('Regina caeli');
  await page.getByLabel('Notes for singers: what to bring, what to practise').fill('Bring a candle.');
  await page.getByRole('button', { name: 'Save plan' }).click();
  await expect
    .poll(async () => {
      const [plan] = await ok(request.get(`/api/v1/choirs/${s.choirId}/plans?date=${VIGIL_2027}`));
      return plan.slots.map((slot: { label: string; music: { title: string } | null }) => `${slot.label}: ${slot.music?.title ?? ''}`);
    })
    .toEqual(['Entrance: Regina caeli', 'Psalm: Exsultet', 'Offertory: Sicut cervus']);

  // A singer finds it on the event and opens a piece to practise.
  const singer = await (await browser.newContext()).newPage();
  await signIn(singer, s.singer);
  await expect(singer).toHaveURL(/\/dashboard$/);
  await singer.goto('/dashboard/calendar');
  await singer.getByText('List', { exact: true }).click();
  const now = new Date();
  for (let i = (2027 - now.getFullYear()) * 12 + 2 - now.getMonth(); i > 0; i--) {
    await singer.getByRole('button', { name: 'Next month' }).click();
  }
  await singer.getByRole('button', { name: 'Easter Vigil', exact: true }).click();
  const panel = singer.getByRole('dialog', { name: 'Easter Vigil' });
  await expect(panel).toContainText('Bring a candle.');
  await expect(panel).toContainText('Exsultet');
  await expectAccessible(singer);
  await panel.getByRole('link', { name: 'Practise Exsultet' }).click();
  await expect(singer).toHaveURL(new RegExp(`/dashboard/music/${s.pieces['Exsultet']}\\?practice=true$`));
  await expect(singer.getByRole('heading', { level: 1, name: 'Practice: Exsultet' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a director plans the Easter Vigil by search, with the resting piece marked', async ({ page, request }) => {
    test.setTimeout(120_000);
    const s = await newChoir(request, 'Minster Singers');

    await signIn(page, s.director);
    await expect(page).toHaveURL(/\/dashboard$/);
    // The device redirect picks the phone page and keeps the event.
    await page.goto(`/dashboard/calendar/plan-music/${VIGIL_2027}?event=${s.vigil}`);
    await expect(page).toHaveURL(new RegExp(`/plan-music-v2/${VIGIL_2027}\\?event=`));
    await page.getByRole('button', { name: 'Plan music for this event' }).click();
    await expect(page.getByRole('region', { name: 'Entrance' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Add a piece to Entrance' }).click();
    const search = page.getByRole('dialog', { name: 'Add a piece to Entrance' });
    await expect(search.getByRole('article', { name: 'Ave verum corpus' })).toContainText('Resting: sung 2 weeks ago, rests 6');
    await expect(search.getByRole('article', { name: 'Exsultet' })).toContainText('For Holy Saturday (Easter Vigil)');
    await expectAccessible(page);
    await search.getByRole('button', { name: 'Add Exsultet' }).click();
    await expect(page.getByRole('region', { name: 'Entrance' })).toContainText('Exsultet');
    await page.getByRole('button', { name: 'Save plan' }).click();
    await expect
      .poll(async () => (await ok(request.get(`/api/v1/choirs/${s.choirId}/plans?date=${VIGIL_2027}`)))[0].slots[0].music?.title)
      .toBe('Exsultet');
  });
});
