import { screen } from '@testing-library/react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { planMusicVersion } from '../features/calendar';
import type { SessionUser } from '../api/client';
import type { Membership } from './choir';
import { createQueryClient } from './queryClient';
import { routes } from './routes';
import { json, stubFetch } from '../test/api';
import { ada, sessionOf } from '../test/fixtures';
import { renderWithProviders } from '../test/render';

const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36';
const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

describe('planMusicVersion', () => {
  it.each([
    [1280, desktop, 'plan-music-v3'],
    [768, desktop, 'plan-music-v3'],
    [767, desktop, 'plan-music-v2'],
    [1280, iphone, 'plan-music-v2'],
  ])('width %i picks by device', (width, agent, want) => {
    expect(planMusicVersion(width, agent)).toBe(want);
  });
});

describe('query cache settings', () => {
  it('follows the specification', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      staleTime: 5 * 60 * 1000,
      gcTime: 10 * 60 * 1000,
      retry: 1,
      refetchOnWindowFocus: false,
      refetchOnReconnect: 'always',
    });
    expect(mutations).toMatchObject({ retry: 1 });
  });
});

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(router, createQueryClient());
  return router;
}

const bachChoir: Membership = {
  choir: { id: 'c1', name: 'Bach Choir', city: 'Leeds', country: 'United Kingdom', countryCode: 'GB' },
  role: 'member',
  isActive: true,
  status: 'active',
  joinedDate: '2025-01-01T00:00:00Z',
};

function answerSession(user: SessionUser | null, choirs: Membership[] = []) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(sessionOf(user, choirs)), { headers: { 'Content-Type': 'application/json' } })),
  );
}

/** loadPages loads the code of every lazily loaded page once, so that a test's wait covers rendering, not compiling. */
async function loadPages(table: RouteObject[]): Promise<void> {
  await Promise.all(
    table.map(async (route) => {
      if (typeof route.lazy === 'function') await route.lazy();
      if (route.children) await loadPages(route.children);
    }),
  );
}

