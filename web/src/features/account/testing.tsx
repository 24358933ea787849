// Test helpers of the account pages: a stubbed API and a rendered account area.
import { createMemoryRouter, Navigate } from 'react-router';
import { stubFetch, type Handler } from '../../test/api';
import { renderWithProviders, resetToasts } from '../../test/render';
import { AccountLayout } from './AccountLayout';
import { ConnectedAccountsPage } from './ConnectedAccountsPage';
import { NotificationsPage } from './NotificationsPage';
import { ProfilePage } from './ProfilePage';
import { SecurityPage } from './SecurityPage';
import { YourDataPage } from './YourDataPage';

export { apiError, json, noContent, type Handler } from '../../test/api';

/**
 * stubApi replaces the global fetch with a router of 'METHOD /path/:param'
 * handlers (paths below /api/v1); anything else answers a JSON 404.
 */
export function stubApi(handlers: Record<string, Handler>) {
  return stubFetch(handlers).fetch;
}

/** calls lists the requests made to one method and path. */
export function calls(fetchMock: ReturnType<typeof stubApi>, method: string, path: string): Request[] {
  return fetchMock.mock.calls
    .map(([request]) => request)
    .filter((r) => r.method === method && new URL(r.url).pathname === `/api/v1${path}`);
}

/** renderAccount renders the account area at a path, with the app's providers. */
export function renderAccount(path: string) {
  resetToasts();
  const router = createMemoryRouter(
    [
      {
        path: '/account',
        element: <AccountLayout />,
        children: [
          { index: true, element: <Navigate to="/account/profile" replace /> },
          { path: 'profile', element: <ProfilePage /> },
          { path: 'security', element: <SecurityPage /> },
          { path: 'connected', element: <ConnectedAccountsPage /> },
          { path: 'notifications', element: <NotificationsPage /> },
          { path: 'privacy', element: <YourDataPage /> },
        ],
      },
      { path: '/forgot-password', element: <h1>Forgot Password</h1> },
      { path: '/', element: <h1>Home</h1> },
    ],
    { initialEntries: [path] },
  );
  return renderWithProviders(router);
}
