import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppShellLayout } from './AppShellLayout';
import { json, type Handler } from '../../test/api';
import { prewarmRange } from '../../features/calendar';
import { BACH, user } from '../../test/fixtures';
import { renderRoutes, stubServer } from './sessionStub';
import { resetToasts } from '../../test/render';
import type { Membership } from '../choir';

const ADA = user({ lastAccessedChoirId: BACH.choir.id });
// A member of one choir: the member sidebar.
const MEMBER_OF_BACH: Membership = { ...BACH, role: 'member' };

let server: ReturnType<typeof stubServer>;
let fetchMock: ReturnType<typeof stubServer>['fetch'];

function serve(handlers: Record<string, Handler> = {}, who = ADA, choirs: Membership[] = [MEMBER_OF_BACH]) {
  server = stubServer({ user: who, choirs, handlers });
  fetchMock = server.fetch;
}

function renderShell(path = '/dashboard') {
  const view = renderRoutes(
    [
      { path: '/', element: <h1>Landing</h1> },
      {
        element: <AppShellLayout />,
        children: [
          { path: '/dashboard', element: <h1>Dashboard page</h1> },
          { path: '/dashboard/global-admin/master-feasts', element: <h1>Master Feasts page</h1> },
        ],
      },
    ],
    path,
  );
  view.queryClient.setQueryData(['some', 'cached', 'data'], 42);
  return view;
}

const originalMatchMedia = window.matchMedia;

/** onPhone makes the window as narrow as a phone's (the shell's media query). */
function onPhone() {
  window.matchMedia = ((query: string) => ({
    ...originalMatchMedia(query),
    matches: query === '(max-width: 767px)',
    media: query,
  })) as typeof window.matchMedia;
}

beforeEach(() => serve());

afterEach(() => {
  resetToasts();
  window.matchMedia = originalMatchMedia;
  vi.restoreAllMocks();
});

