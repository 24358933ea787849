import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { expectAccessible } from './axe';
import { createConfirmedAccount, PASSWORD, signIn, uniqueEmail } from './support/accounts';
import { Counter } from './support/clicks';
import { wav } from './support/files';
import { linkIn, MAILBOX_PORT, mailTo, type CapturedMail } from './support/mailbox';
import { ok, ROMAN_CATHOLIC } from './support/api';

// Issue 26, "one message with the music": the director plans Sunday and
// sends it, the singer answers from the email and practises. The browser
// and the choir share a zone, so dates read the same in both.
const ZONE = 'America/New_York';
test.use({ timezoneId: ZONE });
// Three accounts, four pieces and an axe-core check on every page: longer than most flows on two busy cores.
test.slow();

// In plan order: the first and third have a recording, the others nothing to practise with.
const PIECES = ['Rorate caeli desuper', 'Creator alme siderum', 'Alma redemptoris mater', 'Veni veni Emmanuel'];
const PRACTISABLE = [PIECES[0], PIECES[2]];
const NOTES = 'Bring the Advent folder. Warm-up at 9:45.';
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

/** nextSunday is the coming Sunday in the choir's zone (a week on when today is Sunday), as YYYY-MM-DD. */
function nextSunday(): string {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: ZONE });
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + (7 - d.getUTCDay() || 7));
  return d.toISOString().slice(0, 10);
}

interface Week {
  choirId: string;
  director: string;
  singers: string[];
  mass: string; // Sunday's Mass
  sunday: string;
  pieces: Record<string, string>; // title → id
}

/**
 * newWeek makes a choir in New York with a director and two singers, a
 * Mass next Sunday and four pieces in the library; the director's API
 * session stays signed in on request.
 */
async function newWeek(request: APIRequestContext, name: string): Promise<Week> {
  const director = uniqueEmail('director');
  const singers = [uniqueEmail('soprano'), uniqueEmail('tenor')];
  await createConfirmedAccount(request, director, 'Hildegard', 'Bingen');
  for (const s of singers) await createConfirmedAccount(request, s, 'Clara', 'Schumann');
  await ok(request.post('/api/v1/auth/login', { data: { email: director, password: PASSWORD } }));
  const choir = await ok(
    request.post('/api/v1/choirs', { data: { name, country: 'US', religiousAffiliationId: ROMAN_CATHOLIC, timeZone: ZONE } }),
    201,
  );
  const choirId = choir.id as string;
  for (const s of singers) {
    execFileSync('../bin/cantica', ['admin', 'add-member', choirId, s, 'member'], {
      env: { ...process.env, CANTICA_DATA_DIR: process.env.CANTICA_E2E_DATA_DIR },
    });
  }
  const sunday = nextSunday();
  const mass = await ok(
    request.post(`/api/v1/choirs/${choirId}/events`, {
      data: { title: 'Sunday Mass', eventType: 'service', start: `${sunday}T10:30:00`, end: `${sunday}T11:30:00`, location: 'St Mary’s', timeZone: ZONE },
    }),
    201,
  );
  const pieces: Record<string, string> = {};
  for (const title of PIECES) {
    pieces[title] = (await ok(request.post(`/api/v1/choirs/${choirId}/music`, { data: { title } }), 201)).id;
    if (PRACTISABLE.includes(title)) {
      await ok(
        request.post(`/api/v1/choirs/${choirId}/music/${pieces[title]}/attachments`, {
          multipart: { type: 'audio_full', description: '', file: { name: 'choir.wav', mimeType: 'audio/wav', buffer: wav(440, 1) } },
        }),
        201,
      );
    }
  }
  return { choirId, director, singers, mass: mass.id as string, sunday, pieces };
}

/** mailsTo is every message to an address whose subject contains a text, as the SMTP sink has them now. */
async function mailsTo(address: string, subject: string): Promise<CapturedMail[]> {
  const res = await fetch(`http://127.0.0.1:${MAILBOX_PORT}/messages?to=${encodeURIComponent(address)}`);
  return ((await res.json()) as CapturedMail[]).filter((m) => m.subject.includes(subject));
}

