import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, deferred, json, stubFetch, type Handler } from '../../test/api';
import { ada, membership, sessionOf } from '../../test/fixtures';
import { renderWithProviders, resetToasts } from '../../test/render';
import { AcceptInvitePage, registerLink } from './AcceptInvitePage';
import type { InvitationPreview } from './api';

const TOKEN = '0b5e1a36-9c1e-4b7f-8a43-6f1f0c2d9e11';

function preview(extra: Partial<InvitationPreview> = {}): InvitationPreview {
  return {
    choirName: 'Bach Choir',
    email: 'grace@example.com',
    firstName: 'Grace',
    lastName: 'Hopper',
    role: 'member',
    status: 'pending',
    expiresAt: '2099-01-15T12:00:00Z',
    ...extra,
  };
}

/** Shows where the router went, query included. */
function Landed({ name }: { name: string }) {
  const location = useLocation();
  return (
    <div>
      <h1>{name}</h1>
      <p data-testid="location">{`${location.pathname}${location.search}`}</p>
    </div>
  );
}

/** serve stubs the server: a signed-in user (or none), the invitation and whatever else a test adds. */
function serve(handlers: Record<string, Handler> = {}, signedIn = false) {
  let joined = false;
  return stubFetch({
    'GET /auth/session': () =>
      json(sessionOf(signedIn ? ada : null, signedIn && joined ? [membership('c1', 'Bach Choir')] : [])),
    'GET /invitations/:token': () => json(preview()),
    'POST /invitations/:token/accept': () => {
      joined = true;
      return json({ choirId: 'c1', choirName: 'Bach Choir', role: 'member', alreadyMember: false });
    },
    'POST /auth/logout': () => new Response(null, { status: 204 }),
    ...handlers,
  });
}

function renderInvite(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/accept-invite', element: <AcceptInvitePage /> },
      { path: '/', element: <Landed name="Home page" /> },
      { path: '/dashboard', element: <Landed name="Dashboard page" /> },
      { path: '/register', element: <Landed name="Register page" /> },
      { path: '/login', element: <Landed name="Login page" /> },
    ],
    { initialEntries: [path] },
  );
  return renderWithProviders(router);
}

