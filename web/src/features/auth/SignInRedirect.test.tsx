import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ada } from '../../test/fixtures';
import { LoginPage } from './LoginPage';
import { SignInRedirect } from './SignInRedirect';
import { cleanNotifications, json, renderRoutes, stubApi } from './testing';

const PRACTICE = '/email/practice/Abc123Def456Ghi789Jkl012Mno345Pq';

const routes = [
  { path: '/auth/signin', element: <SignInRedirect /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/email/practice/:token', element: <h1>Practice link page</h1> },
];

afterEach(() => {
  cleanNotifications();
  vi.restoreAllMocks();
});

describe('SignInRedirect (/auth/signin)', () => {
  it('signs in and comes back to the return URL', async () => {
    let signedIn = false;
    stubApi({
      'POST /auth/login': () => {
        signedIn = true;
        return json({ status: 'signed_in', user: ada });
      },
      'GET /auth/session': () => json({ user: signedIn ? ada : null, choirs: [] }),
    });
    const { router } = renderRoutes(routes, `/auth/signin?returnUrl=${encodeURIComponent(PRACTICE)}`);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Secret#123');
    expect(router.state.location.pathname).toBe('/login');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Practice link page' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(PRACTICE));
  });

  it.each([['//evil.example.com/x'], ['https://evil.example.com/'], ['/\\evil.example.com'], ['']])(
    'keeps no return URL %j that is not a path of this app',
    async (returnUrl) => {
      stubApi();
      const { router } = renderRoutes(routes, `/auth/signin?returnUrl=${encodeURIComponent(returnUrl)}`);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(router.state.location.state).toBeNull();
    },
  );
});