/** expectPlanIn checks a member's email: the plan in order, the notes, the zone as a place, practise and RSVP links. */
function expectPlanIn(mail: CapturedMail) {
  const text = mail.text;
  expect(text).toContain('(New York time)');
  expect(text).not.toContain(ZONE);
  expect(text).toContain(`Notes for singers:\n${NOTES}`);
  const at = PIECES.map((title) => text.indexOf(title));
  expect(at.every((i) => i >= 0), text).toBe(true);
  expect([...at].sort((a, b) => a - b)).toEqual(at);
  const practise = text.match(/Practise: https?:\/\/\S+\/email\/practice\/[A-Za-z0-9]{32}/g) ?? [];
  expect(practise, text).toHaveLength(PRACTISABLE.length);
  // Each practise link sits under its own piece.
  const [first = '', second = ''] = practise;
  expect(text.indexOf(first)).toBeGreaterThan(text.indexOf(PIECES[0]));
  expect(text.indexOf(first)).toBeLessThan(text.indexOf(PIECES[1]));
  expect(text.indexOf(second)).toBeGreaterThan(text.indexOf(PIECES[2]));
  expect(text.indexOf(second)).toBeLessThan(text.indexOf(PIECES[3]));
  for (const answer of ['going', 'maybe', 'not_going']) expect(linkIn(mail, `/${answer}#practice=`)).toBeTruthy();
  for (const title of PIECES) expect(mail.html).toContain(title);
  expect(mail.html).toContain('>Practise</a>');
}

test('the director plans Sunday’s four pieces and emails them to the choir from the dashboard in at most 10 clicks', async ({
  page,
  request,
}) => {
  const w = await newWeek(request, 'Advent Singers');
  await signIn(page, w.director);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectAccessible(page);

  const clicks = new Counter();
  await clicks.click(page.getByRole('link', { name: 'Plan music', exact: true }).first(), "'Plan music' on the next service");
  await expect(page).toHaveURL(new RegExp(`/plan-music-v3/${w.sunday}`));
  await clicks.click(page.getByRole('button', { name: 'Plan music for this event' }), "'Plan music for this event'");
  const save = page.getByRole('button', { name: 'Save plan' });
  await expect(save).toBeVisible();
  await expectAccessible(page);

  await clicks.click(page.getByLabel('Notes for singers: what to bring, what to practise'), 'the notes for singers');
  await page.keyboard.type(NOTES);
  const search = page.getByRole('searchbox', { name: 'Search the library' });
  await clicks.click(search, 'the library search');
  const slots = ['Entrance', 'Psalm', 'Offertory', 'Communion'];
  for (const [i, title] of PIECES.entries()) {
    await search.fill(title);
    await search.press('Enter');
    await expect(page.getByText(`Added ${title} to ${slots[i]}.`)).toBeVisible();
  }
  await expectAccessible(page);
  await clicks.click(save, "'Save plan'");
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  await clicks.click(page.getByRole('button', { name: 'Email this plan to the choir' }), "'Email this plan to the choir'");
  const dialog = page.getByRole('dialog', { name: 'Email this plan to the choir' });
  await expect(dialog.getByRole('radio', { name: 'Chosen voice parts' })).toBeVisible();
  await expectAccessible(page);
  await clicks.click(dialog.getByRole('button', { name: 'Send' }), "'Send'");
  await expect(page.getByText('Email sent to 2 members')).toBeVisible();
  await expectAccessible(page);

  console.log(`Director's plan-and-send clicks from /dashboard: ${clicks}`);
  expect(clicks.count).toBeLessThanOrEqual(10);

  // What was saved is what went out: one message per member, none to the director.
  const plan = (await ok(request.get(`/api/v1/choirs/${w.choirId}/plans?date=${w.sunday}`)))[0];
  expect(plan.notes).toBe(NOTES);
  expect(plan.slots.slice(0, 4).map((s: { music: { title: string } | null }) => s.music?.title)).toEqual(PIECES);
  for (const singer of w.singers) {
    expectPlanIn(await mailTo(singer, 'Sunday Mass'));
    expect(await mailsTo(singer, 'Sunday Mass')).toHaveLength(1);
  }
  expect(await mailsTo(w.director, 'Sunday Mass')).toHaveLength(0);
});

/** planAndSend is the director's work through the API: the plan saved and emailed. */
async function planAndSend(request: APIRequestContext, w: Week) {
  const created = await ok(request.post(`/api/v1/choirs/${w.choirId}/plans`, { data: { date: w.sunday, eventId: w.mass } }), 201);
  const labels = ['Entrance', 'Psalm', 'Offertory', 'Communion'];
  await ok(
    request.put(`/api/v1/choirs/${w.choirId}/plans/${created.id}`, {
      data: {
        title: 'Advent I',
        notes: NOTES,
        slots: PIECES.map((title, i) => ({ label: labels[i], musicId: w.pieces[title] })),
        version: created.version,
      },
    }),
  );
  await ok(request.post(`/api/v1/choirs/${w.choirId}/events/${w.mass}/email`, { data: {} }));
}

