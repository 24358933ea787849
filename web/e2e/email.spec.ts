import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { createConfirmedAccount, PASSWORD, signIn, uniqueEmail } from './support/accounts';
import { linkIn, mailTo, type CapturedMail } from './support/mailbox';
import { ROMAN_CATHOLIC } from './support/api';

// The browser and the choir share a zone, so dates read the same in both.
test.use({ timezoneId: 'Europe/London' });

interface Choir {
  id: string;
  director: string;
  singer: string;
  singerId: string;
}

/**
 * newChoir makes a choir whose director (signed in on request) and one
 * singer, a tenor, are both active members with email on.
 */
async function newChoir(request: APIRequestContext, name: string): Promise<Choir> {
  const director = uniqueEmail('kantor');
  const singer = uniqueEmail('tenor');
  await createConfirmedAccount(request, director, 'Johann', 'Kuhnau');
  await createConfirmedAccount(request, singer, 'Peter', 'Pears');
  const login = await request.post('/api/v1/auth/login', { data: { email: director, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const created = await request.post('/api/v1/choirs', {
    data: { name, country: 'GB', religiousAffiliationId: ROMAN_CATHOLIC, timeZone: 'Europe/London' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).id as string;
  execFileSync('../bin/cantica', ['admin', 'add-member', id, singer, 'member'], {
    env: { ...process.env, CANTICA_DATA_DIR: process.env.CANTICA_E2E_DATA_DIR },
  });
  const members = (await (await request.get(`/api/v1/choirs/${id}/members`)).json()) as { userId: string; email: string }[];
  const singerId = members.find((m) => m.email === singer)!.userId;
  const parts = (await (await request.get(`/api/v1/choirs/${id}/musical-roles`)).json()) as { id: string; name: string }[];
  const tenor = parts.find((p) => p.name === 'Tenor')!.id;
  const assigned = await request.put(`/api/v1/choirs/${id}/members/${singerId}/musical-roles`, { data: { musicalRoleIds: [tenor] } });
  expect(assigned.status(), await assigned.text()).toBe(200);
  return { id, director, singer, singerId };
}

/** inTwoDays is the date two days from now in London, as YYYY-MM-DD. */
function inTwoDays(): string {
  return new Date(Date.now() + 2 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
}

async function newRehearsal(request: APIRequestContext, choirId: string, title: string): Promise<{ id: string; date: string }> {
  const date = inTwoDays();
  const res = await request.post(`/api/v1/choirs/${choirId}/events`, {
    data: { title, eventType: 'rehearsal', start: `${date}T19:30:00`, end: `${date}T21:30:00`, location: 'Song school', timeZone: 'Europe/London' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: (await res.json()).id as string, date };
}

/** anonymous is a browser with no cookies and no storage, as a mail app's would be. */
async function anonymous(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** answerOf is a member's answer as the director's attendance view has it. */
async function answerOf(request: APIRequestContext, choir: Choir, eventId: string): Promise<string | null> {
  const res = await request.get(`/api/v1/choirs/${choir.id}/events/${eventId}/attendance`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { members: { userId: string; status: string | null }[] };
  return body.members.find((m) => m.userId === choir.singerId)!.status;
}

function rsvpLink(mail: CapturedMail, action: string): string {
  return linkIn(mail, `/${action}`);
}

test('an administrator emails a rehearsal; a singer answers from the inbox, only by clicking; the director sees it by voice part', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const choir = await newChoir(request, 'Aldeburgh Singers');
  const event = await newRehearsal(request, choir.id, 'Evensong rehearsal');

  // The director emails it to the choir from the event's panel.
  await signIn(page, choir.director);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/calendar');
  await page.getByText('List', { exact: true }).click();
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
  if (event.date.slice(0, 7) !== today.slice(0, 7)) await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('button', { name: 'Evensong rehearsal', exact: true }).click();
  const details = page.getByRole('dialog', { name: 'Evensong rehearsal' });
  await details.getByRole('button', { name: 'Email to choir' }).click();
  const modal = page.getByRole('dialog', { name: 'Email event to choir' });
  await modal.getByLabel('Note (optional)').fill('Bring the Howells, please.');
  await expectAccessible(page);
  await modal.getByRole('checkbox', { name: 'Send me a copy' }).check();
  await modal.getByRole('button', { name: 'Send' }).click();
  // The singer; the director's copy is not counted among the members.
  await expect(page.getByText('Email sent to 1 member and a copy to you')).toBeVisible();
  // The choir's email, by its whole subject: the automatic reminder of an
  // event two days off ("Will you be there? …") may reach the singer first.
  await mailTo(choir.director, 'Aldeburgh Singers: Evensong rehearsal');

  // The singer's message: their own links, one-click unsubscribe, the note.
  const mail = await mailTo(choir.singer, 'Aldeburgh Singers: Evensong rehearsal');
  expect(mail.text).toContain('Bring the Howells, please.');
  expect(mail.headers['list-unsubscribe']).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/email\/unsubscribe\/[A-Za-z0-9]{32}>$/);
  expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

  // Opening the 'Maybe' link, as a scanner would, records nothing.
  const singer = await anonymous(browser);
  await singer.goto(rsvpLink(mail, 'maybe'));
  await expect(singer.getByRole('heading', { name: 'Evensong rehearsal' })).toBeVisible();
  await expect(singer.getByText('Song school')).toBeVisible();
  await expect(singer.getByRole('button', { name: 'Tap to confirm: Maybe' })).toBeVisible();
  await expect(singer.getByText(/Your answer/)).toHaveCount(0);
  await expectAccessible(singer);
  expect(await answerOf(request, choir, event.id)).toBeNull();

  // The tap answers; a second click changes the answer.
  await singer.getByRole('button', { name: 'Tap to confirm: Maybe' }).click();
  await expect(singer.getByRole('heading', { name: 'RSVP Confirmed' })).toBeVisible();
  await expectAccessible(singer);
  expect(await answerOf(request, choir, event.id)).toBe('maybe');
  await singer.getByRole('button', { name: 'Change answer' }).click();
  await singer.getByRole('button', { name: "I'll be there" }).click();
  await expect(singer.getByText('RSVP updated successfully!')).toBeVisible();
  await expect(singer.getByRole('heading', { name: 'RSVP Confirmed' })).toBeVisible();
  expect(await answerOf(request, choir, event.id)).toBe('going');

  // The director's attendance page counts him among the tenors.
  await page.goto('/dashboard/calendar');
  await page.getByText('List', { exact: true }).click();
  if (event.date.slice(0, 7) !== today.slice(0, 7)) await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('button', { name: 'Evensong rehearsal', exact: true }).click();
  await page.getByRole('dialog', { name: 'Evensong rehearsal' }).getByRole('link', { name: 'Attendance' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Evensong rehearsal' })).toBeVisible();
  await expect(page.getByText('Tenor: 1 going, 0 maybe, 0 no answer')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Going' })).toContainText('Peter Pears');
  await expectAccessible(page);

  // Two tenors wanted: the warning reads on the page (axe's contrast), on a desktop and on a phone.
  await page.getByRole('textbox', { name: 'Minimum confirmed singers per part' }).fill('2');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Tenor has fewer than 2 confirmed singers')).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.getByText('Tenor has fewer than 2 confirmed singers')).toBeVisible();
  await expectAccessible(page);
});

test('a practice link shows the piece to anyone holding it and opens the studio, once, after signing in', async ({ request, browser }) => {
  test.setTimeout(120_000);
  const choir = await newChoir(request, 'Britten Sinfonia Voices');
  const piece = await request.post(`/api/v1/choirs/${choir.id}/music`, { data: { title: 'Hymn to St Cecilia', arranger: '' } });
  expect(piece.status(), await piece.text()).toBe(201);
  const musicId = (await piece.json()).id as string;
  const sent = await request.post(`/api/v1/choirs/${choir.id}/music/${musicId}/email`, { data: {} });
  expect(sent.status(), await sent.text()).toBe(200);
  const link = linkIn(await mailTo(choir.singer, 'Hymn to St Cecilia'), '/email/practice/');

  const singer = await anonymous(browser);
  await singer.goto(link);
  await expect(singer.getByRole('heading', { name: 'Hymn to St Cecilia' })).toBeVisible();
  await expect(singer.getByText("You'll be redirected to sign in to access the full practice studio with all features.")).toBeVisible();
  await expectAccessible(singer);

  // Signed out, the start button asks for a sign-in and comes back here; the link still works.
  await singer.getByRole('button', { name: 'Start Practice Session' }).click();
  await expect(singer).toHaveURL(/\/login$/);
  await singer.getByLabel('Email').fill(choir.singer);
  await singer.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await singer.getByRole('button', { name: 'Sign In' }).click();
  await expect(singer).toHaveURL(new URL(link).pathname);
  await singer.getByRole('button', { name: 'Start Practice Session' }).click();
  await expect(singer).toHaveURL(new RegExp(`/dashboard/music/${musicId}\\?practice=true$`));
  await expect(singer.getByRole('heading', { level: 1, name: 'Practice: Hymn to St Cecilia' })).toBeVisible();

  // Used once, the link is spent.
  await singer.goto(link);
  await expect(singer.getByText('Practice Access Error')).toBeVisible();
  await expect(singer.getByText('Invalid or expired practice link')).toBeVisible();
  await expectAccessible(singer);
});

test('the event link shows the event with its RSVP buttons, and unsubscribing takes one POST, with or without the page', async ({
  request,
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  const choir = await newChoir(request, 'Snape Maltings Chorus');
  const event = await newRehearsal(request, choir.id, 'Carol service rehearsal');
  const sent = await request.post(`/api/v1/choirs/${choir.id}/events/${event.id}/email`, { data: {} });
  expect(sent.status(), await sent.text()).toBe(200);
  expect(await sent.json()).toEqual({ recipients: 1, copyToSender: false });
  const mail = await mailTo(choir.singer, 'Snape Maltings Chorus: Carol service rehearsal');

  // The event page: details, a calendar file, and the answer buttons.
  const singer = await anonymous(browser);
  await singer.goto(linkIn(mail, '/email/event/'));
  await expect(singer.getByRole('heading', { name: 'Carol service rehearsal' })).toBeVisible();
  await expect(singer.getByRole('link', { name: 'Add to calendar' })).toBeVisible();
  await expectAccessible(singer);
  await singer.getByRole('button', { name: "Can't make it" }).click();
  await expect(singer.getByText('RSVP Confirmed')).toBeVisible();
  expect(await answerOf(request, choir, event.id)).toBe('not_going');

  // The visible link: one click on the page.
  await singer.goto(linkIn(mail, '/email/unsubscribe/'));
  await expect(singer.getByRole('heading', { name: 'Stop emails from Snape Maltings Chorus?' })).toBeVisible();
  await expectAccessible(singer);
  await singer.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(singer.getByText('You will no longer receive emails from Snape Maltings Chorus.')).toBeVisible();
  await expectAccessible(singer);

  // The mail client's one-click POST (RFC 8058): no cookie, and repeating it is harmless.
  const oneClick = mail.headers['list-unsubscribe'].slice(1, -1);
  const mailClient = await playwright.request.newContext();
  for (let i = 0; i < 2; i++) {
    const res = await mailClient.post(oneClick, { form: { 'List-Unsubscribe': 'One-Click' } });
    expect(res.status()).toBe(200);
  }
  await mailClient.dispose();

  // Nobody is left to email: the director who sends is not one of the members emailed.
  const again = await request.post(`/api/v1/choirs/${choir.id}/events/${event.id}/email`, { data: { copyToSender: true } });
  expect(again.status(), await again.text()).toBe(400);
  expect((await again.json()).message).toBe('No members to email.');
});
