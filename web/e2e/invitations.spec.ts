import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { createConfirmedAccount, PASSWORD, signIn, uniqueEmail } from './support/accounts';
import { linkIn, mailTo } from './support/mailbox';

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

test('an invited singer registers from the emailed link and joins; the director gives her a role and parts', async ({ page, request, browser }) => {
  test.setTimeout(120_000); // two browsers, a sign-up and an axe-core run on each of nine pages
  const director = uniqueEmail('thomaskantor');
  await createConfirmedAccount(request, director, 'Johann', 'Bach');
  await newChoir(request, director, 'Thomanerchor');

  // The director invites a new address from the members page.
  await signIn(page, director);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thomanerchor' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/dashboard/members');
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  await expectAccessible(page);
  const newcomer = uniqueEmail('anna');
  await page.getByRole('button', { name: 'Invite Member' }).click();
  const form = page.getByRole('form', { name: 'Invite a member' });
  await form.getByLabel('First name').fill('Anna');
  await form.getByLabel('Last name').fill('Magdalena');
  await form.getByLabel('Email').fill(newcomer);
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Send Invitation' }).click();
  const pending = page.getByRole('region', { name: 'Pending Invitations' });
  await expect(pending.getByText(newcomer)).toBeVisible();

  // The invitee opens the link in their own browser and creates an account.
  const invitee = await freshPage(browser);
  await invitee.goto(await invitationLink(newcomer));
  await expect(invitee.getByText("You've been invited to join")).toBeVisible();
  await expect(invitee.getByText('Thomanerchor')).toBeVisible();
  await expectAccessible(invitee);
  await invitee.getByRole('link', { name: 'Create Account & Join' }).click();
  await expect(invitee).toHaveURL(/\/register\?inviteToken=/);
  await expect(invitee.getByLabel('Email')).toHaveValue(newcomer);
  await expect(invitee.getByLabel('First name')).toHaveValue('Anna');
  await expect(invitee.getByText("You've been invited!")).toBeVisible();
  await expectAccessible(invitee);
  await invitee.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await invitee.getByLabel('Confirm password').fill(PASSWORD);
  await invitee.getByRole('button', { name: 'Create Account' }).click();
  await expect(invitee).toHaveURL(/\/login$/, { timeout: 15_000 });
  await expect(invitee.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expectAccessible(invitee);

  // Confirming the address joins the choir; signing in lands on its dashboard.
  await invitee.goto(linkIn(await mailTo(newcomer, 'Confirm your Cantica account'), '/auth/callback?confirm='));
  await expect(invitee).toHaveURL(/\/login$/);
  await signIn(invitee, newcomer);
  await expect(invitee).toHaveURL(/\/dashboard$/);
  await expect(invitee.getByRole('heading', { level: 1, name: 'Thomanerchor' })).toBeVisible();
  await expect(invitee.getByText('Member', { exact: true }).first()).toBeVisible();
  await expectAccessible(invitee);

  // The directory shows her; the director makes Anna a guest and gives her two parts.
  await page.reload();
  const members = page.getByRole('table', { name: 'Members' });
  const anna = members.getByRole('row').filter({ hasText: newcomer });
  await expect(anna).toBeVisible();
  await expect(pending.getByText(newcomer)).toHaveCount(0);
  await anna.getByRole('combobox', { name: 'Role of Anna Magdalena' }).click();
  await page.getByRole('option', { name: 'Guest' }).click();
  await expect(page.getByText('Anna Magdalena is now Guest')).toBeVisible();
  await anna.getByRole('button', { name: 'Actions for Anna Magdalena' }).click();
  await page.getByRole('menuitem', { name: 'Assign voice parts' }).click();
  await page.getByRole('checkbox', { name: 'Soprano' }).check();
  await page.getByRole('checkbox', { name: 'Alto' }).check();
  await page.getByRole('button', { name: 'Save voice parts' }).click();
  await expect(anna.getByText('Soprano')).toBeVisible();
  await expect(anna.getByText('Alto')).toBeVisible();
  await expectAccessible(page);
  await page.reload();
  await expect(members.getByRole('row').filter({ hasText: newcomer }).getByRole('combobox', { name: 'Role of Anna Magdalena' })).toHaveValue('Guest');
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

test('an administrator imports singers from CSV and arranges the voice parts', async ({ page, request }) => {
  const director = uniqueEmail('kapellmeister');
  await createConfirmedAccount(request, director, 'Georg', 'Telemann');
  await newChoir(request, director, 'Collegium Musicum');
  await signIn(page, director);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/dashboard/members');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const first = uniqueEmail('first');
  const second = uniqueEmail('second');
  await page.getByLabel('CSV rows').fill(
    `First name,Last name,Email,Role\nJohanna,Schmidt,${first},member\nKarl,Weber,not-an-email,member\nLena,Fischer,${second},guest\n`,
  );
  await page.getByRole('form', { name: 'Import invitations' }).getByRole('button', { name: 'Import' }).click();
  const results = page.getByRole('table', { name: 'Import results' });
  await expect(results.getByRole('row').filter({ hasText: 'not-an-email' })).toContainText('Please enter a valid email address');
  await expect(results.getByRole('row').filter({ hasText: first })).toContainText('Invited');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Done' }).click();
  const pending = page.getByRole('region', { name: 'Pending Invitations' });
  await expect(pending.getByText(first)).toBeVisible();
  await expect(pending.getByText(second)).toBeVisible();
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