async function expectInvitationError(message: string) {
  expect(await screen.findByRole('heading', { level: 1, name: 'Invitation Error' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(message);
  expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
}

beforeEach(() => {
  resetToasts();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AcceptInvitePage: the link itself', () => {
  it('refuses a link without a token', async () => {
    const api = serve();
    renderInvite('/accept-invite');
    await expectInvitationError('Invalid invitation link. No token provided.');
    expect(api.calls.filter((c) => c.path.startsWith('/invitations'))).toHaveLength(0);
  });

  it('refuses a token that is not a UUID v4 before asking the server', async () => {
    const api = serve();
    renderInvite('/accept-invite?token=not-a-token');
    await expectInvitationError('Invalid invitation token format.');
    expect(api.calls.filter((c) => c.path.startsWith('/invitations'))).toHaveLength(0);
  });

  it('refuses a UUID that is not version 4', async () => {
    const api = serve();
    renderInvite('/accept-invite?token=0b5e1a36-9c1e-1b7f-8a43-6f1f0c2d9e11');
    await expectInvitationError('Invalid invitation token format.');
    expect(api.calls.filter((c) => c.path.startsWith('/invitations'))).toHaveLength(0);
  });

  it('goes home from the error card', async () => {
    serve();
    const { router } = renderInvite('/accept-invite');
    await userEvent.click(await screen.findByRole('link', { name: 'Go to Homepage' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('AcceptInvitePage: reading the invitation', () => {
  it("shows 'Verifying invitation...' while it asks", async () => {
    const answer = deferred<Response>();
    serve({ 'GET /invitations/:token': () => answer.promise });
    renderInvite(`/accept-invite?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Verifying invitation...' })).toBeInTheDocument();
    answer.resolve(json(preview()));
    expect(await screen.findByRole('heading', { level: 1, name: "You've been invited to join" })).toBeInTheDocument();
  });

  it('words an expired invitation', async () => {
    serve({ 'GET /invitations/:token': () => json(preview({ status: 'expired' })) });
    renderInvite(`/accept-invite?token=${TOKEN}`);
    await expectInvitationError('This invitation has expired. Please ask the choir admin to send a new invitation.');
  });

  it.each(['accepted', 'revoked'] as const)('words an invitation already %s', async (status) => {
    serve({ 'GET /invitations/:token': () => json(preview({ status })) });
    renderInvite(`/accept-invite?token=${TOKEN}`);
    await expectInvitationError(`This invitation has already been ${status}.`);
    expect(screen.queryByRole('link', { name: 'Create Account & Join' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal of an unknown invitation", async () => {
    serve({ 'GET /invitations/:token': () => apiError(404, 'NOT_FOUND', 'Invitation not found or has expired') });
    renderInvite(`/accept-invite?token=${TOKEN}`);
    await expectInvitationError('Invitation not found or has expired');
  });

  it('says something went wrong when the server fails', async () => {
    serve({ 'GET /invitations/:token': () => apiError(500, 'INTERNAL', 'boom') });
    renderInvite(`/accept-invite?token=${TOKEN}`);
    await expectInvitationError('An error occurred while verifying the invitation. Please try again.');
  });
});

describe('AcceptInvitePage: signed out', () => {
  it('offers sign-up with the invitation details, and sign-in, and keeps the token', async () => {
    const api = serve();
    renderInvite(`/accept-invite?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: "You've been invited to join" })).toBeInTheDocument();
    expect(screen.getByText('Bach Choir')).toBeInTheDocument();
    expect(screen.getByText('as Member')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Account & Join' })).toHaveAttribute(
      'href',
      `/register?inviteToken=${TOKEN}&email=grace%40example.com&firstName=Grace&lastName=Hopper`,
    );
    expect(screen.getByRole('link', { name: 'Sign In with Existing Account' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Accept Invitation & Join Choir' })).not.toBeInTheDocument();
    expect(sessionStorage.getItem('pendingInviteToken')).toBe(TOKEN);
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('goes to registration with the query', async () => {
    serve();
    const { router } = renderInvite(`/accept-invite?token=${TOKEN}`);
    await userEvent.click(await screen.findByRole('link', { name: 'Create Account & Join' }));
    expect(await screen.findByRole('heading', { name: 'Register page' })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?inviteToken=${TOKEN}&email=grace%40example.com&firstName=Grace&lastName=Hopper`);
  });

  it('leaves out the details the invitation lacks and encodes the rest', () => {
    expect(registerLink(TOKEN, { email: 'o.brien+choir@example.com', firstName: 'Seán Óg', lastName: '' })).toBe(
      `/register?inviteToken=${TOKEN}&email=o.brien%2Bchoir%40example.com&firstName=Se%C3%A1n%20%C3%93g`,
    );
  });
});

describe('AcceptInvitePage: signed in', () => {
  it('accepts at once, says so, keeps the choir for the session and goes to the dashboard after a pause', async () => {
    sessionStorage.setItem('pendingInviteToken', TOKEN);
    const api = serve({}, true);
    const { router } = renderInvite(`/accept-invite?token=${TOKEN}`);

    expect(await screen.findByRole('heading', { level: 1, name: "You've successfully joined" })).toBeInTheDocument();
    expect(screen.getByText('Bach Choir')).toBeInTheDocument();
    expect(await screen.findByText('Successfully joined choir!')).toBeInTheDocument();
    // The post-invite wait: still here for a moment to read the outcome.
    expect(router.state.location.pathname).toBe('/accept-invite');

    expect(await screen.findByRole('heading', { name: 'Dashboard page' }, { timeout: 3000 })).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/invitations/${TOKEN}/accept`]);
    expect(sessionStorage.getItem('activeChoirId')).toBe('c1');
    expect(sessionStorage.getItem('inviteProcessedChoirId')).toBe('c1');
    expect(sessionStorage.getItem('pendingInviteToken')).toBeNull();
    // The session was read again after joining.
    expect(api.calls.filter((c) => c.path === '/auth/session').length).toBeGreaterThanOrEqual(2);
  });

  it("tells a member they already belong, without the 'joined' toast", async () => {
    serve(
      {
        'POST /invitations/:token/accept': () =>
          json({ choirId: 'c1', choirName: 'Bach Choir', role: 'member', alreadyMember: true }),
      },
      true,
    );
    const { router } = renderInvite(`/accept-invite?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: "You're already a member of" })).toBeInTheDocument();
    expect(screen.getByText('Bach Choir')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 3000 });
    expect(screen.queryByText('Successfully joined choir!')).not.toBeInTheDocument();
  });

  it("reads 'Joining...' while the acceptance runs, with the signed-in email", async () => {
    const answer = deferred<Response>();
    serve({ 'POST /invitations/:token/accept': () => answer.promise }, true);
    renderInvite(`/accept-invite?token=${TOKEN}`);
    const button = await screen.findByRole('button', { name: 'Joining...' });
    expect(button).toBeDisabled();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('Logout and login with the correct account')).toBeInTheDocument();
    answer.resolve(json({ choirId: 'c1', choirName: 'Bach Choir', role: 'member', alreadyMember: false }));
    expect(await screen.findByRole('heading', { name: "You've successfully joined" })).toBeInTheDocument();
  });

  it('shows an address mismatch with the hint, and tries again on the button', async () => {
    const mismatch =
      'This invitation was sent to grace@example.com, but you are signed in as ada@example.com. Sign out and sign in with the invited address.';
    const api = serve({ 'POST /invitations/:token/accept': () => apiError(403, 'EMAIL_MISMATCH', mismatch) }, true);
    renderInvite(`/accept-invite?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(mismatch);
    expect(screen.getByRole('heading', { level: 1, name: "You've been invited to join" })).toBeInTheDocument();
    expect(screen.getByText('Logout and login with the correct account')).toBeInTheDocument();
    expect(api.count('POST', `/invitations/${TOKEN}/accept`)).toBe(1);

    const accept = screen.getByRole('button', { name: 'Accept Invitation & Join Choir' });
    await waitFor(() => expect(accept).toBeEnabled());
    await userEvent.click(accept);
    await waitFor(() => expect(api.count('POST', `/invitations/${TOKEN}/accept`)).toBe(2));
  });

  it('signs out and stays on the invitation, offering the signed-out choices', async () => {
    let signedIn = true;
    serve({
      'GET /auth/session': () => json(sessionOf(signedIn ? ada : null, [])),
      'POST /invitations/:token/accept': () => apiError(403, 'EMAIL_MISMATCH', 'Wrong account.'),
      'POST /auth/logout': () => {
        signedIn = false;
        return new Response(null, { status: 204 });
      },
    });
    const { router } = renderInvite(`/accept-invite?token=${TOKEN}`);
    await screen.findByText('Wrong account.');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('link', { name: 'Sign In with Existing Account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/accept-invite');
    expect(sessionStorage.getItem('pendingInviteToken')).toBe(TOKEN);
  });

  it("shows the server's refusal of an invitation that expired meanwhile", async () => {
    serve(
      {
        'POST /invitations/:token/accept': () =>
          apiError(409, 'INVALID_TOKEN', 'This invitation has expired. Please ask the choir admin to send a new invitation.'),
      },
      true,
    );
    renderInvite(`/accept-invite?token=${TOKEN}`);
    await expectInvitationError('This invitation has expired. Please ask the choir admin to send a new invitation.');
  });

  it('lets the server decide on an accepted invitation: it may be this user’s own', async () => {
    serve(
      {
        'GET /invitations/:token': () => json(preview({ status: 'accepted' })),
        'POST /invitations/:token/accept': () =>
          json({ choirId: 'c1', choirName: 'Bach Choir', role: 'member', alreadyMember: true }),
      },
      true,
    );
    renderInvite(`/accept-invite?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: "You're already a member of" })).toBeInTheDocument();
  });

  it('reports a failure to reach the server and keeps the button', async () => {
    serve(
      {
        'POST /invitations/:token/accept': () => {
          throw new TypeError('Failed to fetch');
        },
      },
      true,
    );
    renderInvite(`/accept-invite?token=${TOKEN}`);
    expect(await screen.findByText('Failed to accept invitation. Please try again or contact support.')).toBeInTheDocument();
    expect(screen.getByText('Failed to accept invitation: Network Error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept Invitation & Join Choir' })).toBeEnabled();
  });
});
