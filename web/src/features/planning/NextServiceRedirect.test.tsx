import { waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/routes';
import { json, stubFetch } from '../../test/api';
import { ada, details, membership, sessionOf } from '../../test/fixtures';
import { renderWithProviders, resetToasts } from '../../test/render';
import type { NextService } from './api';
import { NextServiceRedirect } from './NextServiceRedirect';

vi.setConfig({ testTimeout: 15000 });
beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

function serve(next: NextService) {
  const bach = membership('c1', 'Bach Choir', 'choir_admin');
  return stubFetch({
    'GET /auth/session': () => json(sessionOf({ ...ada, lastAccessedChoirId: 'c1' }, [bach])),
    'GET /choirs/:choirId': () => json(details(bach)),
    'GET /choirs/:choirId/plans/next-service': () => json(next),
  });
}

function renderAt(path = '/dashboard/calendar/plan-music') {
  resetToasts();
  return renderWithProviders(
    createMemoryRouter(
      [
        { path: '/dashboard/calendar/plan-music', element: <NextServiceRedirect /> },
        { path: '/dashboard/calendar/plan-music/:date', element: <p>dated</p> },
      ],
      { initialEntries: [path] },
    ),
  );
}

describe('NextServiceRedirect', () => {
  it('opens the next service with its event chosen', async () => {
    serve({ date: '2026-03-08', eventId: 'ev-9-occurrence-2026-03-08' });
    const { router } = renderAt();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/calendar/plan-music/2026-03-08'));
    expect(router.state.location.search).toBe('?event=ev-9-occurrence-2026-03-08');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('opens next Sunday without an event when no service is planned', async () => {
    serve({ date: '2026-03-15', eventId: null });
    const { router } = renderAt();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/calendar/plan-music/2026-03-15'));
    expect(router.state.location.search).toBe('');
  });

  it('is the page of its route in the app, which then picks the page for the device', async () => {
    serve({ date: '2026-03-08', eventId: 'ev-9' });
    resetToasts();
    const { router } = renderWithProviders(createMemoryRouter(routes, { initialEntries: ['/dashboard/calendar/plan-music'] }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/dashboard\/calendar\/plan-music-v[23]\/2026-03-08$/));
    expect(router.state.location.search).toBe('?event=ev-9');
  });
});