describe('route table', () => {
  beforeAll(() => loadPages(routes), 60_000);
  beforeEach(() => answerSession(null));

  it('sends a signed-out visitor of a signed-in page to /login, remembering the page', async () => {
    const router = renderAt('/dashboard/calendar?view=month');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/dashboard/calendar', search: '?view=month' } });
  });

  it('lets a guest of a choir see its calendar (no permission guard)', async () => {
    const api = stubFetch({
      'GET /auth/session': () => json(sessionOf({ ...ada, lastAccessedChoirId: 'c1' }, [{ ...bachChoir, role: 'guest' }])),
      'GET /choirs/:choirId/events': () => json({ events: [], feasts: [] }),
    });
    const router = renderAt('/dashboard/calendar');
    expect(await screen.findByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/calendar');
    await vi.waitFor(() => expect(api.count('GET', '/choirs/c1/events')).toBe(1));
    expect(screen.queryByRole('button', { name: 'New Event' })).not.toBeInTheDocument();
  });

  it('redirects an unknown path to /', async () => {
    const router = renderAt('/no/such/page');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('redirects /account to /account/profile for a signed-in user', async () => {
    answerSession(ada);
    const router = renderAt('/account');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/account/profile'));
  });

  it('redirects the old directory paths to the members page', async () => {
    stubFetch({
      'GET /auth/session': () => json(sessionOf({ ...ada, lastAccessedChoirId: 'c1' }, [bachChoir])),
      'GET /choirs/:choirId/members': () => json([]),
      'GET /choirs/:choirId/musical-roles': () => json([]),
    });
    for (const old of ['/dashboard/directory', '/dashboard/people']) {
      const router = renderAt(old);
      // The redirect lands once the shell and the members page have rendered: on a busy machine, over a second.
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/members'), { timeout: 5_000 });
    }
  });

  it.each([
    ['/dashboard/members', 'Members'],
    ['/members', 'Members'],
    ['/dashboard/settings/musical-roles', 'Musical Roles'],
    ['/accept-invite', 'Invitation Error'],
    ['/dashboard/calendar', 'Calendar'],
  ])('serves the real page at %s, not the placeholder', async (path, heading) => {
    stubFetch({
      'GET /auth/session': () => json(sessionOf({ ...ada, lastAccessedChoirId: 'c1' }, [{ ...bachChoir, role: 'choir_admin' }])),
      'GET /choirs/:choirId/members': () => json([]),
      'GET /choirs/:choirId/musical-roles': () => json([]),
      'GET /choirs/:choirId/invitations': () => json([]),
      'GET /choirs/:choirId/events': () => json({ events: [], feasts: [] }),
    });
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it.each([
    ['/dashboard/global-admin/master-feasts', 'Master Feasts'],
    ['/dashboard/global-admin/calendar-import', 'Calendar Import'],
    ['/dashboard/global-admin', 'Global Admin'],
    ['/dashboard/global-admin/subscriptions', 'Subscriptions'],
  ])('serves the real global-admin page at %s in Global Admin Mode', async (path, heading) => {
    const api = stubFetch({
      'GET /auth/session': () => json(sessionOf({ ...ada, isGlobalAdmin: true }, [])),
      'GET /reference/calendar-types': () => json([]),
      'GET /admin/jobs': () => json({ pending: 0, retrying: 0, failed: 0, failures: [] }),
      'GET /admin/subscriptions': () => json({ enabled: false, choirs: [], monthlyRevenueCents: 0 }),
    });
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    if (path.endsWith('master-feasts') || path.endsWith('calendar-import')) {
      await vi.waitFor(() => expect(api.count('GET', '/reference/calendar-types')).toBe(1));
    }
  });

  it('sends anyone but a global admin away from the master feasts page', async () => {
    const api = stubFetch({
      'GET /auth/session': () =>
        json(sessionOf({ ...ada, lastAccessedChoirId: 'c1' }, [{ ...bachChoir, role: 'choir_admin' }])),
    });
    const router = renderAt('/dashboard/global-admin/master-feasts');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText("You don't have permission to access this page")).toBeInTheDocument();
    expect(api.count('GET', '/master-feasts')).toBe(0);
  });
});

describe('email links', () => {
  const token = 'Abc123Def456Ghi789Jkl012Mno345Pq';
  const event = {
    id: 'e1',
    title: 'Advent rehearsal',
    eventType: 'rehearsal',
    startDate: '2026-12-03',
    startTime: '19:30',
    endDate: '2026-12-03',
    endTime: '21:30',
    allDay: false,
    timeZone: 'Europe/London',
    location: '',
    notes: '',
    start: '2026-12-03T19:30:00Z',
    end: '2026-12-03T21:30:00Z',
  };

  it.each([
    [`/email/rsvp/${token}/maybe`, 'Advent rehearsal'],
    [`/email/event/${token}`, 'Advent rehearsal'],
    [`/email/practice/${token}`, 'Jesu, meine Freude'],
    [`/email/unsubscribe/${token}`, 'Stop emails from Bach Choir?'],
  ])('serves the public page at %s to a visitor who is not signed in, sending nothing', async (path, heading) => {
    const api = stubFetch({
      'GET /auth/session': () => json(sessionOf(null)),
      'GET /email-links/rsvp/:token': () => json({ choirName: 'Bach Choir', event, answer: null, answerable: true }),
      'GET /email-links/event/:token': () => json({ choirName: 'Bach Choir', event, answer: null, answerable: true }),
      'GET /email-links/practice/:token': () =>
        json({
          choirId: 'c1',
          choirName: 'Bach Choir',
          music: {
            id: 'm1',
            title: 'Jesu, meine Freude',
            composer: 'J. S. Bach',
            arranger: '',
            libraryNumber: '',
            rehearsalDifficulty: null,
            estimatedDurationMinutes: null,
            hasSheetMusic: false,
            hasAudio: false,
          },
        }),
      'GET /email-links/unsubscribe/:token': () =>
        json({ choirName: 'Bach Choir', email: 'a•••@example.org', subscribed: true }),
    });
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('sends /auth/signin to the sign-in screen', async () => {
    stubFetch({ 'GET /auth/session': () => json(sessionOf(null)) });
    const router = renderAt(`/auth/signin?returnUrl=${encodeURIComponent(`/email/practice/${token}`)}`);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: { pathname: `/email/practice/${token}`, search: '', hash: '' } });
  });
});
