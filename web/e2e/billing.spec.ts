import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { createConfirmedAccount, signIn, uniqueEmail } from './support/accounts';

// The e2e server runs with billing off (CANTICA_BILLING empty): a self-hosted
// Cantica, where no price is ever shown.

test('on a self-hosted server /pricing says so and shows no price', async ({ page, request }) => {
  const email = uniqueEmail('hildegard');
  await createConfirmedAccount(request, email, 'Hildegard', 'Bingen');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/choir-registration$/);

  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  await expect(
    page.getByText('This Cantica server is self-hosted: every choir has every feature, with no plans, no limits and nothing to pay.'),
  ).toBeVisible();
  await expect(page.getByText(/\$\d/)).toHaveCount(0);
  await expectAccessible(page);
});
