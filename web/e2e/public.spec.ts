import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';

// The suite's server has billing off: a self-hosted Cantica, whose landing page shows no price
// (with billing on, see subs.spec.ts).
test('landing page on a self-hosted server shows no price and no trial', async ({ page }) => {
  await page.goto('/');
  const pricing = page.locator('#pricing');
  await expect(
    pricing.getByText('This Cantica server is self-hosted: every choir has every feature, with no plans, no limits and nothing to pay.'),
  ).toBeVisible();
  await expect(page.getByText(/\$\d/)).toHaveCount(0);
  await expect(page.getByText(/free trial/i)).toHaveCount(0);
  await expectAccessible(page);
});

test('arriving at /#pricing scrolls to the pricing section', async ({ page }) => {
  await page.goto('/#pricing');
  await expect(page.locator('#pricing')).toBeInViewport();
});

for (const { path, heading } of [
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/about', heading: 'About Cantica' },
]) {
  test(`${path} renders its heading`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()));
    await expectAccessible(page);
  });
}

test('an unknown path lands on /', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('#pricing')).toBeAttached();
});

test('a signed-out visitor to a signed-in page goes to /login', async ({ page }) => {
  await page.goto('/dashboard/calendar');
  await expect(page).toHaveURL(/\/login$/);
});

test('unknown API paths answer JSON, not the app', async ({ request }) => {
  const res = await request.get('/api/v1/does-not-exist');
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
});

test('the theme toggle switches and the choice survives a reload', async ({ page }) => {
  await page.goto('/about');
  const html = page.locator('html');
  const before = await html.getAttribute('data-mantine-color-scheme');
  const target = before === 'dark' ? 'light' : 'dark';
  await page.getByRole('button', { name: `Switch to ${target} theme` }).first().click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', target);
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', target);
  await expectAccessible(page);
  // The stored choice also wins on the landing page, which is otherwise light.
  await page.goto('/');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', target);
});

test('the landing page starts light when nothing is stored', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.goto('/about');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await context.close();
});

// The landing page is prerendered HTML with one inline script, which the server's
// Content-Security-Policy allows by its hash: without it, nothing here would work.
test('on a phone the landing menu opens, leads to sign-in and closes', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const blocked: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') blocked.push(m.text());
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await menu.getByRole('link', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  // Under 16 px, iOS zooms into the field on focus and stays zoomed.
  for (const field of [page.getByRole('textbox', { name: 'Email' }), page.locator('input[type="password"]')]) {
    expect(await field.evaluate((el) => getComputedStyle(el).fontSize)).toBe('16px');
  }
  expect(blocked).toEqual([]);
  await context.close();
});
