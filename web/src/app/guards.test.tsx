import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from './routes';
import { BACH, GUESTS, SCHOLA, user } from '../test/fixtures';
import { resetToasts } from '../test/render';
import { renderRoutes, stubServer } from './shell/sessionStub';

beforeEach(resetToasts);
afterEach(() => {
  vi.useRealTimers();
});

const at = (path: string) => renderRoutes(routes, path);
const where = (router: ReturnType<typeof at>['router']) => router.state.location.pathname + router.state.location.search;

describe('the access guards, in order (accounts §4.10)', () => {
  it('1. shows a skeleton while the session loads', () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    at('/dashboard');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('2. sends a signed-out visitor to /login, carrying the requested page', async () => {
    stubServer({ user: null });
    const { router } = at('/dashboard/members?sort=name');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/dashboard/members', search: '?sort=name' } });
  });

  it('2. also guards the pages that need no choir', async () => {
    stubServer({ user: null });
    const { router } = at('/select-choir');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('3c. sends a user with no choirs to /choir-registration', async () => {
    stubServer({ user: user(), choirs: [] });
    const { router } = at('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/choir-registration'));
  });

  it('3c. counts only active memberships', async () => {
    stubServer({ user: user(), choirs: [{ ...BACH, isActive: false }] });
    const { router } = at('/dashboard/calendar');
    await waitFor(() => expect(router.state.location.pathname).toBe('/choir-registration'));
  });

  it('3b. sends a user with a pending invite to /accept-invite with its token', async () => {
    sessionStorage.setItem('pendingInviteToken', '2b7c1e4a-5d6f-4a8b-9c0d-1e2f3a4b5c6d');
    stubServer({ user: user(), choirs: [] });
    const { router } = at('/dashboard');
    await waitFor(() => expect(where(router)).toBe('/accept-invite?token=2b7c1e4a-5d6f-4a8b-9c0d-1e2f3a4b5c6d'));
  });

  it('3a. right after an invite sign-up: "Setting up your account...", then after 5 s the flag goes and the page reloads', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    sessionStorage.setItem('justRegisteredWithInvite', 'true');
    sessionStorage.setItem('pendingInviteToken', 'also-pending');
    stubServer({ user: user(), choirs: [] });
    const { router } = at('/dashboard');

    expect(await screen.findByText('Setting up your account...')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('justRegisteredWithInvite')).toBe('true');

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(reload).toHaveBeenCalledOnce();
    expect(sessionStorage.getItem('justRegisteredWithInvite')).toBeNull();
  });

  it('3. clears the just-registered flag once the user has choirs', async () => {
    sessionStorage.setItem('justRegisteredWithInvite', 'true');
    stubServer({ user: user({ lastAccessedChoirId: BACH.choir.id }), choirs: [BACH] });
    at('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bach Choir' })).toBeInTheDocument();
    expect(sessionStorage.getItem('justRegisteredWithInvite')).toBeNull();
    expect(screen.queryByText('Setting up your account...')).not.toBeInTheDocument();
  });

  it('3. lets a global admin without choirs through to the global-admin pages', async () => {
    stubServer({ user: user({ isGlobalAdmin: true }), choirs: [] });
    const { router } = at('/dashboard/global-admin/master-feasts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Master Feasts' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/global-admin/master-feasts');
    // Global Admin Mode keeps the shell.
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('4. sends a user with several choirs and none chosen to /select-choir', async () => {
    stubServer({ user: user(), choirs: [BACH, SCHOLA] });
    const { router } = at('/dashboard/calendar');
    expect(await screen.findByRole('heading', { level: 1, name: 'Select Your Choir' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/select-choir');
  });

  it('4. a stored active choir counts as chosen', async () => {
    sessionStorage.setItem('activeChoirId', SCHOLA.choir.id);
    stubServer({ user: user(), choirs: [BACH, SCHOLA] });
    const { router } = at('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Schola Cantorum' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('4. a stored id that is not among the user\'s choirs does not', async () => {
    sessionStorage.setItem('activeChoirId', 'someone-elses-choir');
    stubServer({ user: user(), choirs: [BACH, SCHOLA] });
    const { router } = at('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/select-choir'));
  });

  it('4. sends a global admin in Global Admin Mode from a choir page to /select-choir', async () => {
    sessionStorage.setItem('activeChoirId', 'none');
    stubServer({ user: user({ isGlobalAdmin: true, lastAccessedChoirId: BACH.choir.id }), choirs: [BACH, SCHOLA] });
    const { router } = at('/dashboard/music');
    await waitFor(() => expect(router.state.location.pathname).toBe('/select-choir'));
  });

  it('5. sends a member opening the choir settings to /dashboard with an error', async () => {
    stubServer({ user: user({ lastAccessedChoirId: SCHOLA.choir.id }), choirs: [BACH, SCHOLA] });
    const { router } = at('/dashboard/settings/choir');
    expect(await screen.findByText("You don't have permission to access this page")).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Schola Cantorum' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('5. turns a member away from the global-admin pages', async () => {
    stubServer({ user: user({ lastAccessedChoirId: BACH.choir.id }), choirs: [BACH] });
    const { router } = at('/dashboard/global-admin');
    expect(await screen.findByText("You don't have permission to access this page")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it.each([
    ['/dashboard/settings/choir', 'Choir Settings'],
    ['/dashboard/analytics', 'Analytics'],
    ['/dashboard/policies', 'Policies'],
    ['/dashboard/communications', 'Communications'],
    ['/dashboard/members', 'Members'],
  ])('5. lets a choir admin open %s', async (path, title) => {
    stubServer({ user: user({ lastAccessedChoirId: BACH.choir.id }), choirs: [BACH] });
    const { router } = at(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('5. keeps manage:announcements for global admins', async () => {
    stubServer({ user: user({ lastAccessedChoirId: BACH.choir.id }), choirs: [BACH] });
    const { router } = at('/dashboard/announcements/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('5. lets a guest plan music (view:calendar or manage:music) but not see the members', async () => {
    stubServer({ user: user({ lastAccessedChoirId: GUESTS.choir.id }), choirs: [GUESTS] });
    const { router } = at('/dashboard/calendar/plan-music-v3/2025-12-25');
    // The planning page is headed by its date, written out.
    expect(await screen.findByRole('heading', { level: 1, name: /2025/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/calendar/plan-music-v3/2025-12-25');

    const second = at('/dashboard/members');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/dashboard'));
  });

  it('asks sign-in only of the account and help pages; with no choir they render without the shell', async () => {
    stubServer({ user: user(), choirs: [] });
    const { router } = at('/dashboard/help');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help Center' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/help');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('asks no choir of /pricing and /choirs/create', async () => {
    stubServer({ user: user(), choirs: [] });
    for (const path of ['/choirs/create', '/pricing']) {
      const { router, unmount } = at(path);
      await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument());
      expect(router.state.location.pathname).toBe(path);
      unmount();
    }
  });

  it('shows a chosen choir inside the shell with the role\'s sidebar', async () => {
    stubServer({ user: user({ lastAccessedChoirId: BACH.choir.id }), choirs: [BACH] });
    at('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Choir Settings' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Global Admin' })).not.toBeInTheDocument();
  });
});
