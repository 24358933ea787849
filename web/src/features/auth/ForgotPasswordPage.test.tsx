import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ada, sessionOf } from '../../test/fixtures';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { apiError, cleanNotifications, json, renderRoutes, stubApi } from './testing';

const routes = [
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/login', element: <h1>Login page</h1> },
];

const emailInput = () => screen.getByRole('textbox', { name: 'Email' });
const form = () => screen.getByRole('form', { name: 'Request a password reset' });

async function request(email: string, user = userEvent.setup()) {
  await user.type(emailInput(), email);
  await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
  return user;
}

const passwordAccount = () => json({ found: true, isOAuth: false, provider: null });

afterEach(() => {
  cleanNotifications();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('ForgotPasswordPage', () => {
  it('asks for an email', async () => {
    const api = stubApi();
    renderRoutes(routes, '/forgot-password');
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeInTheDocument();
    expect(emailInput()).toHaveAttribute('autocomplete', 'email');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(emailInput()).toHaveAccessibleDescription('Email is required');
    await request('not-an-email');
    expect(emailInput()).toHaveAccessibleDescription('Please enter a valid email address');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('says when there is no account for the address', async () => {
    const api = stubApi({ 'POST /auth/check-provider': () => json({ found: false, isOAuth: false, provider: null }) });
    renderRoutes(routes, '/forgot-password');
    await request('nobody@example.com');
    expect(await within(form()).findByRole('alert')).toHaveTextContent('No account found with this email.');
    expect(api.bodies('POST', '/auth/password/forgot')).toHaveLength(0);
  });

  it('says when the account check fails', async () => {
    stubApi({ 'POST /auth/check-provider': () => apiError(500, 'INTERNAL', 'boom') });
    renderRoutes(routes, '/forgot-password');
    await request('ada@example.com');
    expect(await within(form()).findByRole('alert')).toHaveTextContent(
      'An error occurred while checking your account. Please try again.',
    );
  });

  it('shows Check Your Email once the link is sent', async () => {
    const api = stubApi({
      'POST /auth/check-provider': passwordAccount,
      'POST /auth/password/forgot': () => new Response(null, { status: 202 }),
    });
    renderRoutes(routes, '/forgot-password');
    await request('ada@example.com');
    expect(await screen.findByRole('heading', { level: 1, name: 'Check Your Email' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(api.bodies('POST', '/auth/password/forgot')).toEqual([{ email: 'ada@example.com' }]);
  });

  it('tells a Google account that it has no password to reset', async () => {
    const api = stubApi({ 'POST /auth/check-provider': () => json({ found: true, isOAuth: true, provider: 'google' }) });
    renderRoutes(routes, '/forgot-password');
    const user = await request('ada@example.com');
    expect(await screen.findByRole('heading', { level: 1, name: 'This Email Uses Google Sign-In' })).toBeInTheDocument();
    expect(api.bodies('POST', '/auth/password/forgot')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Try Different Email' }));
    expect(emailInput()).toHaveValue('');
  });

  it('shows the server message when sending fails', async () => {
    stubApi({
      'POST /auth/check-provider': passwordAccount,
      'POST /auth/password/forgot': () => apiError(500, 'INTERNAL', 'The mail server is not answering.'),
    });
    renderRoutes(routes, '/forgot-password');
    await request('ada@example.com');
    expect(await within(form()).findByRole('alert')).toHaveTextContent('The mail server is not answering.');
  });

  it("falls back to 'Unable to send reset email.'", async () => {
    stubApi({
      'POST /auth/check-provider': passwordAccount,
      'POST /auth/password/forgot': () => new Response('', { status: 500 }),
    });
    renderRoutes(routes, '/forgot-password');
    await request('ada@example.com');
    expect(await within(form()).findByRole('alert')).toHaveTextContent('Unable to send reset email.');
  });

  it('shows Please Wait with the seconds from the message, counts down, and Try Different Email resets', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({
      'POST /auth/check-provider': passwordAccount,
      'POST /auth/password/forgot': () =>
        apiError(429, 'RATE_LIMITED', 'For security purposes, you can only request this after 42 seconds.', {
          retryAfterSeconds: 42,
        }),
    });
    renderRoutes(routes, '/forgot-password');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await request('ada@example.com', user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Please Wait' })).toBeInTheDocument();
    expect(screen.getByText('42 seconds')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByText('41 seconds')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(41000);
    });
    expect(screen.getByText('You can now request another reset email.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');

    await user.click(screen.getByRole('button', { name: 'Try Different Email' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeInTheDocument();
    expect(emailInput()).toHaveValue('');
    expect(within(form()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('waits 60 seconds when the message names no number', async () => {
    stubApi({
      'POST /auth/check-provider': passwordAccount,
      'POST /auth/password/forgot': () =>
        apiError(429, 'RATE_LIMITED', 'For security purposes, please wait a few seconds before asking again.'),
    });
    renderRoutes(routes, '/forgot-password');
    await request('ada@example.com');
    expect(await screen.findByRole('heading', { name: 'Please Wait' })).toBeInTheDocument();
    expect(screen.getByText('60 seconds')).toBeInTheDocument();
  });

  it('shows any other rate limit as an error on the form', async () => {
    stubApi({
      'POST /auth/check-provider': passwordAccount,
      'POST /auth/password/forgot': () => apiError(429, 'RATE_LIMITED', 'Too many requests. Try again later.'),
    });
    renderRoutes(routes, '/forgot-password');
    await request('ada@example.com');
    expect(await within(form()).findByRole('alert')).toHaveTextContent('Too many requests. Try again later.');
    expect(screen.queryByRole('heading', { name: 'Please Wait' })).not.toBeInTheDocument();
  });

  it('sends a signed-in visitor to /dashboard', async () => {
    stubApi({ 'GET /auth/session': () => json(sessionOf(ada)) });
    const { router } = renderRoutes(routes, '/forgot-password');
    await screen.findByRole('heading', { name: 'Dashboard page' });
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
