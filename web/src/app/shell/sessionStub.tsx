// Test helpers for the choir context, the guards and the shell: a stubbed
// server that knows the session, its memberships and the choirs.
import { createMemoryRouter, type InitialEntry, type RouteObject } from 'react-router';
import type { SessionUser } from '../../api/client';
import { apiError, json, noContent, stubFetch, type Handler } from '../../test/api';
import { details, sessionOf } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import type { Membership } from '../choir';

export interface ServerOptions {
  user: SessionUser | null;
  choirs?: Membership[];
  /** Extra or overriding handlers, keyed 'METHOD /path/:param' below /api/v1. */
  handlers?: Record<string, Handler>;
}

/**
 * stubServer replaces the global fetch with a small server: the session with
 * its memberships, PUT /account/active-choir (remembered as last accessed),
 * GET /choirs/{id} for the user's choirs, and an empty calendar. Calls are recorded.
 */
export function stubServer({ user: signedIn, choirs = [], handlers = {} }: ServerOptions) {
  const state = { user: signedIn ? { ...signedIn } : null, choirs };
  const defaults: Record<string, Handler> = {
    'GET /auth/session': () => json(sessionOf(state.user, state.choirs)),
    'PUT /account/active-choir': async (request) => {
      const { choirId } = (await request.clone().json()) as { choirId: string | null };
      if (state.user) state.user = { ...state.user, lastAccessedChoirId: choirId };
      return noContent();
    },
    'GET /choirs/:choirId': (_request, { choirId }) => {
      const m = state.choirs.find((c) => c.choir.id === choirId);
      return m ? json(details(m)) : apiError(404, 'NOT_FOUND', 'Choir not found');
    },
    'GET /choirs/:choirId/events': () => json({ events: [], feasts: [] }),
  };
  const { fetch, calls, bodies } = stubFetch({ ...defaults, ...handlers });
  return { fetch, calls, state, bodies };
}

/** renderRoutes renders a route table at a path inside the app's providers. */
export function renderRoutes(routes: RouteObject[], path: InitialEntry = '/dashboard') {
  return renderWithProviders(createMemoryRouter(routes, { initialEntries: [path] }));
}

/** renderServed stubs the server, then renders a route table at a path; the server comes back with the view. */
export function renderServed(server: ServerOptions, routes: RouteObject[], path: InitialEntry) {
  const stubbed = stubServer(server);
  return { ...renderRoutes(routes, path), server: stubbed };
}
