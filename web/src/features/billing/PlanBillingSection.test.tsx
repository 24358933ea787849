import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import billingPlans from '../../test/billingPlans.json';
import { json, renderAt, stubApi } from '../choirs/testing';
import { PLAN_CHANGED, stripeRedirect, type ChoirBilling } from './checkout';
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

  it('changes a paying choir’s plan in the app, and shows the plan the server answers', async () => {
    const active: ChoirBilling = { ...trial, status: 'active', standing: 'active', trialDaysLeft: undefined, paid: true, canManage: true };
    const api = stubApi({
      'GET /billing/plans': () => json(billingPlans),
      'GET /choirs/c1/billing': () => json(active),
      'PUT /choirs/c1/billing/plan': () => json({ ...active, plan: 'large' }),
    });
    renderAt('/dashboard/settings/choir', <PlanBillingSection choirId="c1" />);
    const change = await screen.findByRole('button', { name: 'Change plan' });
    expect(change).toBeDisabled(); // the current plan is selected
    expect(screen.queryByRole('button', { name: 'Choose a plan' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /Large Choir/ }));
    await userEvent.click(change);
    expect(await screen.findByText('Large Choir · $29/month')).toBeInTheDocument();
    expect(await screen.findByText(PLAN_CHANGED)).toBeInTheDocument();
    expect(api.bodies('PUT', '/choirs/c1/billing/plan')).toEqual([{ plan: 'large' }]);
    expect(api.bodies('POST', '/choirs/c1/billing/checkout')).toEqual([]);
  });

  it('shows why a smaller plan is refused and keeps the plan', async () => {
    const refusal =
      'The Small Choir plan allows 15 members and 500MB of files, and this choir has 22 members (counting pending invitations) and 120MB of files. Remove some first, then switch.';
    stubApi({
      'GET /billing/plans': () => json(billingPlans),
      'GET /choirs/c1/billing': () => json({ ...trial, status: 'active', standing: 'active', trialDaysLeft: undefined, paid: true, canManage: true }),
      'PUT /choirs/c1/billing/plan': () => json({ code: 'PLAN_LIMIT', message: refusal }, 409),
    });
    renderAt('/dashboard/settings/choir', <PlanBillingSection choirId="c1" />);
    await userEvent.click(await screen.findByRole('radio', { name: /Small Choir/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Change plan' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByText('Medium Choir · $19/month')).toBeInTheDocument();
  });

  it('lets a choir on its trial try another plan without paying', async () => {
    const go = vi.spyOn(stripeRedirect, 'go').mockImplementation(() => {});
    const api = stubApi({
      'GET /billing/plans': () => json(billingPlans),
      'GET /choirs/c1/billing': () => json(trial),
      'PUT /choirs/c1/billing/plan': () => json({ ...trial, plan: 'small' }),
    });
    renderAt('/dashboard/settings/choir', <PlanBillingSection choirId="c1" />);
    const change = await screen.findByRole('button', { name: 'Change plan' });
    expect(change).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: /Small Choir/ }));
    await userEvent.click(change);
    expect(await screen.findByText('Small Choir · $12/month')).toBeInTheDocument();
    expect(api.bodies('PUT', '/choirs/c1/billing/plan')).toEqual([{ plan: 'small' }]);
    expect(go).not.toHaveBeenCalled();
  });

  it('says a read-only choir can still read and export', async () => {
    stubApi({
      'GET /billing/plans': () => json(billingPlans),
      'GET /choirs/c1/billing': () => json({ ...trial, status: 'unpaid', standing: 'read_only', trialDaysLeft: undefined }),
    });
    renderAt('/dashboard/settings/choir', <PlanBillingSection choirId="c1" />);
    expect(await screen.findByText(/Read-only: members still see and export everything/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose a plan' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change plan' })).not.toBeInTheDocument();
  });

  it('shows nothing on a self-hosted server', async () => {
    const api = stubApi({ 'GET /billing/plans': () => json({ enabled: false, plans: [] }) });
    const { container } = renderAt('/dashboard/settings/choir', <PlanBillingSection choirId="c1" />);
    await waitFor(() => expect(api.bodies('GET', '/billing/plans')).toHaveLength(1));
    expect(screen.queryByText('Plan and billing')).not.toBeInTheDocument();
    expect(container).not.toHaveTextContent('$');
  });
});