async function phone(browser: Browser) {
  return (await browser.newContext({ ...PHONE, timezoneId: ZONE })).newPage();
}

test.describe('on a 390 × 844 phone', () => {
  test.use(PHONE);

  test('a singer answers from the email and starts practising the first piece in at most 3 taps', async ({ page, request }) => {
    const w = await newWeek(request, 'Advent Singers');
    await planAndSend(request, w);
    const mail = await mailTo(w.singers[0], 'Sunday Mass');
    expectPlanIn(mail);

    // The singer's phone keeps them signed in to Cantica.
    await signIn(page, w.singers[0]);
    await expect(page).toHaveURL(/\/dashboard$/);

    const taps = new Counter();
    taps.outside("'I'll be there' in the email");
    await page.goto(linkIn(mail, '/going#practice='));
    const confirm = page.getByRole('button', { name: "Tap to confirm: I'll be there" });
    await expect(confirm).toBeVisible();
    // Opening the link recorded nothing.
    await expect(page.getByText(/Your answer/)).toHaveCount(0);
    await expectAccessible(page);
    await taps.tap(confirm, "'Tap to confirm: I'll be there'");
    await expect(page.getByRole('heading', { level: 1, name: 'RSVP Confirmed' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Your answer' })).toContainText("Your answer: I'll be there");
    await expect(page.getByRole('heading', { name: 'The music: Advent I' })).toBeVisible();
    await expect(page.getByText(NOTES)).toBeVisible();
    const pieces = page.getByRole('list', { name: 'Pieces' }).getByRole('listitem');
    await expect(pieces).toHaveCount(4);
    for (const [i, title] of PIECES.entries()) await expect(pieces.nth(i)).toContainText(title);
    await expect(page.getByRole('link', { name: /^Practise / })).toHaveCount(PRACTISABLE.length);
    await expectAccessible(page);
    await taps.tap(page.getByRole('link', { name: `Practise ${PIECES[0]}` }), `'Practise' on ${PIECES[0]}`);
    await expect(page).toHaveURL(new RegExp(`/dashboard/music/${w.pieces[PIECES[0]]}\\?practice=true$`));
    await expect(page.getByRole('heading', { level: 1, name: `Practice: ${PIECES[0]}` })).toBeVisible();
    await expectAccessible(page);

    console.log(`Singer's answer-and-practise taps from the email: ${taps}`);
    expect(taps.count).toBeLessThanOrEqual(3);
  });

  test('a singer who is not signed in reaches the practice link of the email from the event page', async ({ browser, request }) => {
    const w = await newWeek(request, 'Advent Singers');
    await planAndSend(request, w);
    const mail = await mailTo(w.singers[1], 'Sunday Mass');
    const page = await phone(browser);
    await page.goto(linkIn(mail, '/email/event/'));
    await expect(page.getByRole('heading', { name: 'The music: Advent I' })).toBeVisible();
    await expect(page.getByText('(New York time)')).toBeVisible();
    await expectAccessible(page);
    const practise = page.getByRole('link', { name: `Practise ${PIECES[2]}` });
    await expect(practise).toHaveAttribute('href', /^\/email\/practice\/[A-Za-z0-9]{32}$/);
    await practise.tap();
    await expect(page.getByRole('heading', { level: 1, name: PIECES[2] })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start Practice Session' })).toBeVisible();
    await expectAccessible(page);
  });

  test('the phone plan page offers the email right after Save plan', async ({ page, request }) => {
    const w = await newWeek(request, 'Advent Singers');
    await ok(request.post(`/api/v1/choirs/${w.choirId}/plans`, { data: { date: w.sunday, eventId: w.mass } }), 201);
    await signIn(page, w.director);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Plan music', exact: true }).first().tap();
    await expect(page).toHaveURL(new RegExp(`/plan-music-v2/${w.sunday}`));
    const email = page.getByRole('button', { name: 'Email this plan to the choir' });
    await expect(email).toBeVisible();
    const box = await email.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await expectAccessible(page);
    await email.tap();
    await expect(page.getByRole('dialog', { name: 'Email this plan to the choir' })).toBeVisible();
    await expectAccessible(page);
  });
});
