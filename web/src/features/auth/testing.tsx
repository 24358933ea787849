// Test helpers of the auth screens: a stubbed server and a router to render pages in.
import { createMemoryRouter, useLocation, type InitialEntry, type RouteObject } from 'react-router';
import { json, stubFetch, type Handler } from '../../test/api';
import { renderWithProviders } from '../../test/render';

export { deferred, json, type Handler } from '../../test/api';
export { resetToasts as cleanNotifications } from '../../test/render';

/** apiError answers with the API's error body, extra fields (such as retryAfterSeconds or details) at its top level. */
export function apiError(status: number, code: string, message: string, extra: Record<string, unknown> = {}): Response {
  return json({ code, message, ...extra }, status);
}

/**
 * stubApi replaces the global fetch with a small server: 'METHOD /path'
 * handlers (paths under /api/v1 without that prefix), with defaults for the
 * calls every page makes. Calls are recorded with their JSON bodies.
 */
export function stubApi(handlers: Record<string, Handler> = {}, options: { google?: boolean } = {}) {
  const { fetch, calls, bodies } = stubFetch({
    'GET /auth/session': () => json({ user: null, choirs: [] }),
    'GET /info': () => json({ name: 'Cantica', version: 'v1.0', providers: { google: options.google ?? false, azure: false } }),
    'GET /auth/mfa': () => json({ pending: false }),
    ...handlers,
  });
  return { fetch, calls, bodies };
}

/** Shows where the router went, for routes that stand in for other features. */
function Landed({ name }: { name: string }) {
  const location = useLocation();
  return (
    <div>
      <h1>{name}</h1>
      <p data-testid="location-state">{JSON.stringify(location.state ?? null)}</p>
    </div>
  );
}

/** Stand-ins for the pages the auth screens lead to. */
export const destinations: RouteObject[] = [
  { path: '/', element: <Landed name="Home page" /> },
  { path: '/dashboard', element: <Landed name="Dashboard page" /> },
  { path: '/dashboard/calendar', element: <Landed name="Calendar page" /> },
  { path: '/choir-registration', element: <Landed name="Choir registration page" /> },
  { path: '/forgot-password', element: <Landed name="Forgot password page" /> },
];

/**
 * renderRoutes renders routes (plus the stand-ins) at an entry, inside the
 * providers of the app: Mantine with notifications, a query client without
 * retries and a memory router.
 */
export function renderRoutes(routes: RouteObject[], entry: InitialEntry) {
  const paths = new Set(routes.map((r) => r.path));
  const router = createMemoryRouter([...routes, ...destinations.filter((d) => !paths.has(d.path))], {
    initialEntries: [entry],
  });
  return renderWithProviders(router);
}