describe('AppShellLayout', () => {
  it('shows a skeleton, not the shell, while the session loads', () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    renderShell();
    const skeleton = screen.getByRole('status', { name: 'Loading' });
    // Still: a pulse would take a phone's processor from the scripts while they start.
    expect(skeleton.querySelectorAll('.mantine-Skeleton-root')).not.toHaveLength(0);
    expect(skeleton.querySelector('[data-animate]')).toBeNull();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByText('Dashboard page')).not.toBeInTheDocument();
  });

  it('shows the user and the member items only', async () => {
    renderShell();
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByText('AL')).toBeInTheDocument();
    expect(within(nav).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(nav).getByText('ada@example.com')).toBeInTheDocument();

    for (const label of ['Dashboard', 'Music Library', 'Members', 'Calendar', 'Announcements', 'Help Center', 'About']) {
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    }
    for (const label of ['Analytics', 'Policies', 'Choir Settings', 'Musical Roles', 'Global Admin']) {
      expect(within(nav).queryByRole('link', { name: label })).not.toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Help Center' })).toHaveAttribute('href', '/dashboard/help');
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('href', '/dashboard/about');
  });

  it('links the "?" in the top bar to the guide of the page on screen, for the reader\'s role', async () => {
    renderShell();
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Help for this page' })).toHaveAttribute('href', '/dashboard/help/getting-started-singer');
  });

  it('gives a director the director\'s guide from the same page', async () => {
    serve({}, ADA, [BACH]);
    renderShell();
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Help for this page' })).toHaveAttribute('href', '/dashboard/help/getting-started-director');
  });

  it("pre-warms the current choir's calendar with the months around today, once", async () => {
    const asked: string[] = [];
    serve({
      'GET /choirs/:choirId/events': (request, { choirId }) => {
        const q = new URL(request.url).searchParams;
        asked.push(`${choirId} ${q.get('startDate')} ${q.get('endDate')}`);
        return json({ events: [], feasts: [] });
      },
    });
    renderShell();
    await screen.findByRole('navigation', { name: 'Main navigation' });
    const range = prewarmRange(new Date());
    await waitFor(() => expect(asked).toEqual([`${BACH.choir.id} ${range.startDate} ${range.endDate}`]));
  });

  it('has the landmarks and leaves the h1 to the page', async () => {
    renderShell();
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('Dashboard page');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('button', { name: /Switch to (dark|light) theme/ })).toBeInTheDocument();
  });

  it('offers Account Settings and Connected Accounts in the user menu', async () => {
    renderShell();
    await userEvent.click(await screen.findByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Account Settings' })).toHaveAttribute('href', '/account/profile');
    expect(screen.getByRole('menuitem', { name: 'Connected Accounts' })).toHaveAttribute('href', '/account/connected');
  });

  it('titles the page from the path on small screens', async () => {
    onPhone();
    renderShell('/dashboard/global-admin/master-feasts');
    expect(within(await screen.findByRole('banner')).getByText('Master Feasts')).toBeInTheDocument();
  });

  it('renders the navigation of a phone when its drawer is first opened, and keeps it', async () => {
    onPhone();
    renderShell();
    const navigation = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(navigation).queryByRole('link', { name: 'Calendar' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    expect(within(navigation).getByRole('link', { name: 'Calendar' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close navigation' }));
    expect(within(navigation).getByRole('link', { name: 'Calendar' })).toBeInTheDocument();
  });

  it('shows Cantica in the top bar on larger screens', async () => {
    renderShell('/dashboard/global-admin/master-feasts');
    expect(within(await screen.findByRole('banner')).getByText('Cantica')).toBeInTheDocument();
  });

  it('signs out: busy label while the request runs, then state cleared and home', async () => {
    let answer!: (response: Response) => void;
    serve({
      'POST /auth/logout': () => {
        // The server forgets the session as it answers.
        server.state.user = null;
        return new Promise<Response>((resolve) => (answer = resolve));
      },
    });
    sessionStorage.setItem('activeChoirId', BACH.choir.id);
    sessionStorage.setItem('pendingInviteToken', 't1');
    sessionStorage.setItem('onboardingComplete', 'true');
    localStorage.setItem('rememberMe', 'true');
    const { router, queryClient } = renderShell();

    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    const busy = await screen.findByRole('button', { name: 'Signing out...' });
    expect(busy).toBeDisabled();
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', path: '/auth/logout', body: undefined }]);

    answer(new Response(null, { status: 204 }));
    expect(await screen.findByRole('heading', { name: 'Landing' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(sessionStorage.getItem('activeChoirId')).toBeNull();
    expect(sessionStorage.getItem('pendingInviteToken')).toBeNull();
    expect(sessionStorage.getItem('onboardingComplete')).toBeNull();
    expect(localStorage.getItem('rememberMe')).toBeNull();
    expect(queryClient.getQueryData(['some', 'cached', 'data'])).toBeUndefined();
    expect(queryClient.getQueryData(['session'])).toEqual({ user: null, choirs: [] });
  });

  it.each([
    ['the server cannot be reached', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the server fails', () => Promise.resolve(Response.json({ code: 'INTERNAL', message: 'Something broke' }, { status: 500 }))],
  ])("stays signed in and says 'Logout failed' when %s", async (_, answer) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    serve({ 'POST /auth/logout': answer });
    const { router } = renderShell();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign Out' })).toBeEnabled());
    expect(router.state.location.pathname).toBe('/dashboard');
    // The cause still goes to the (console) error reporter.
    expect(error).toHaveBeenCalled();
  });

  it('shows the test error button only with sentry-test=true', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderShell('/dashboard?sentry-test=true');
    await userEvent.click(await screen.findByRole('button', { name: 'Send test error' }));
    expect(error).toHaveBeenCalled();
  });

  it('hides the test error button otherwise', async () => {
    renderShell('/dashboard?sentry-test=false');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.queryByRole('button', { name: 'Send test error' })).not.toBeInTheDocument();
  });

  it("shows a member how many announcements they have not read, beside Announcements", async () => {
    serve({ 'GET /choirs/:choirId/announcements/unread': (_r, { choirId }) => Response.json({ count: choirId === 'c-bach' ? 3 : 0 }) });
    renderShell();
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const link = within(nav).getByRole('link', { name: /Announcements/ });
    await waitFor(() => expect(link).toHaveTextContent(/^Announcements\s*3 unread$/));
    expect(link).toHaveAttribute('href', '/dashboard/announcements');
  });

  it('gives a choir admin the admin items', async () => {
    serve({}, ADA, [BACH]);
    renderShell();
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    for (const label of ['Announcements', 'Analytics', 'Policies', 'Choir Settings', 'Musical Roles']) {
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(within(nav).queryByRole('link', { name: 'Global Admin' })).not.toBeInTheDocument();
  });

  it('gives a guest the dashboard and the calendar', async () => {
    serve({}, ADA, [{ ...BACH, role: 'guest' }]);
    renderShell();
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Calendar' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Members' })).not.toBeInTheDocument();
  });

  it('keeps the shell for a global admin with no choir (Global Admin Mode), with every item', async () => {
    serve({}, user({ isGlobalAdmin: true }), []);
    renderShell('/dashboard/global-admin/master-feasts');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    for (const label of ['Dashboard', 'Choir Settings', 'Global Admin', 'Calendar Import', 'Master Feasts']) {
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Current choir: Global Admin Mode' })).toBeInTheDocument();
  });

  it('renders the page without the shell when there is no current choir', async () => {
    serve({}, user(), []);
    renderShell();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard page' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('Dashboard page');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  });
});
