import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, request as apiRequest, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { createConfirmedAccount, PASSWORD, signIn, uniqueEmail } from './support/accounts';
import { startServer } from './support/serverProcess';
import { ROMAN_CATHOLIC } from './support/api';

// Plans and billing as a self-hoster and as a hosted service see them (issue 29):
// the suite's server has billing off; the billing-on tests start a server of
// their own, with test Stripe settings and a pricing table, whose script
// (from js.stripe.com) never loads here: the fallback cards are what they see.

const SELF_HOSTED =
  'This Cantica server is self-hosted: every choir has every feature, with no plans, no limits and nothing to pay.';

/** cantica runs the binary's administrator commands on a data directory. */
function cantica(dataDir: string, ...args: string[]) {
  execFileSync('../bin/cantica', args, { env: { ...process.env, CANTICA_DATA_DIR: dataDir } });
}

/** globalAdmin makes a confirmed account and grants it global admin on the server of dataDir. */
async function globalAdmin(request: APIRequestContext, dataDir: string): Promise<string> {
  const email = uniqueEmail('subs-admin');
  await createConfirmedAccount(request, email, 'Olivier', 'Messiaen');
  cantica(dataDir, 'admin', 'grant-global-admin', email);
  return email;
}

/** foundChoir signs a new director in through the API and creates a choir. */
async function foundChoir(request: APIRequestContext, name: string) {
  const director = uniqueEmail('subs-director');
  await createConfirmedAccount(request, director, 'Nadia', 'Boulanger');
  expect((await request.post('/api/v1/auth/login', { data: { email: director, password: PASSWORD } })).status()).toBe(200);
  const created = await request.post('/api/v1/choirs', {
    data: { name, country: 'GB', religiousAffiliationId: ROMAN_CATHOLIC, timeZone: 'Europe/London' },
  });
  expect(created.status(), await created.text()).toBe(201);
  await request.post('/api/v1/auth/logout');
}

// (The landing page and /pricing of a self-hosted server: public.spec.ts and billing.spec.ts.)
test('on a self-hosted server the subscriptions page says billing is off and has no switch', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await globalAdmin(request, process.env.CANTICA_E2E_DATA_DIR ?? '');
  await signIn(page, admin);
  await page.waitForURL(/\/dashboard|\/choir-registration|\/select-choir/);
  await page.goto('/dashboard/global-admin/subscriptions');
  await expect(page.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
  await expect(page.getByText(/^Billing is off on this server: every choir is unlimited/)).toBeVisible();
  await expect(page.getByRole('switch')).toHaveCount(0);
  await expectAccessible(page);
});

test.describe('with billing on', () => {
  // One server for these tests, started once.
  test.describe.configure({ mode: 'serial' });
  let server: ChildProcess | undefined;
  let baseURL = '';
  let dataDir = '';

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    const port = await freePort();
    baseURL = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(join(tmpdir(), 'cantica-e2e-billing-'));
    server = await startServer(port, dataDir, {
      CANTICA_BILLING: 'stripe',
      CANTICA_STRIPE_SECRET_KEY: 'sk_test_e2e',
      CANTICA_STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
      CANTICA_STRIPE_PRICE_SMALL: 'price_e2e_small',
      CANTICA_STRIPE_PRICE_MEDIUM: 'price_e2e_medium',
      CANTICA_STRIPE_PRICE_LARGE: 'price_e2e_large',
      CANTICA_STRIPE_PRICING_TABLE_ID: 'prctbl_e2e',
      CANTICA_STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
    });
  });

  test.afterAll(() => {
    server?.kill();
  });

  /** billingPage opens a browser context on the billing server where Stripe's script cannot load. */
  async function billingPage(browser: Browser): Promise<{ page: Page; warnings: string[] }> {
    const context = await browser.newContext({ baseURL });
    await context.route('https://js.stripe.com/**', (route) => route.abort());
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    return { page, warnings };
  }

  test('the landing page and /pricing show the server’s plans; the pricing table’s script fails and the cards remain', async ({ browser }) => {
    test.setTimeout(120_000);
    const { page, warnings } = await billingPage(browser);
    await page.goto('/');
    const pricing = page.locator('#pricing');
    await expect(pricing.getByRole('heading', { name: 'Simple, transparent pricing' })).toBeVisible();
    const medium = pricing.locator('[data-plan="medium"]');
    await expect(medium.getByText('MOST POPULAR')).toBeVisible();
    await expect(medium.getByText('$19')).toBeVisible();
    await expect(page.getByText(SELF_HOSTED)).toHaveCount(0);
    await expectAccessible(page);

    const request = await apiRequest.newContext({ baseURL });
    const email = uniqueEmail('subs-pricing');
    await createConfirmedAccount(request, email, 'Hildegard', 'Bingen');
    await signIn(page, email);
    await page.waitForURL(/\/choir-registration$/);
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
    // §8: the script fails, the loading indicator goes, a warning is logged, the cards remain.
    await expect(page.getByRole('status', { name: 'Loading the pricing table' })).toHaveCount(0);
    for (const [plan, price] of [
      ['Small Choir', '$12/month'],
      ['Medium Choir', '$19/month'],
      ['Large Choir', '$29/month'],
    ]) {
      await expect(page.getByRole('region', { name: plan })).toContainText(price);
    }
    await expect.poll(() => warnings.some((w) => w.includes('pricing table could not be loaded'))).toBe(true);
    await expectAccessible(page);
    await request.dispose();
  });

  test('the global admin sees every choir’s standing and makes one free of charge', async ({ browser }) => {
    test.setTimeout(180_000);
    const request = await apiRequest.newContext({ baseURL });
    const choirName = `Subscriptions Chorus ${Date.now()}`;
    await foundChoir(request, choirName);
    const admin = await globalAdmin(request, dataDir);
    await request.dispose();

    const { page } = await billingPage(browser);
    await signIn(page, admin);
    await page.waitForURL(/\/dashboard|\/choir-registration|\/select-choir/);
    await page.goto('/dashboard/global-admin/subscriptions');
    await expect(page.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
    await expect(page.getByText('Monthly revenue')).toBeVisible();
    const row = page.getByRole('table', { name: 'Choirs and their subscriptions' }).getByRole('row', { name: new RegExp(choirName) });
    const free = row.getByRole('switch', { name: `Free of charge: ${choirName}` });
    await expect(free).not.toBeChecked();
    await expectAccessible(page);

    await free.click();
    await expect(page.getByText(`${choirName} is now free of charge`)).toBeVisible();
    await expect(free).toBeChecked();
    await expect(row.getByText('Free', { exact: true })).toBeVisible();
    await expect(row).toContainText('$0.00');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page);
  });
});

/** freePort asks the system for a port nobody listens on. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
