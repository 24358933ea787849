import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../api/client';
import { useSubmission } from '../../app/mutations';
import { createQueryClient } from '../../app/queryClient';
import { renderWithProviders } from '../../test/render';
import { json, renderAt, stubApi } from '../choirs/testing';
import { StandingBanners, type ChoirStanding } from './StandingBanners';

const admin: ChoirStanding = {
  enabled: true,
  standing: 'trial',
  planUrl: '/dashboard/settings/choir#plan',
  plan: 'medium',
  planName: 'Medium Choir',
  trialDaysLeft: 12,
  members: 10,
  memberLimit: 30,
};

function show(standing: ChoirStanding) {
  stubApi({ 'GET /choirs/c1/billing/standing': () => json(standing) });
  renderAt('/dashboard', <StandingBanners choirId="c1" />);
}

describe('StandingBanners', () => {
  it('tells an administrator the trial’s days left, with the way to a plan', async () => {
    show(admin);
    expect(await screen.findByText('Free trial: 12 days left')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/dashboard/settings/choir#plan');
    expect(screen.queryByText(/seats? left/)).not.toBeInTheDocument();
  });

  it('warns two seats before the member limit, and says when it is reached', async () => {
    show({ ...admin, members: 28 });
    expect(await screen.findByText('2 seats left')).toBeInTheDocument();
    expect(screen.getByText(/28 of 30 members on the Medium Choir plan/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'choose a larger plan' })).toHaveAttribute('href', '/dashboard/settings/choir#plan');
  });

  it('says a full choir refuses new invitations', async () => {
    show({ ...admin, standing: 'active', trialDaysLeft: undefined, members: 30 });
    expect(await screen.findByText('The member limit is reached')).toBeInTheDocument();
    expect(screen.getByText(/New invitations are refused/)).toBeInTheDocument();
    expect(screen.queryByText(/Free trial/)).not.toBeInTheDocument();
  });

  it('shows a read-only choir to a member without the administrator’s link', async () => {
    show({ enabled: true, standing: 'read_only' });
    expect(await screen.findByText('This choir is read-only')).toBeInTheDocument();
    expect(screen.getByText(/until an administrator of the choir chooses a plan/)).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('sends an administrator of a read-only choir to the plan', async () => {
    show({ ...admin, standing: 'read_only', trialDaysLeft: undefined });
    expect(await screen.findByText('This choir is read-only')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'choose a plan' })).toHaveAttribute('href', '/dashboard/settings/choir#plan');
    expect(screen.queryByText(/Free trial/)).not.toBeInTheDocument();
  });

  it('tells an administrator a payment failed', async () => {
    show({ ...admin, standing: 'past_due', trialDaysLeft: undefined });
    expect(await screen.findByText('A payment failed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'update the payment details' })).toBeInTheDocument();
  });

  it('shows nothing on a self-hosted server', async () => {
    // Even a standing that would show a banner is ignored with billing off.
    // A second choir, asked after it, shows that the first one's answer is in.
    stubApi({
      'GET /choirs/c1/billing/standing': () => json({ enabled: false, standing: 'read_only' }),
      'GET /choirs/c2/billing/standing': () => json({ ...admin, standing: 'past_due' }),
    });
    renderAt(
      '/dashboard',
      <>
        <StandingBanners choirId="c1" />
        <StandingBanners choirId="c2" />
      </>,
    );
    expect(await screen.findByText('A payment failed')).toBeInTheDocument();
    expect(screen.getAllByRole('region', { name: 'Plan and billing notices' })).toHaveLength(1);
    expect(screen.queryByText('This choir is read-only')).not.toBeInTheDocument();
  });
});

/** SaveButton makes a change that the server refuses with refusal. */
function SaveButton({ refusal }: { refusal: Error }) {
  const save = useSubmission({
    mutationFn: async () => {
      throw refusal;
    },
    meta: { submission: {} },
  });
  return <Button onClick={() => void save.submit().catch(() => {})}>Save</Button>;
}

describe('StandingBanners after a refused change', () => {
  function renderWithRefusal(refusal: Error) {
    let reads = 0;
    const api = stubApi({
      // The trial ends while the page is open: the server says so from the second read on.
      'GET /choirs/c1/billing/standing': () => json(reads++ === 0 ? admin : { ...admin, standing: 'read_only', trialDaysLeft: undefined }),
    });
    const router = createMemoryRouter([
      {
        path: '/dashboard',
        element: (
          <>
            <StandingBanners choirId="c1" />
            <SaveButton refusal={refusal} />
          </>
        ),
      },
    ], { initialEntries: ['/dashboard'] });
    renderWithProviders(router, createQueryClient());
    return api;
  }

  it('shows at once that the choir became read-only when a change is refused for it', async () => {
    renderWithRefusal(new HttpError(403, { code: 'CHOIR_READ_ONLY', message: 'This choir is read-only because its free trial has ended without a plan.' }));
    expect(await screen.findByText('Free trial: 12 days left')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This choir is read-only')).toBeInTheDocument();
    expect(screen.queryByText('Free trial: 12 days left')).not.toBeInTheDocument();
  });

  it('does the same when a feature wraps the refusal in its own error', async () => {
    const refusal = new HttpError(403, { code: 'CHOIR_READ_ONLY', message: 'This choir is read-only.' });
    renderWithRefusal(new Error('Failed to update choir details: This choir is read-only.', { cause: refusal }));
    expect(await screen.findByText('Free trial: 12 days left')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This choir is read-only')).toBeInTheDocument();
  });

  it('keeps the cached standing after any other refusal', async () => {
    const api = renderWithRefusal(new HttpError(403, { code: 'PERMISSION_ERROR', message: 'You do not have permission.' }));
    expect(await screen.findByText('Free trial: 12 days left')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You do not have permission.')).toBeInTheDocument();
    expect(api.bodies('GET', '/choirs/c1/billing/standing')).toHaveLength(1);
    expect(screen.getByText('Free trial: 12 days left')).toBeInTheDocument();
  });
});
