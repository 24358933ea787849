import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ada, BACH, membership, SCHOLA, sessionOf, user } from '../../test/fixtures';
import { AuthCallbackPage, describeCallbackError } from './AuthCallbackPage';
import { LoginPage } from './LoginPage';
import { apiError, cleanNotifications, deferred, json, renderRoutes, stubApi } from './testing';

const routes = [
  { path: '/auth/callback', element: <AuthCallbackPage /> },
  { path: '/login', element: <LoginPage /> },
];

function expectErrorCard(message: string, detail?: string) {
  expect(screen.getByRole('heading', { level: 1, name: 'Authentication Error' })).toBeInTheDocument();
  expect(screen.getByText(message)).toBeInTheDocument();
  if (detail) expect(screen.getByText(detail)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Return to Login' })).toHaveAttribute('href', '/login');
  expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
}

afterEach(() => {
  cleanNotifications();
  vi.restoreAllMocks();
});

describe('describeCallbackError', () => {
  it('keeps ordinary messages and falls back when there is none', () => {
    expect(describeCallbackError('Access denied by the user')).toEqual({ message: 'Access denied by the user' });
    expect(describeCallbackError('')).toEqual({ message: 'Authentication failed. Please try again.' });
    expect(describeCallbackError(null)).toEqual({ message: 'Authentication failed. Please try again.' });
  });
});

describe('AuthCallbackPage', () => {
  it('shows error_description from the query', () => {
    const api = stubApi();
    renderRoutes(routes, '/auth/callback?error=access_denied&error_description=The+user+cancelled+sign-in');
    expectErrorCard('The user cancelled sign-in');
    expect(api.calls.filter((c) => c.path === '/auth/session')).toHaveLength(0);
  });

  it('shows error when there is no description', () => {
    stubApi();
    renderRoutes(routes, '/auth/callback?error=access_denied');
    expectErrorCard('access_denied');
  });

  it('explains a database error', () => {
    stubApi();
    renderRoutes(routes, '/auth/callback?error=server_error&error_description=Database+error+saving+new+user');
    expectErrorCard(
      'There was a problem with your account setup.',
      'This looks like a temporary database issue on our side. Please try again in a few minutes, and contact support if it keeps happening.',
    );
    expect(screen.queryByText('Database error saving new user')).not.toBeInTheDocument();
  });

  it('explains a profile error', () => {
    stubApi();
    renderRoutes(routes, '/auth/callback?error_description=User+profile+error%3A+not+found');
    expectErrorCard(
      'Error loading your profile.',
      'Your sign-in worked, but your profile could not be loaded. Please try signing in again.',
    );
  });

  it('confirms the email from the confirmation link and hands the address to /login', async () => {
    const api = stubApi({ 'POST /auth/confirm': () => json({ email: 'grace@example.com' }) });
    const { router } = renderRoutes(routes, '/auth/callback?confirm=tok-1');
    expect(await screen.findByText('Your email is confirmed. You can sign in now.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('grace@example.com');
    expect(api.bodies('POST', '/auth/confirm')).toEqual([{ token: 'tok-1' }]);
  });

  it('shows the server message when the confirmation link is no good', async () => {
    stubApi({
      'POST /auth/confirm': () => apiError(400, 'INVALID_TOKEN', 'This confirmation link is invalid or has expired.'),
    });
    const { router } = renderRoutes(routes, '/auth/callback?confirm=used');
    expect(await screen.findByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    expectErrorCard('This confirmation link is invalid or has expired.');
    expect(router.state.location.pathname).toBe('/auth/callback');
  });

  it('shows Processing authentication... while it asks the server, then goes to choir registration', async () => {
    const session = deferred<Response>();
    const api = stubApi({ 'GET /auth/session': () => session.promise });
    const { router } = renderRoutes(routes, '/auth/callback');
    expect(screen.getByRole('heading', { level: 1, name: 'Processing authentication...' })).toBeInTheDocument();
    session.resolve(json(sessionOf(ada, [])));
    expect(await screen.findByRole('heading', { name: 'Choir registration page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/choir-registration');
    expect(router.state.historyAction).toBe('REPLACE');
    // No invitation was waiting: none is accepted.
    expect(api.calls.filter((c) => c.path.startsWith('/invitations/'))).toHaveLength(0);
  });

  describe('after a social sign-in, where to (§2.10)', () => {
    it.each([
      ['one choir', ada, [BACH]],
      ['several choirs, none chosen yet (the dashboard guard asks)', ada, [BACH, SCHOLA]],
      ['the last choir used', user({ lastAccessedChoirId: SCHOLA.choir.id }), [BACH, SCHOLA]],
      ['a global admin without a choir (Global Admin Mode)', user({ isGlobalAdmin: true }), []],
    ])('goes to /dashboard with a current choir: %s', async (_, who, choirs) => {
      stubApi({ 'GET /auth/session': () => json(sessionOf(who, choirs)) });
      const { router } = renderRoutes(routes, '/auth/callback');
      expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/dashboard');
      expect(router.state.historyAction).toBe('REPLACE');
    });

    it('goes to choir registration when no membership is active', async () => {
      stubApi({
        'GET /auth/session': () =>
          json(sessionOf(ada, [membership('c-old', 'Old Choir', 'member', { isActive: false, status: 'inactive' })])),
      });
      const { router } = renderRoutes(routes, '/auth/callback');
      expect(await screen.findByRole('heading', { name: 'Choir registration page' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/choir-registration');
    });

    it('returns to the page asked for before the sign-in, kept across the trip to the provider', async () => {
      sessionStorage.setItem('socialSignInReturnTo', '/dashboard/calendar?view=month');
      stubApi({ 'GET /auth/session': () => json(sessionOf(ada, [BACH])) });
      const { router } = renderRoutes(routes, '/auth/callback');
      expect(await screen.findByRole('heading', { name: 'Calendar page' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/dashboard/calendar');
      expect(router.state.location.search).toBe('?view=month');
      expect(router.state.historyAction).toBe('REPLACE');
      expect(sessionStorage.getItem('socialSignInReturnTo')).toBeNull();
    });

    it.each(['//evil.example.com/dashboard', '/\\evil.example.com', 'https://evil.example.com/', '/auth/callback'])(
      'ignores a kept page that is not a page of this app to return to: %s',
      async (kept) => {
        sessionStorage.setItem('socialSignInReturnTo', kept);
        stubApi({ 'GET /auth/session': () => json(sessionOf(ada, [BACH])) });
        const { router } = renderRoutes(routes, '/auth/callback');
        expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
        expect(router.state.location.pathname).toBe('/dashboard');
        expect(sessionStorage.getItem('socialSignInReturnTo')).toBeNull();
      },
    );

    it('goes to choir registration without a choir, whatever page was asked for', async () => {
      sessionStorage.setItem('socialSignInReturnTo', '/dashboard/calendar');
      stubApi({ 'GET /auth/session': () => json(sessionOf(ada, [])) });
      const { router } = renderRoutes(routes, '/auth/callback');
      expect(await screen.findByRole('heading', { name: 'Choir registration page' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/choir-registration');
      expect(sessionStorage.getItem('socialSignInReturnTo')).toBeNull();
    });
  });

  it('accepts a pending invitation after a social sign-in and goes to the dashboard', async () => {
    const token = '0b5e1a36-9c1e-4b7f-8a43-6f1f0c2d9e11';
    sessionStorage.setItem('pendingInviteToken', token);
    let joined = false;
    const api = stubApi({
      'GET /auth/session': () => json(sessionOf(ada, joined ? [membership('c-new', 'Schola', 'member')] : [])),
      'POST /invitations/:token/accept': () => {
        joined = true;
        return json({ choirId: 'c-new', choirName: 'Schola', role: 'member', alreadyMember: false });
      },
    });
    const { router } = renderRoutes(routes, '/auth/callback');
    expect(await screen.findByText('Successfully joined choir!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/invitations/${token}/accept`]);
    expect(sessionStorage.getItem('pendingInviteToken')).toBeNull();
    expect(sessionStorage.getItem('activeChoirId')).toBe('c-new');
    // The session was read again after joining, so the guards see the new choir.
    expect(api.calls.filter((c) => c.path === '/auth/session').length).toBeGreaterThanOrEqual(2);
  });

  it('drops an invitation the server calls unusable, says so and carries on', async () => {
    sessionStorage.setItem('pendingInviteToken', '0b5e1a36-9c1e-4b7f-8a43-6f1f0c2d9e11');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({
      'GET /auth/session': () => json(sessionOf(ada, [])),
      'POST /invitations/:token/accept': () => apiError(409, 'INVALID_TOKEN', 'This invitation has already been revoked.'),
    });
    const { router } = renderRoutes(routes, '/auth/callback');
    expect(await screen.findByText('Failed to process invitation. Please try again or contact support.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Choir registration page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/choir-registration');
    expect(sessionStorage.getItem('pendingInviteToken')).toBeNull();
  });

  it('keeps an invitation addressed to another account, for the invitation page to explain', async () => {
    sessionStorage.setItem('pendingInviteToken', '0b5e1a36-9c1e-4b7f-8a43-6f1f0c2d9e11');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({
      'GET /auth/session': () => json(sessionOf(ada, [])),
      'POST /invitations/:token/accept': () =>
        apiError(403, 'EMAIL_MISMATCH', 'This invitation was sent to grace@example.com, but you are signed in as ada@example.com.'),
    });
    renderRoutes(routes, '/auth/callback');
    expect(await screen.findByText('Failed to process invitation. Please try again or contact support.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Choir registration page' })).toBeInTheDocument();
    expect(sessionStorage.getItem('pendingInviteToken')).toBe('0b5e1a36-9c1e-4b7f-8a43-6f1f0c2d9e11');
  });

  it('says authentication failed when the social sign-in left no session', async () => {
    stubApi();
    renderRoutes(routes, '/auth/callback');
    expect(await screen.findByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    expectErrorCard('Authentication failed. Please try again.');
  });

  it('sends a social sign-in that still needs a code to the code step', async () => {
    stubApi({ 'GET /auth/mfa': () => json({ pending: true }) });
    const { router } = renderRoutes(routes, '/auth/callback');
    expect(await screen.findByRole('heading', { name: 'Two-Factor Authentication' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
