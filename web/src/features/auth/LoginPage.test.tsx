import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ada, sessionOf } from '../../test/fixtures';
import { LoginPage } from './LoginPage';
import { apiError, cleanNotifications, deferred, json, renderRoutes, stubApi } from './testing';

const routes = [{ path: '/login', element: <LoginPage /> }];

function renderLogin(entry: Parameters<typeof renderRoutes>[1] = '/login') {
  return renderRoutes(routes, entry);
}

async function signIn(email = 'ada@example.com', password = 'Secret#123', remember = false) {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'Email' }), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  if (remember) await user.click(screen.getByRole('checkbox', { name: 'Remember me for 30 days' }));
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

afterEach(() => {
  cleanNotifications();
  vi.restoreAllMocks();
});

describe('LoginPage', () => {
  it('shows the sign-in form of §2.6', async () => {
    stubApi();
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('checkbox', { name: 'Remember me for 30 days' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('asks for both fields before calling the server', async () => {
    const api = stubApi();
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('Password is required');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Please enter a valid email address');
    expect(api.bodies('POST', '/auth/login')).toHaveLength(0);
  });

  it('signs in, says welcome back and returns to the page the guard remembered', async () => {
    let signedIn = false;
    const api = stubApi({
      'POST /auth/login': () => {
        signedIn = true;
        return json({ status: 'signed_in', user: ada });
      },
      // After sign-in the session is read again, choirs included, for the guards.
      'GET /auth/session': () => json({ user: signedIn ? ada : null, choirs: [] }),
    });
    const { router, queryClient } = renderLogin({
      pathname: '/login',
      state: { from: { pathname: '/dashboard/calendar', search: '?view=month', hash: '' } },
    });
    await signIn();
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/calendar'));
    expect(router.state.location.search).toBe('?view=month');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(api.bodies('POST', '/auth/login')).toEqual([{ email: 'ada@example.com', password: 'Secret#123', rememberMe: false }]);
    expect(queryClient.getQueryData(['session'])).toEqual({ user: ada, choirs: [] });
    expect(localStorage.getItem('rememberMe')).toBeNull();
  });

  it('goes to /dashboard when no page was remembered, and stores remember-me when ticked', async () => {
    const api = stubApi({ 'POST /auth/login': () => json({ status: 'signed_in', user: ada }) });
    const { router } = renderLogin();
    await signIn('ada@example.com', 'Secret#123', true);
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem('rememberMe')).toBe('true');
    expect(api.bodies('POST', '/auth/login')[0]).toMatchObject({ rememberMe: true });
  });

  describe('with an invitation waiting from before the sign-in', () => {
    const token = '0b5e1a36-9c1e-4b7f-8a43-6f1f0c2d9e11';
    const remembered = { pathname: '/login', state: { from: { pathname: '/dashboard/calendar', search: '', hash: '' } } };

    it('accepts it, says so and goes to the dashboard instead of the remembered page', async () => {
      sessionStorage.setItem('pendingInviteToken', token);
      let signedIn = false;
      const api = stubApi({
        'POST /auth/login': () => {
          signedIn = true;
          return json({ status: 'signed_in', user: ada });
        },
        'GET /auth/session': () => json(sessionOf(signedIn ? ada : null, [])),
        'POST /invitations/:token/accept': () =>
          json({ choirId: 'c-schola', choirName: 'Schola Cantorum', role: 'member', alreadyMember: false }),
      });
      const { router } = renderLogin(remembered);
      await signIn();
      expect(await screen.findByText('Successfully joined choir!')).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
      expect(router.state.historyAction).toBe('REPLACE');
      expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
        '/auth/login',
        `/invitations/${token}/accept`,
      ]);
      expect(sessionStorage.getItem('pendingInviteToken')).toBeNull();
      expect(sessionStorage.getItem('activeChoirId')).toBe('c-schola');
    });

    it('after the two-factor step too', async () => {
      sessionStorage.setItem('pendingInviteToken', token);
      const api = stubApi({
        'POST /auth/login': () => json({ status: 'mfa_required' }),
        'POST /auth/mfa': () => json({ status: 'signed_in', user: ada }),
        'POST /invitations/:token/accept': () =>
          json({ choirId: 'c-schola', choirName: 'Schola Cantorum', role: 'member', alreadyMember: true }),
      });
      const { router } = renderLogin(remembered);
      const user = await signIn();
      await user.type(await screen.findByRole('textbox', { name: 'Authentication code' }), '123456');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByText('Successfully joined choir!')).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
      expect(api.calls.filter((c) => c.path === `/invitations/${token}/accept`)).toHaveLength(1);
      expect(sessionStorage.getItem('pendingInviteToken')).toBeNull();
    });

    it('drops an unusable one, reports the failure and carries on to the remembered page', async () => {
      sessionStorage.setItem('pendingInviteToken', token);
      vi.spyOn(console, 'error').mockImplementation(() => {});
      stubApi({
        'POST /auth/login': () => json({ status: 'signed_in', user: ada }),
        'POST /invitations/:token/accept': () => apiError(404, 'NOT_FOUND', 'Invitation not found or has expired'),
      });
      const { router } = renderLogin(remembered);
      await signIn();
      expect(await screen.findByText('Failed to process invitation. Please try again or contact support.')).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/calendar'));
      expect(screen.queryByText('Successfully joined choir!')).not.toBeInTheDocument();
      expect(sessionStorage.getItem('pendingInviteToken')).toBeNull();
      expect(sessionStorage.getItem('activeChoirId')).toBeNull();
    });

    it('keeps it when the server cannot be reached', async () => {
      sessionStorage.setItem('pendingInviteToken', token);
      vi.spyOn(console, 'error').mockImplementation(() => {});
      stubApi({
        'POST /auth/login': () => json({ status: 'signed_in', user: ada }),
        'POST /invitations/:token/accept': () => {
          throw new TypeError('Failed to fetch');
        },
      });
      const { router } = renderLogin(remembered);
      await signIn();
      expect(await screen.findByText('Failed to process invitation. Please try again or contact support.')).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/calendar'));
      expect(sessionStorage.getItem('pendingInviteToken')).toBe(token);
    });
  });

  it("reads 'Signing in...' while the request runs", async () => {
    const answer = deferred<Response>();
    stubApi({ 'POST /auth/login': () => answer.promise });
    renderLogin();
    await signIn();
    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    answer.resolve(apiError(401, 'AUTH_ERROR', 'Invalid email or password.'));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('shows a wrong password inline and stays on the page', async () => {
    stubApi({ 'POST /auth/login': () => apiError(401, 'AUTH_ERROR', 'Invalid email or password.') });
    const { router } = renderLogin();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Resend confirmation email' })).not.toBeInTheDocument();
  });

  it("falls back to 'Login failed' when the server gives no message", async () => {
    stubApi({ 'POST /auth/login': () => new Response('', { status: 401 }) });
    renderLogin();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it('shows a rate limit inline', async () => {
    stubApi({
      'POST /auth/login': () =>
        apiError(429, 'RATE_LIMITED', 'Too many sign-in attempts. Please try again in 5 minutes.', { retryAfterSeconds: 300 }),
    });
    renderLogin();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-in attempts. Please try again in 5 minutes.');
  });

  it('shows the general failure toast when the server cannot be reached', async () => {
    stubApi({
      'POST /auth/login': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderLogin();
    await signIn();
    const form = screen.getByRole('form', { name: 'Sign in' });
    expect(await within(form).findByRole('alert')).toHaveTextContent('Network Error');
    expect(await screen.findByText('Failed to log in. Please check your credentials and try again.')).toBeInTheDocument();
  });

  it('offers to resend the confirmation email for an unconfirmed account', async () => {
    const api = stubApi({
      'POST /auth/login': () =>
        apiError(403, 'EMAIL_NOT_CONFIRMED', 'Please confirm your email address before signing in.'),
      'POST /auth/confirm/resend': () => new Response(null, { status: 202 }),
    });
    renderLogin();
    await signIn('  ada@example.com ');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please confirm your email address before signing in.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Resend confirmation email' }));
    expect(
      await screen.findByText("We've sent a new confirmation email to ada@example.com. Check your inbox and spam folder."),
    ).toBeInTheDocument();
    expect(api.bodies('POST', '/auth/confirm/resend')).toEqual([{ email: 'ada@example.com' }]);
  });

  it('asks for the authenticator code when the account has two-factor authentication', async () => {
    const api = stubApi({
      'POST /auth/login': () => json({ status: 'mfa_required' }),
      'POST /auth/mfa': async (req) => {
        const { code } = (await req.json()) as { code: string };
        return code === '123456'
          ? json({ status: 'signed_in', user: ada })
          : apiError(401, 'AUTH_ERROR', 'Invalid verification code.');
      },
    });
    const { router } = renderLogin();
    const user = await signIn('ada@example.com', 'Secret#123', true);

    expect(await screen.findByRole('heading', { level: 1, name: 'Two-Factor Authentication' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome Back' })).not.toBeInTheDocument();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    const code = screen.getByRole('textbox', { name: 'Authentication code' });
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(code).toHaveAccessibleDescription('Please enter the 6-digit code');

    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid verification code.');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.bodies('POST', '/auth/mfa')).toEqual([{ code: '654321' }, { code: '123456' }]);
    expect(localStorage.getItem('rememberMe')).toBe('true');
  });

  it('accepts a recovery code instead', async () => {
    const api = stubApi({
      'POST /auth/login': () => json({ status: 'mfa_required' }),
      'POST /auth/mfa': () => json({ status: 'signed_in', user: ada }),
    });
    const { router } = renderLogin();
    const user = await signIn();
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByRole('textbox', { name: 'Recovery code' }), ' abcd-efgh ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.bodies('POST', '/auth/mfa')).toEqual([{ code: 'abcd-efgh' }]);
  });

  it('opens on the code step when a social sign-in is waiting for a code', async () => {
    stubApi({
      'GET /auth/mfa': () => json({ pending: true }),
      'POST /auth/mfa': () => json({ status: 'signed_in', user: ada }),
    });
    const { router } = renderLogin();
    expect(await screen.findByRole('heading', { name: 'Two-Factor Authentication' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Authentication code' }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('after the code step of a social sign-in, returns to the page kept before leaving for the provider', async () => {
    sessionStorage.setItem('socialSignInReturnTo', '/dashboard/calendar?view=week');
    stubApi({
      'GET /auth/mfa': () => json({ pending: true }),
      'POST /auth/mfa': () => json({ status: 'signed_in', user: ada }),
    });
    const { router } = renderLogin();
    expect(await screen.findByRole('heading', { name: 'Two-Factor Authentication' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Authentication code' }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/calendar'));
    expect(router.state.location.search).toBe('?view=week');
    expect(sessionStorage.getItem('socialSignInReturnTo')).toBeNull();
  });

  it('prefers the page the guard remembered over one kept from an earlier social sign-in', async () => {
    sessionStorage.setItem('socialSignInReturnTo', '/account/security');
    stubApi({ 'POST /auth/login': () => json({ status: 'signed_in', user: ada }) });
    const { router } = renderLogin({ pathname: '/login', state: { from: { pathname: '/dashboard/calendar' } } });
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/calendar'));
    expect(sessionStorage.getItem('socialSignInReturnTo')).toBeNull();
  });

  it('can go back from the code step to the password form', async () => {
    stubApi({ 'GET /auth/mfa': () => json({ pending: true }) });
    renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('prefills the email handed over by the confirmation link', () => {
    stubApi();
    renderLogin({ pathname: '/login', state: { email: 'new@example.com' } });
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('new@example.com');
  });

  it('sends a signed-in visitor to /dashboard', async () => {
    stubApi({ 'GET /auth/session': () => json(sessionOf(ada)) });
    const { router } = renderLogin();
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
