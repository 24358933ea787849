import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { createConfirmedAccount, PASSWORD, signIn, uniqueEmail } from './support/accounts';
import { linkIn, mailsTo, mailTo } from './support/mailbox';

const SECULAR = '00000000-0000-4000-8000-000000000201';

/** newChoir signs a request context in as the director and creates a choir. */
async function newChoir(request: APIRequestContext, director: string, name: string): Promise<string> {
  const login = await request.post('/api/v1/auth/login', { data: { email: director, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const res = await request.post('/api/v1/choirs', {
    data: { name, city: 'Leipzig', country: 'DE', religiousAffiliationId: SECULAR, timeZone: 'Europe/Berlin' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id as string;
}

/** freshPage is a second browser with no cookies and no storage: the invitee's. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

async function invitationLink(email: string): Promise<string> {
  return linkIn(await mailTo(email, "You're invited to join"), '/accept-invite?token=');
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

/** expectAccessibleAtBothSizes runs axe-core at a desktop and a phone width, and leaves the page at desktop width. */
async function expectAccessibleAtBothSizes(page: Page) {
  await page.setViewportSize(DESKTOP);
  await expectAccessible(page);
  await page.setViewportSize(PHONE);
  await expectAccessible(page);
  await page.setViewportSize(DESKTOP);
}

test('an invitation with a voice part: the singer registers from the link and is in the choir at once', async ({ page, request, browser }) => {
  test.setTimeout(180_000); // two browsers, a sign-up and axe-core at two sizes on five pages
  const director = uniqueEmail('thomaskantor');
  await createConfirmedAccount(request, director, 'Johann', 'Bach');
  await newChoir(request, director, 'Thomanerchor');

  // The director invites a new address from the members page, as an alto.
  await signIn(page, director);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thomanerchor' })).toBeVisible();
  await page.goto('/dashboard/members');
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  await expectAccessibleAtBothSizes(page);
  const newcomer = uniqueEmail('anna');
  await page.getByRole('button', { name: 'Invite Member' }).click();
  const form = page.getByRole('form', { name: 'Invite a member' });
  await form.getByLabel('First name').fill('Anna');
  await form.getByLabel('Last name').fill('Magdalena');
  await form.getByLabel('Email').fill(newcomer);
  await form.getByLabel('Voice parts').click();
  await page.getByRole('option', { name: 'Alto' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Invite Member' })).toBeVisible();
  await expectAccessibleAtBothSizes(page);
  await form.getByRole('button', { name: 'Send Invitation' }).click();
  const pending = page.getByRole('region', { name: 'Pending Invitations' });
  await expect(pending.getByRole('listitem', { name: newcomer })).toContainText('Anna Magdalena · Member · Alto');

  // The invitee opens the link in their own browser and creates an account.
  const invitee = await freshPage(browser);
  await invitee.goto(await invitationLink(newcomer));
  await expect(invitee.getByText("You've been invited to join")).toBeVisible();
  await expect(invitee.getByText('Thomanerchor')).toBeVisible();
  await expectAccessibleAtBothSizes(invitee);
  await invitee.getByRole('link', { name: 'Create Account & Join' }).click();
  await expect(invitee).toHaveURL(/\/register\?inviteToken=/);
  await expect(invitee.getByLabel('Email')).toHaveValue(newcomer);
  await expect(invitee.getByLabel('First name')).toHaveValue('Anna');
  await expect(invitee.getByText("You've been invited!")).toBeVisible();
  await expectAccessibleAtBothSizes(invitee);
  await invitee.setViewportSize(PHONE);
  await invitee.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await invitee.getByLabel('Confirm password').fill(PASSWORD);
  await invitee.getByRole('button', { name: 'Create Account' }).click();

  // Signed in and in the choir at once: no confirmation, no second sign-in, one welcome.
  await expect(invitee).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  await expect(invitee.getByRole('heading', { level: 1, name: 'Thomanerchor' })).toBeVisible();
  await expect(invitee.getByText('Welcome to Thomanerchor!')).toHaveCount(1);
  await expect(invitee.locator('.mantine-Notification-root')).toHaveCount(1);
  await expectAccessibleAtBothSizes(invitee);

  // The SMTP sink has no confirmation email for her: a reset email asked for
  // afterwards arrives through the same queue, behind anything sent before it.
  const forgot = await request.post('/api/v1/auth/password/forgot', { data: { email: newcomer } });
  expect(forgot.status()).toBe(202);
  await mailTo(newcomer, 'Reset your Cantica password');
  const subjects = (await mailsTo(newcomer)).map((m) => m.subject);
  expect(subjects.filter((s) => s.includes('Confirm your Cantica account'))).toEqual([]);

  // The director's list shows her with her part.
  await page.reload();
  const members = page.getByRole('table', { name: 'Members' });
  const anna = members.getByRole('row').filter({ hasText: newcomer });
  // The directory can take long to load while other suites run on the machine.
  await expect(anna).toBeVisible({ timeout: 30_000 });
  await expect(anna.getByText('Alto')).toBeVisible();
  await expect(pending.getByText(newcomer)).toHaveCount(0);
  await expectAccessibleAtBothSizes(page);
});

test('someone with an account accepts while signed in, and the server refuses a guest what the directory hides', async ({ page, request, browser }) => {
  test.setTimeout(90_000); // two browsers and an axe-core run on each of three pages
  const director = uniqueEmail('kantor');
  await createConfirmedAccount(request, director, 'Johann', 'Kuhnau');
  const choirId = await newChoir(request, director, 'Nikolaichor');

  const existing = uniqueEmail('gottfried');
  await createConfirmedAccount(request, existing, 'Gottfried', 'Reiche');
  const invited = await request.post(`/api/v1/choirs/${choirId}/invitations`, {
    data: { email: existing, firstName: 'Gottfried', lastName: 'Reiche', role: 'guest' },
  });
  expect(invited.status()).toBe(201);
  const trumpeter = await freshPage(browser);
  await signIn(trumpeter, existing);
  await expect(trumpeter).toHaveURL(/\/choir-registration$/);
  await expect(trumpeter.getByRole('heading', { level: 1, name: 'Welcome to Cantica' })).toBeVisible();
  await expectAccessible(trumpeter);
  await trumpeter.goto(await invitationLink(existing));
  await expect(trumpeter.getByText("You've successfully joined")).toBeVisible();
  // The joined card stands for 1.5 s before the dashboard replaces it: too
  // short for an axe-core run on a busy machine, so the page he stays on is
  // the one checked.
  await expect(trumpeter).toHaveURL(/\/dashboard$/);
  await expect(trumpeter.getByRole('heading', { level: 1, name: 'Nikolaichor' })).toBeVisible();
  await expectAccessible(trumpeter);

  // The director's directory lists him, with the invited role.
  await signIn(page, director);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/members');
  const row = page.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: existing });
  await expect(row.getByRole('combobox', { name: 'Role of Gottfried Reiche' })).toHaveValue('Guest');
  await expectAccessible(page);

  // What the directory hides from a guest, the server refuses too.
  const refused = await trumpeter.request.get(`/api/v1/choirs/${choirId}/invitations`);
  expect(refused.status()).toBe(403);
});

test('a signed-out visitor with a malformed or missing token is told so', async ({ page }) => {
  test.setTimeout(60_000); // an axe-core run on each of three pages
  await page.goto('/accept-invite?token=not-a-token');
  await expect(page.getByText('Invitation Error')).toBeVisible();
  await expect(page.getByText('Invalid invitation token format.')).toBeVisible();
  await expectAccessible(page);
  await page.goto('/accept-invite');
  await expect(page.getByText('Invalid invitation link. No token provided.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Go to Homepage' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
});

test('an administrator imports singers with voice parts from CSV after a preview, and arranges the voice parts', async ({ page, request }) => {
  test.setTimeout(150_000); // axe-core at two sizes on four states of the import
  const director = uniqueEmail('kapellmeister');
  await createConfirmedAccount(request, director, 'Georg', 'Telemann');
  const choirId = await newChoir(request, director, 'Collegium Musicum');
  await signIn(page, director);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/dashboard/members');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const first = uniqueEmail('first');
  const second = uniqueEmail('second');
  const third = uniqueEmail('third');
  const header = 'First name,Last name,Email,Role,Voice parts\n';
  const rows = (karlsPart: string) =>
    `${header}Johanna,Schmidt,${first},Member,"soprano; Alto"\nKarl,Weber,${second},Choir Administrator,${karlsPart}\nLena,Fischer,${third},guest,BASS\n`;
  await page.getByLabel('CSV rows').fill(rows('Tenor 3'));
  await expectAccessibleAtBothSizes(page);
  await page.getByRole('form', { name: 'Import invitations' }).getByRole('button', { name: 'Preview' }).click();

  // The preview shows every row and the unknown part; nothing has been sent.
  const preview = page.getByRole('table', { name: 'Import preview' });
  await expect(page.getByText('2 ready to send, 1 row with a problem')).toBeVisible();
  await expect(preview.getByRole('row').filter({ hasText: first })).toContainText('Soprano, Alto');
  await expect(preview.getByRole('row').filter({ hasText: second })).toContainText('No voice part named "Tenor 3" in this choir.');
  await expect(preview.getByRole('row').filter({ hasText: third })).toContainText('Guest');
  await expectAccessibleAtBothSizes(page);
  const listed = await page.request.get(`/api/v1/choirs/${choirId}/invitations`);
  expect(await listed.json()).toEqual([]);

  // Fixed, previewed again, confirmed.
  await page.getByRole('button', { name: 'Back to edit' }).click();
  await page.getByLabel('CSV rows').fill(rows('Tenor'));
  await page.getByRole('form', { name: 'Import invitations' }).getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('3 ready to send')).toBeVisible();
  await expect(preview.getByRole('row').filter({ hasText: second })).toContainText('Choir Administrator');
  await page.getByRole('button', { name: 'Send 3 invitations' }).click();
  const results = page.getByRole('table', { name: 'Import results' });
  await expect(page.getByText('3 invited, 0 skipped, 0 failed')).toBeVisible();
  await expect(results.getByRole('row').filter({ hasText: second })).toContainText('Invited');
  await expectAccessibleAtBothSizes(page);
  await page.getByRole('button', { name: 'Done' }).click();
  const pending = page.getByRole('region', { name: 'Pending Invitations' });
  await expect(pending.getByRole('listitem', { name: first })).toContainText('Member · Soprano, Alto');
  await expect(pending.getByRole('listitem', { name: second })).toContainText('Choir Administrator · Tenor');
  await expect(pending.getByRole('listitem', { name: third })).toContainText('Guest · Bass');
  await mailTo(second, "You're invited to join");

  await page.goto('/dashboard/settings/musical-roles');
  await expect(page.getByRole('heading', { level: 1, name: 'Musical Roles' })).toBeVisible();
  await page.getByLabel('Voice part name').fill('Baritone');
  await page.getByRole('form', { name: 'Add a voice part' }).getByRole('button', { name: 'Add' }).click();
  const parts = page.getByRole('list', { name: 'Voice parts' });
  await expect(parts.getByRole('listitem').last()).toHaveAccessibleName('Baritone');
  await page.getByRole('button', { name: 'Move Baritone up' }).click();
  await expect(parts.getByRole('listitem').nth(3)).toHaveAccessibleName('Baritone');
  await expectAccessible(page);
  await page.reload();
  await expect(parts.getByRole('listitem').nth(3)).toHaveAccessibleName('Baritone');
});
