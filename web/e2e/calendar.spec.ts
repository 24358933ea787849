import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import ICAL from 'ical.js';
import { expectAccessible } from './axe';
import { createConfirmedAccount, PASSWORD, signIn, uniqueEmail } from './support/accounts';
import { ROMAN_CATHOLIC } from './support/api';

// The browser and the choir share a zone, so the form's times are the choir's.
test.use({ timezoneId: 'Europe/London' });

interface ApiEvent {
  id: string;
  title: string;
  start: string;
  end: string;
}

/** seen lists "title start" (UTC) of what a signed-in request context sees in a range. */
async function seen(request: APIRequestContext, choirId: string, from: string, to: string): Promise<string[]> {
  const res = await request.get(`/api/v1/choirs/${choirId}/events?startDate=${from}&endDate=${to}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { events: ApiEvent[] };
  return body.events.map((e) => `${e.title} ${new Date(e.start).toISOString()}`);
}

/** fromFeed expands an iCalendar feed with ical.js, an independent parser, into "title start" of a span. */
function fromFeed(text: string, from: Date, to: Date): string[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const masters = new Map<string, ICAL.Event>();
  const exceptions: ICAL.Event[] = [];
  for (const component of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(component);
    if (event.isRecurrenceException()) exceptions.push(event);
    else masters.set(event.uid, event);
  }
  for (const exception of exceptions) masters.get(exception.uid)?.relateException(exception);
  const out: string[] = [];
  for (const event of masters.values()) {
    if (!event.isRecurring()) {
      const start = event.startDate.toJSDate();
      if (start >= from && start < to) out.push(`${event.summary} ${start.toISOString()}`);
      continue;
    }
    const it = event.iterator();
    for (let next = it.next(); next && next.toJSDate() < to; next = it.next()) {
      const details = event.getOccurrenceDetails(next);
      const start = details.startDate.toJSDate();
      if (start >= from && start < to) out.push(`${details.item.summary} ${start.toISOString()}`);
    }
  }
  return out.sort();
}

/** showJanuary2027 moves the calendar from this month to January 2027. */
async function showJanuary2027(page: Page) {
  const now = new Date();
  const steps = (2027 - now.getFullYear()) * 12 - now.getMonth();
  for (let i = 0; i < Math.abs(steps); i++) {
    await page.getByRole('button', { name: steps > 0 ? 'Next month' : 'Previous month' }).click();
  }
}

async function openCreate(page: Page) {
  await page.getByRole('button', { name: 'New Event' }).click();
  return page.getByRole('dialog', { name: 'New Event' });
}

test('an administrator plans rehearsals and a feast-based concert, edits and cuts the series; a member and their feed see the same', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const director = uniqueEmail('kantor');
  const singer = uniqueEmail('alto');
  await createConfirmedAccount(request, director, 'Johann', 'Bach');
  await createConfirmedAccount(request, singer, 'Anna', 'Magdalena');
  const login = await request.post('/api/v1/auth/login', { data: { email: director, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const created = await request.post('/api/v1/choirs', {
    data: { name: 'Thomanerchor Friends', country: 'GB', religiousAffiliationId: ROMAN_CATHOLIC, timeZone: 'Europe/London' },
  });
  expect(created.status()).toBe(201);
  const choirId = (await created.json()).id as string;
  execFileSync('../bin/cantica', ['admin', 'add-member', choirId, singer, 'member'], {
    env: { ...process.env, CANTICA_DATA_DIR: process.env.CANTICA_E2E_DATA_DIR },
  });

  await signIn(page, director);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await expectAccessible(page);

  // A weekly rehearsal on Tuesdays and Thursdays from 5 January 2027.
  let dialog = await openCreate(page);
  await dialog.getByLabel('Title').fill('Rehearsal');
  await dialog.getByLabel('Event type', { exact: true }).selectOption('rehearsal');
  await dialog.getByLabel('Start date').fill('2027-01-05');
  await dialog.getByLabel('Start time').fill('19:30');
  await dialog.getByLabel('End date').fill('2027-01-05');
  await dialog.getByLabel('End time').fill('21:30');
  await dialog.getByLabel('Location').fill('Church hall');
  await dialog.getByLabel('Repeat', { exact: true }).selectOption('weekly_on_days');
  await dialog.getByRole('checkbox', { name: 'Tuesday' }).check();
  await dialog.getByRole('checkbox', { name: 'Thursday' }).check();
  await expect(dialog.getByRole('region', { name: 'Preview' })).toContainText('Every week on Tuesday and Thursday');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Changes saved successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  // A concert two weeks before Easter, every year.
  dialog = await openCreate(page);
  await dialog.getByLabel('Title').fill('Lenten concert');
  await dialog.getByLabel('Event type', { exact: true }).selectOption('concert');
  await dialog.getByLabel('Start date').fill('2027-01-01');
  await dialog.getByLabel('Start time').fill('18:00');
  await dialog.getByLabel('End date').fill('2027-01-01');
  await dialog.getByLabel('End time').fill('20:00');
  await dialog.getByLabel('Repeat', { exact: true }).selectOption('relative_to_feast');
  await dialog.getByLabel('How many').fill('2');
  await dialog.getByLabel('Days or weeks').selectOption('weeks');
  await dialog.getByLabel('Before or after').selectOption('before');
  await dialog.getByRole('textbox', { name: 'Feast' }).or(dialog.getByRole('combobox', { name: 'Feast' })).fill('Easter Sunday');
  await page.getByRole('option', { name: /^Easter Sunday of the Resurrection of the Lord/ }).click();
  await expect(dialog.getByRole('region', { name: 'Preview' })).toContainText(
    '2 weeks before Easter Sunday of the Resurrection of the Lord',
  );
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(dialog).toBeHidden();

  // January 2027 in the list view.
  await page.getByText('List', { exact: true }).click();
  await showJanuary2027(page);
  const rehearsals = page.getByRole('button', { name: 'Rehearsal', exact: true });
  await expect(rehearsals).toHaveCount(8);

  // Edit one occurrence: Thursday 7 January becomes sectionals in the crypt.
  await rehearsals.nth(1).click();
  const details = page.getByRole('dialog', { name: 'Rehearsal' });
  await expect(details).toContainText('Every week on Tuesday and Thursday');
  await expectAccessible(page);
  await details.getByRole('button', { name: 'Edit' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Event' });
  await dialog.getByLabel('Title').fill('Sectionals');
  await dialog.getByLabel('Location').fill('Crypt');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  const scope = page.getByRole('dialog', { name: 'Edit recurring event' });
  await expect(scope.getByRole('button', { name: 'This and following events' })).toBeVisible();
  await expect(scope.getByRole('button', { name: 'All events' })).toBeVisible();
  await expectAccessible(page);
  await scope.getByRole('button', { name: 'This event', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Sectionals' })).toBeVisible();
  await expect(rehearsals).toHaveCount(7);

  // Delete this and following from Thursday 28 January.
  await rehearsals.last().click();
  await page.getByRole('dialog', { name: 'Rehearsal' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete recurring event' }).getByRole('button', { name: 'This and following events' }).click();
  await expect(rehearsals).toHaveCount(6);

  // The member sees exactly these, in the app and through the API.
  const expected = [
    'Rehearsal 2027-01-05T19:30:00.000Z',
    'Sectionals 2027-01-07T19:30:00.000Z',
    'Rehearsal 2027-01-12T19:30:00.000Z',
    'Rehearsal 2027-01-14T19:30:00.000Z',
    'Rehearsal 2027-01-19T19:30:00.000Z',
    'Rehearsal 2027-01-21T19:30:00.000Z',
    'Rehearsal 2027-01-26T19:30:00.000Z',
    'Lenten concert 2027-03-14T18:00:00.000Z',
  ];
  const member = await browser.newContext({ timezoneId: 'Europe/London' });
  const memberPage = await member.newPage();
  await signIn(memberPage, singer);
  await expect(memberPage).toHaveURL(/\/dashboard$/);
  expect(await seen(memberPage.request, choirId, '2027-01-01', '2027-06-30')).toEqual(expected);
  await memberPage.goto('/dashboard/calendar');
  await memberPage.getByText('List', { exact: true }).click();
  await showJanuary2027(memberPage);
  await expect(memberPage.getByRole('button', { name: 'Rehearsal', exact: true })).toHaveCount(6);
  await expect(memberPage.getByRole('button', { name: 'Sectionals' })).toBeVisible();
  await expect(memberPage.getByRole('button', { name: 'New Event' })).toHaveCount(0);
  await memberPage.getByRole('button', { name: 'Sectionals' }).click();
  const memberDetails = memberPage.getByRole('dialog', { name: 'Sectionals' });
  await expect(memberDetails).toContainText('Crypt');
  await expect(memberDetails.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expectAccessible(memberPage);
  await memberPage.keyboard.press('Escape');

  // Two more, through the API, so that the feed's comparison below sees more than
  // London's winter time: Sundays at 18:00 across the clock change of 28 March
  // 2027 (GMT, then BST), ended by the rule's end date, and a concert in New York.
  for (const data of [
    {
      title: 'Sunday evensong',
      eventType: 'service',
      start: '2027-03-07T18:00:00Z',
      end: '2027-03-07T19:00:00Z',
      timeZone: 'Europe/London',
      recurrenceRule: { type: 'weekly_on_days', weeklyInterval: 1, weeklyDays: ['sunday'], endDate: '2027-04-25' },
    },
    {
      title: 'Tour concert',
      eventType: 'concert',
      start: '2027-07-15T19:30:00-04:00',
      end: '2027-07-15T21:30:00-04:00',
      timeZone: 'America/New_York',
    },
  ]) {
    const res = await request.post(`/api/v1/choirs/${choirId}/events`, { data: { allDay: false, status: 'published', ...data } });
    expect(res.status(), await res.text()).toBe(201);
  }

  // Subscribe: the member's private feed, read by ical.js, matches the API for 2027.
  await memberPage.getByRole('button', { name: 'Subscribe' }).click();
  const subscribe = memberPage.getByRole('dialog', { name: 'Subscribe to the calendar' });
  await subscribe.getByRole('button', { name: 'Create my calendar address' }).click();
  const address = subscribe.getByRole('textbox', { name: 'Your calendar address' });
  await expect(address).toHaveValue(/\/api\/v1\/feeds\/.+\.ics/);
  await expect(subscribe.getByRole('link', { name: 'Google Calendar' })).toHaveAttribute('href', /calendar\.google\.com/);
  await expect(subscribe.getByRole('link', { name: 'Apple Calendar' })).toHaveAttribute('href', /^webcal:\/\//);
  await expect(subscribe.getByRole('link', { name: 'Outlook' })).toHaveAttribute('href', /outlook\.live\.com/);
  await expectAccessible(memberPage);
  const feedURL = await address.inputValue();
  const feed = await request.get(feedURL); // no session needed: the address is the key
  expect(feed.status()).toBe(200);
  const api = [
    ...(await seen(memberPage.request, choirId, '2027-01-01', '2027-06-30')),
    ...(await seen(memberPage.request, choirId, '2027-07-01', '2027-12-31')),
  ].sort();
  // Both offsets of London and New York's summer time are in the comparison.
  expect(api).toEqual(
    expect.arrayContaining([
      'Sunday evensong 2027-03-21T18:00:00.000Z',
      'Sunday evensong 2027-03-28T17:00:00.000Z',
      'Sunday evensong 2027-04-25T17:00:00.000Z',
      'Tour concert 2027-07-15T23:30:00.000Z',
    ]),
  );
  expect(api.filter((e) => e.startsWith('Sunday evensong'))).toHaveLength(8);
  expect(fromFeed(await feed.text(), new Date('2027-01-01T00:00:00Z'), new Date('2028-01-01T00:00:00Z'))).toEqual(api);
  await member.close();
});

test('dragging a rehearsal to another day for this and following events moves the rest of the series there too', async ({ page, request }) => {
  test.setTimeout(90_000);
  const director = uniqueEmail('organist');
  await createConfirmedAccount(request, director, 'Dieterich', 'Buxtehude');
  const login = await request.post('/api/v1/auth/login', { data: { email: director, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const created = await request.post('/api/v1/choirs', {
    data: { name: 'Marienkirche Singers', country: 'GB', religiousAffiliationId: ROMAN_CATHOLIC, timeZone: 'Europe/London' },
  });
  expect(created.status()).toBe(201);
  const choirId = (await created.json()).id as string;
  const series = await request.post(`/api/v1/choirs/${choirId}/events`, {
    data: {
      title: 'Rehearsal',
      eventType: 'rehearsal',
      start: '2027-01-05T19:30:00Z',
      end: '2027-01-05T21:30:00Z',
      allDay: false,
      status: 'published',
      timeZone: 'Europe/London',
      recurrenceRule: { type: 'weekly_on_days', weeklyInterval: 1, weeklyDays: ['tuesday'] },
    },
  });
  expect(series.status(), await series.text()).toBe(201);

  await signIn(page, director);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/calendar');
  await showJanuary2027(page);
  const from = page.locator('td[data-date="2027-01-12"]').getByRole('button', { name: /Rehearsal/ });
  const to = page.locator('td[data-date="2027-01-13"]');
  await expect(from).toBeVisible();
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 10 });
  await page.mouse.up();
  const scope = page.getByRole('dialog', { name: 'Move recurring event' });
  await expectAccessible(page);
  await scope.getByRole('button', { name: 'This and following events' }).click();
  await expect(page.getByText('Changes saved successfully')).toBeVisible();

  // Tuesday the 5th stays; from the 13th the rehearsals are on Wednesdays, at the same hour.
  expect(await seen(request, choirId, '2027-01-01', '2027-01-31')).toEqual([
    'Rehearsal 2027-01-05T19:30:00.000Z',
    'Rehearsal 2027-01-13T19:30:00.000Z',
    'Rehearsal 2027-01-20T19:30:00.000Z',
    'Rehearsal 2027-01-27T19:30:00.000Z',
  ]);
  await expect(page.locator('td[data-date="2027-01-20"]').getByRole('button', { name: /Rehearsal/ })).toBeVisible();
  await expect(page.locator('td[data-date="2027-01-19"]').getByRole('button', { name: /Rehearsal/ })).toHaveCount(0);
});
