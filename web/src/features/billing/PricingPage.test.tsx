import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetPricingTableScript, PRICING_TABLE_SCRIPT } from '../../components/StripePricingTable';
import billingPlans from '../../test/billingPlans.json';
import { json, renderAt, stubApi } from '../choirs/testing';
import { stripeRedirect } from './checkout';
import { PLAN_URL } from './StandingBanners';
import { ALTERNATIVE_PRICING, PricingPage, SELF_HOSTED } from './PricingPage';

const withTable = { ...billingPlans, pricingTable: { pricingTableId: 'prctbl_123', publishableKey: 'pk_test_123' } };

/** pricingScript is the script tag the page added for the provider's table, once it has. */
async function pricingScript(): Promise<HTMLScriptElement> {
  await vi.waitFor(() => expect(document.head.querySelector(`script[src="${PRICING_TABLE_SCRIPT}"]`)).not.toBeNull());
  return document.head.querySelector(`script[src="${PRICING_TABLE_SCRIPT}"]`) as HTMLScriptElement;
}

afterEach(() => {
  forgetPricingTableScript();
  vi.restoreAllMocks();
});

describe('PricingPage', () => {
  it('on a self-hosted server says so and shows no price', async () => {
    stubApi({ 'GET /billing/plans': () => json({ enabled: false, plans: [] }) });
    renderAt('/pricing', <PricingPage />);
    expect(await screen.findByText(SELF_HOSTED)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Pricing' })).toBeInTheDocument();
    expect(screen.queryByText(/\$\d/)).not.toBeInTheDocument();
    expect(screen.queryByText(/free trial/)).not.toBeInTheDocument();
  });

  it('with billing on shows the server’s three plans, Medium the most popular', async () => {
    stubApi({ 'GET /billing/plans': () => json(billingPlans) });
    renderAt('/pricing', <PricingPage />);
    const medium = await screen.findByRole('region', { name: 'Medium Choir' });
    expect(within(medium).getByText('MOST POPULAR')).toBeInTheDocument();
    expect(medium).toHaveTextContent('$19/month');
    expect(medium).toHaveTextContent('Up to 30 members');
    expect(medium).toHaveTextContent('1GB storage');
    expect(screen.getByRole('region', { name: 'Small Choir' })).toHaveTextContent('$12/month');
    const large = screen.getByRole('region', { name: 'Large Choir' });
    expect(large).toHaveTextContent('$29/month');
    expect(large).toHaveTextContent('Advanced analytics');
    expect(within(large).queryByText('MOST POPULAR')).not.toBeInTheDocument();
    expect(screen.getByText('30-day free trial on every plan, and no card needed to start.')).toBeInTheDocument();
    expect(screen.queryByText(SELF_HOSTED)).not.toBeInTheDocument();
  });

  it('sends an administrator to checkout for their current choir from a plan card', async () => {
    const go = vi.spyOn(stripeRedirect, 'go').mockImplementation(() => {});
    const api = stubApi({
      'GET /billing/plans': () => json(billingPlans),
      'POST /choirs/c1/billing/checkout': () => json({ url: 'https://checkout.stripe.test/c/pay/cs_9' }),
    });
    renderAt('/pricing', <PricingPage />);
    const large = await screen.findByRole('region', { name: 'Large Choir' });
    await userEvent.click(await within(large).findByRole('button', { name: 'Choose Large Choir' }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_9'));
    expect(api.bodies('POST', '/choirs/c1/billing/checkout')).toEqual([{ plan: 'large' }]);
  });

  it('sends the administrator of a choir Stripe already bills to Change plan, with no second checkout or pricing table', async () => {
    stubApi({
      'GET /billing/plans': () => json(withTable),
      'GET /choirs/c1/billing/standing': () =>
        json({ enabled: true, standing: 'active', plan: 'medium', planName: 'Medium Choir', billed: true, planUrl: PLAN_URL }),
    });
    renderAt('/pricing', <PricingPage />);
    expect(
      await screen.findByText(/St Cecilia Singers already pays for the Medium Choir plan\. To switch plans, use 'Change plan' in/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Plan and billing' })).toHaveAttribute('href', PLAN_URL);
    expect(within(screen.getByRole('region', { name: 'Medium Choir' })).getByRole('button', { name: 'Your plan' })).toBeDisabled();
    const large = within(screen.getByRole('region', { name: 'Large Choir' })).getByRole('link', { name: 'Change to Large Choir' });
    expect(large).toHaveAttribute('href', PLAN_URL);
    expect(screen.queryByRole('button', { name: /^Choose / })).not.toBeInTheDocument();
    expect(screen.queryByTestId('stripe-pricing-table')).not.toBeInTheDocument();
  });

  it('leads someone without a choir to the wizard with the plan chosen', async () => {
    stubApi({ 'GET /billing/plans': () => json(billingPlans) }, { choirs: [] });
    renderAt('/pricing', <PricingPage />);
    const small = await screen.findByRole('region', { name: 'Small Choir' });
    const start = await within(small).findByRole('link', { name: 'Start with Small Choir' });
    expect(start).toHaveAttribute('href', '/choir-registration');
    expect(screen.queryByRole('button', { name: /^Choose / })).not.toBeInTheDocument();
    await userEvent.click(start);
    expect(sessionStorage.getItem('selectedPlan')).toBe('small');
  });

  it('offers to try again when the plans cannot be loaded', async () => {
    stubApi({ 'GET /billing/plans': () => json({ code: 'INTERNAL', message: 'down' }, 500) });
    renderAt('/pricing', <PricingPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The plans could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows the provider’s pricing table once its script loads, the plan cards folded beneath it', async () => {
    stubApi({ 'GET /billing/plans': () => json(withTable) });
    renderAt('/pricing', <PricingPage />);
    expect(await screen.findByRole('status', { name: 'Loading the pricing table' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Medium Choir' })).toBeInTheDocument();

    fireEvent.load(await pricingScript());
    await vi.waitFor(() => expect(document.querySelector('stripe-pricing-table')).not.toBeNull());
    const table = document.querySelector('stripe-pricing-table') as HTMLElement;
    expect(table).toHaveAttribute('pricing-table-id', 'prctbl_123');
    expect(table).toHaveAttribute('publishable-key', 'pk_test_123');
    expect(table).toHaveAttribute('customer-email', 'ada@example.com');
    // The administrator's current choir, which Stripe's webhook attaches the subscription to.
    expect(table).toHaveAttribute('client-reference-id', 'c1');
    expect(screen.queryByRole('status', { name: 'Loading the pricing table' })).not.toBeInTheDocument();

    const more = await screen.findByRole('button', { name: ALTERNATIVE_PRICING });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('region', { name: 'Medium Choir' })).toBeVisible();
  });

  it('when the pricing script fails, removes the loading indicator, logs a warning and keeps the plan cards (§8)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubApi({ 'GET /billing/plans': () => json(withTable) });
    renderAt('/pricing', <PricingPage />);
    expect(await screen.findByRole('status', { name: 'Loading the pricing table' })).toBeInTheDocument();

    fireEvent.error(await pricingScript());
    await vi.waitFor(() => expect(screen.queryByRole('status', { name: 'Loading the pricing table' })).not.toBeInTheDocument());
    expect(warn).toHaveBeenCalled();
    expect(document.querySelector('stripe-pricing-table')).toBeNull();
    expect(screen.queryByRole('button', { name: ALTERNATIVE_PRICING })).not.toBeInTheDocument();
    for (const plan of ['Small Choir', 'Medium Choir', 'Large Choir']) {
      expect(screen.getByRole('region', { name: plan })).toBeVisible();
    }
  });

  it('loads no script of the provider’s without a pricing table or with billing off', async () => {
    stubApi({ 'GET /billing/plans': () => json(billingPlans) });
    renderAt('/pricing', <PricingPage />);
    expect(await screen.findByRole('region', { name: 'Medium Choir' })).toBeInTheDocument();
    expect(document.head.querySelector(`script[src="${PRICING_TABLE_SCRIPT}"]`)).toBeNull();
  });
});
