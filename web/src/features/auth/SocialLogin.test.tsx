import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { socialSignInUrl } from './authApi';
import { LoginPage } from './LoginPage';
import { RegisterPage } from './RegisterPage';
import { cleanNotifications, renderRoutes, stubApi } from './testing';

// jsdom cannot navigate away, so the one call that leaves the app is watched instead.
const leave = vi.hoisted(() => vi.fn());
vi.mock('./authApi', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./authApi')>()),
  startSocialSignIn: leave,
}));

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
];

beforeEach(() => {
  leave.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanNotifications();
  vi.restoreAllMocks();
});

describe('socialSignInUrl', () => {
  it('points at the server’s start route, asking for a long session only when wanted', () => {
    expect(socialSignInUrl('google')).toBe('/api/v1/auth/oidc/google/start');
    expect(socialSignInUrl('google', true)).toBe('/api/v1/auth/oidc/google/start?remember=true');
    expect(socialSignInUrl('azure')).toBe('/api/v1/auth/oidc/azure/start');
  });
});

describe('SocialLogin', () => {
  it.each(['/login', '/register'])('hides the Google button and the divider on %s when Google is not configured', async (path) => {
    stubApi({}, { google: false });
    const { queryClient } = renderRoutes(routes, path);
    await waitFor(() => expect(queryClient.getQueryData(['info'])).toMatchObject({ providers: { google: false } }));
    // Let the answer render.
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
    expect(screen.queryByText('or')).not.toBeInTheDocument();
  });

  it.each(['/login', '/register'])('shows Continue with Google and the divider on %s when Google is configured', async (path) => {
    stubApi({}, { google: true });
    renderRoutes(routes, path);
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByText('or')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Microsoft/ })).not.toBeInTheDocument();
  });

  it('starts Google sign-in, carrying remember-me from the sign-in page', async () => {
    stubApi({}, { google: true });
    renderRoutes(routes, '/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(leave).toHaveBeenLastCalledWith('google', false);
    await user.click(screen.getByRole('checkbox', { name: 'Remember me for 30 days' }));
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(leave).toHaveBeenLastCalledWith('google', true);
  });

  it('keeps the page the guard sent the visitor from for /auth/callback, since the provider loses it', async () => {
    stubApi({}, { google: true });
    renderRoutes(routes, {
      pathname: '/login',
      state: { from: { pathname: '/dashboard/calendar', search: '?view=month', hash: '#today' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(leave).toHaveBeenCalledWith('google', false);
    expect(sessionStorage.getItem('socialSignInReturnTo')).toBe('/dashboard/calendar?view=month#today');
  });

  it.each([
    ['no page was asked for', { pathname: '/register' }],
    ['the page is not one to return to', { pathname: '/login', state: { from: { pathname: '//evil.example.com' } } }],
  ])('forgets an older kept page when %s', async (_, entry) => {
    sessionStorage.setItem('socialSignInReturnTo', '/account/security');
    stubApi({}, { google: true });
    renderRoutes(routes, entry);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(leave).toHaveBeenCalled();
    expect(sessionStorage.getItem('socialSignInReturnTo')).toBeNull();
  });

  it('passes an error in the page address to the error handler', async () => {
    stubApi();
    renderRoutes(routes, '/login?error=The+Google+sign-in+was+cancelled.');
    expect(await screen.findByText('The Google sign-in was cancelled.')).toBeInTheDocument();
  });
});
