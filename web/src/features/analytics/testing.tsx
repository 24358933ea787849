// Test helpers of the analytics sections: a choir on a stubbed server and a
// page rendered in a router.
import type { ReactNode } from 'react';
import { createMemoryRouter } from 'react-router';
import { json, stubFetch, type Handler } from '../../test/api';
import { ada, details, membership, sessionOf } from '../../test/fixtures';
import { renderWithProviders, resetToasts } from '../../test/render';

// jsdom lacks scrollIntoView; Mantine's Select calls it to show the selected option.
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}

export const CHOIR_ID = 'c1';

/** serveChoir answers the session of Ada in choir c1 with a role, and the handlers given. */
export function serveChoir(role: 'choir_admin' | 'member' = 'choir_admin', handlers: Record<string, Handler> = {}) {
  const bach = membership(CHOIR_ID, 'Bach Choir', role);
  return stubFetch({
    'GET /auth/session': () => json(sessionOf({ ...ada, lastAccessedChoirId: CHOIR_ID }, [bach])),
    'GET /choirs/:choirId': () => json(details(bach)),
    ...handlers,
  });
}

/** renderAt renders element at path, with a catch-all showing where a link went. */
export function renderAt(element: ReactNode, path = '/dashboard/analytics') {
  resetToasts();
  return renderWithProviders(
    createMemoryRouter(
      [
        { path, element },
        { path: '*', element: <p>elsewhere</p> },
      ],
      { initialEntries: [path] },
    ),
  );
}
