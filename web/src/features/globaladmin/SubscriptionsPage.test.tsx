import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import billingPlans from '../../test/billingPlans.json';
import { apiError, json, stubFetch } from '../../test/api';
import { renderWithProviders, resetToasts } from '../../test/render';
import type { ChoirSubscription, ChoirSubscriptionList } from './api';
import { BILLING_OFF, SubscriptionsPage } from './SubscriptionsPage';

const MB = 1024 * 1024;

const schola: ChoirSubscription = {
  choirId: 'c1',
  choirName: 'St Cecilia Schola',
  plan: 'medium',
  standing: 'active',
  members: 28,
  memberLimit: 30,
  storageBytes: 300 * MB,
  storageLimitBytes: 1024 * MB,
  comped: false,
  monthlyPriceCents: 1900,
  discounted: false,
};
const consort: ChoirSubscription = {
  ...schola,
  choirId: 'c2',
  choirName: 'Byrd Consort',
  plan: 'small',
  memberLimit: 15,
  members: 4,
  storageLimitBytes: 500 * MB,
  monthlyPriceCents: 1080,
  discounted: true,
};
const trial: ChoirSubscription = {
  ...schola,
  choirId: 'c3',
  choirName: 'Riverside Singers',
  standing: 'trial',
  trialDaysLeft: 12,
  monthlyPriceCents: 0,
};
const list: ChoirSubscriptionList = { enabled: true, monthlyRevenueCents: 2980, choirs: [consort, schola, trial] };

function renderPage() {
  const router = createMemoryRouter([{ path: '/dashboard/global-admin/subscriptions', element: <SubscriptionsPage /> }], {
    initialEntries: ['/dashboard/global-admin/subscriptions'],
  });
  return renderWithProviders(router);
}

afterEach(() => {
  resetToasts();
  vi.restoreAllMocks();
});

describe('SubscriptionsPage', () => {
  it('shows each choir’s plan, standing, usage against the limit and price, and the monthly revenue', async () => {
    stubFetch({ 'GET /admin/subscriptions': () => json(list), 'GET /billing/plans': () => json(billingPlans) });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Choirs and their subscriptions' });
    expect(screen.getByText('Monthly revenue').previousElementSibling).toHaveTextContent('$29.80');
    expect(screen.getByText('Paying').previousElementSibling).toHaveTextContent('2');
    expect(screen.getByText('In trial').previousElementSibling).toHaveTextContent('1');

    const scholaRow = within(table).getByRole('row', { name: /St Cecilia Schola/ });
    expect(scholaRow).toHaveTextContent('Active');
    expect(scholaRow).toHaveTextContent('28 of 30');
    expect(scholaRow).toHaveTextContent('300 MB of 1 GB');
    expect(scholaRow).toHaveTextContent('$19.00');
    expect(await within(scholaRow).findByText('Medium Choir')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Byrd Consort/ })).toHaveTextContent('$10.80 (10 % off)');
    expect(within(table).getByRole('row', { name: /Riverside Singers/ })).toHaveTextContent('Trial, 12 days left');
    expect(screen.queryByText(BILLING_OFF)).not.toBeInTheDocument();
  });

  it('makes a choir free of charge with its switch and reads the list again', async () => {
    let current = list;
    const api = stubFetch({
      'GET /admin/subscriptions': () => json(current),
      'GET /billing/plans': () => json(billingPlans),
      'PUT /admin/subscriptions/:choirId/comped': () => {
        const comped = { ...consort, comped: true, standing: 'free' as const, monthlyPriceCents: 0, discounted: false };
        current = { ...list, monthlyRevenueCents: 1900, choirs: [comped, schola, trial] };
        return json(comped);
      },
    });
    renderPage();
    const toggle = await screen.findByRole('switch', { name: 'Free of charge: Byrd Consort' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(await screen.findByText('Byrd Consort is now free of charge')).toBeInTheDocument();
    expect(api.bodies('PUT', '/admin/subscriptions/c2/comped')).toEqual([{ comped: true }]);
    expect(await screen.findByRole('switch', { name: 'Free of charge: Byrd Consort' })).toBeChecked();
    expect(screen.getByText('Monthly revenue').previousElementSibling).toHaveTextContent('$19.00');
    expect(within(screen.getByRole('row', { name: /Byrd Consort/ })).getByText('Free')).toBeInTheDocument();
  });

  it('tells the admin what the server said when the switch is refused', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({
      'GET /admin/subscriptions': () => json(list),
      'GET /billing/plans': () => json(billingPlans),
      'PUT /admin/subscriptions/:choirId/comped': () => apiError(404, 'NOT_FOUND', 'This choir does not exist.'),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('switch', { name: 'Free of charge: Byrd Consort' }));
    expect(await screen.findByText('This choir does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Free of charge: Byrd Consort' })).not.toBeChecked();
  });

  it('with billing off says there is nothing to manage and shows no switch', async () => {
    stubFetch({ 'GET /admin/subscriptions': () => json({ enabled: false, choirs: [], monthlyRevenueCents: 0 }) });
    renderPage();
    expect(await screen.findByText(BILLING_OFF)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByText(/\$\d/)).not.toBeInTheDocument();
  });
});
