import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import billingPlans from '../../test/billingPlans.json';
import { json, renderAt, stubApi } from '../choirs/testing';
import { stripeRedirect, type ChoirBilling } from './checkout';
import { PlanBillingSection } from './PlanBillingSection';

const trial: ChoirBilling = {
  plan: 'medium',
  status: 'trialing',
  standing: 'trial',
  trialEndsAt: '2026-12-23T10:00:00Z',
  trialDaysLeft: 27,
  paid: false,
  canManage: false,
  comped: false,
};

afterEach(() => vi.restoreAllMocks());

describe('PlanBillingSection', () => {
  it('shows the trial and sends the administrator to checkout for the chosen plan', async () => {
    const go = vi.spyOn(stripeRedirect, 'go').mockImplementation(() => {});
    const api = stubApi({
      'GET /billing/plans': () => json(billingPlans),
      'GET /choirs/c1/billing': () => json(trial),
      'POST /choirs/c1/billing/checkout': () => json({ url: 'https://checkout.stripe.test/c/pay/cs_1' }),
    });
    renderAt('/dashboard/settings/choir', <PlanBillingSection choirId="c1" />);
    expect(await screen.findByRole('region', { name: 'Plan and billing' })).toBeInTheDocument();
    expect(await screen.findByText(/Free trial: 27 days left/)).toBeInTheDocument();
    expect(screen.getByText('Medium Choir · $19/month')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Medium Choir/ })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Manage billing' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: /Large Choir/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Choose a plan' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_1'));
    expect(api.bodies('POST', '/choirs/c1/billing/checkout')).toEqual([{ plan: 'large' }]);
  });

  it('lets the payer manage billing once the choir pays, and offers no second checkout', async () => {
    const go = vi.spyOn(stripeRedirect, 'go').mockImplementation(() => {});
    stubApi({
      'GET /billing/plans': () => json(billingPlans),
      'GET /choirs/c1/billing': () =>
        json({ ...trial, status: 'active', standing: 'active', trialDaysLeft: undefined, paid: true, canManage: true, currentPeriodEnd: '2027-01-23T10:00:00Z' }),
      'POST /choirs/c1/billing/portal': () => json({ url: 'https://billing.stripe.test/p/session/1' }),
    });
    renderAt('/dashboard/settings/choir', <PlanBillingSection choirId="c1" />);
    expect(await screen.findByText(/Active\. The current period ends on/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose a plan' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://billing.stripe.test/p/session/1'));
  });

  it('says a read-only choir can still read and export', async () => {
    stubApi({
      'GET /billing/plans': () => json(billingPlans),
      'GET /choirs/c1/billing': () => json({ ...trial, status: 'unpaid', standing: 'read_only', trialDaysLeft: undefined }),
    });
    renderAt('/dashboard/settings/choir', <PlanBillingSection choirId="c1" />);
    expect(await screen.findByText(/Read-only: members still see and export everything/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose a plan' })).toBeInTheDocument();
  });

  it('shows nothing on a self-hosted server', async () => {
    const api = stubApi({ 'GET /billing/plans': () => json({ enabled: false, plans: [] }) });
    const { container } = renderAt('/dashboard/settings/choir', <PlanBillingSection choirId="c1" />);
    await waitFor(() => expect(api.bodies('GET', '/billing/plans')).toHaveLength(1));
    expect(screen.queryByText('Plan and billing')).not.toBeInTheDocument();
    expect(container).not.toHaveTextContent('$');
  });
});
