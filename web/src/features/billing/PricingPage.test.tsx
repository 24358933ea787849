import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import billingPlans from '../../test/billingPlans.json';
import { json, renderAt, stubApi } from '../choirs/testing';
import { PricingPage, SELF_HOSTED } from './PricingPage';

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

  it('offers to try again when the plans cannot be loaded', async () => {
    stubApi({ 'GET /billing/plans': () => json({ code: 'INTERNAL', message: 'down' }, 500) });
    renderAt('/pricing', <PricingPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The plans could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
