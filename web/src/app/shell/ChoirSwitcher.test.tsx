import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../api/client';
import { apiError, deferred, type Handler } from '../../test/api';
import { BACH, GUESTS, SCHOLA, user } from '../../test/fixtures';
import { resetToasts } from '../../test/render';
import type { Membership } from '../choir';
import { AppShellLayout } from './AppShellLayout';
import { renderServed } from './sessionStub';

beforeEach(resetToasts);

function renderSwitcher(who: SessionUser, choirs: Membership[], handlers: Record<string, Handler> = {}, path = '/dashboard/calendar') {
  return renderServed(
    { user: who, choirs, handlers },
    [
      {
        element: <AppShellLayout />,
        children: [
          { path: '/dashboard', element: <h1>Dashboard page</h1> },
          { path: '/dashboard/calendar', element: <h1>Calendar page</h1> },
          { path: '/dashboard/global-admin', element: <h1>Global Admin page</h1> },
        ],
      },
      { path: '/choirs/create', element: <h1>Create choir page</h1> },
    ],
    path,
  );
}

const trigger = (name: string | RegExp = /^Current choir: /) => screen.findByRole('button', { name });

async function openMenu(name?: string | RegExp) {
  await userEvent.click(await trigger(name));
  return screen.findByRole('menu');
}

describe('ChoirSwitcher: who sees it', () => {
  it('is hidden from a user with one choir', async () => {
    renderSwitcher(user({ lastAccessedChoirId: BACH.choir.id }), [BACH]);
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.queryByRole('button', { name: /Current choir/ })).not.toBeInTheDocument();
  });

  it('counts only active memberships', async () => {
    renderSwitcher(user({ lastAccessedChoirId: BACH.choir.id }), [BACH, { ...SCHOLA, isActive: false }]);
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.queryByRole('button', { name: /Current choir/ })).not.toBeInTheDocument();
  });

  it('is shown to a user with more than one choir, naming the current one', async () => {
    renderSwitcher(user({ lastAccessedChoirId: SCHOLA.choir.id }), [BACH, SCHOLA]);
    const button = await trigger('Current choir: Schola Cantorum');
    expect(button).toHaveTextContent('Schola Cantorum');
  });

  it('is shown to a global admin, even with a single choir', async () => {
    renderSwitcher(user({ isGlobalAdmin: true, lastAccessedChoirId: BACH.choir.id }), [BACH]);
    expect(await trigger('Current choir: Bach Choir')).toBeInTheDocument();
  });
});

describe('ChoirSwitcher: the menu', () => {
  it("lists 'Your Choirs' with the user's role in each, the current one marked", async () => {
    renderSwitcher(user({ lastAccessedChoirId: SCHOLA.choir.id }), [BACH, SCHOLA, GUESTS]);
    const menu = await openMenu();
    expect(within(menu).getByText('Your Choirs')).toBeInTheDocument();
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Bach ChoirChoir Administrator',
      'Schola CantorumMember',
      'Evensong SingersGuest',
      'Create New Choir',
    ]);
    expect(within(menu).getByRole('menuitem', { name: /Schola Cantorum/ })).toHaveAttribute('aria-current', 'true');
    expect(within(menu).getByRole('menuitem', { name: /Bach Choir/ })).not.toHaveAttribute('aria-current');
    expect(within(menu).queryByText('choir_admin')).not.toBeInTheDocument();
  });

  it("offers 'Create New Choir', linking to /choirs/create", async () => {
    const { router } = renderSwitcher(user({ lastAccessedChoirId: BACH.choir.id }), [BACH, SCHOLA]);
    const menu = await openMenu();
    const create = within(menu).getByRole('menuitem', { name: 'Create New Choir' });
    expect(create).toHaveAttribute('href', '/choirs/create');
    await userEvent.click(create);
    expect(await screen.findByRole('heading', { name: 'Create choir page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/choirs/create');
  });

  it("offers 'Global Admin Mode' to a global admin only", async () => {
    const first = renderSwitcher(user({ lastAccessedChoirId: BACH.choir.id }), [BACH, SCHOLA]);
    let menu = await openMenu();
    expect(within(menu).queryByText('Global Admin Mode')).not.toBeInTheDocument();
    first.unmount();

    renderSwitcher(user({ isGlobalAdmin: true, lastAccessedChoirId: BACH.choir.id }), [BACH, SCHOLA]);
    menu = await openMenu();
    expect(within(menu).getByRole('menuitem', { name: 'Global Admin Mode' })).not.toHaveAttribute('aria-current');
  });

  it('closes on Escape', async () => {
    renderSwitcher(user({ lastAccessedChoirId: BACH.choir.id }), [BACH, SCHOLA]);
    await openMenu();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('closes on a click outside', async () => {
    renderSwitcher(user({ lastAccessedChoirId: BACH.choir.id }), [BACH, SCHOLA]);
    await openMenu();
    await userEvent.click(screen.getByRole('heading', { name: 'Calendar page' }));
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });
});

describe('ChoirSwitcher: switching', () => {
  it("reads 'Switching...' while it stores the choice, then opens the new choir's dashboard", async () => {
    const put = deferred<Response>();
    const { router, server } = renderSwitcher(user({ lastAccessedChoirId: BACH.choir.id }), [BACH, SCHOLA], {
      'PUT /account/active-choir': () => put.promise,
    });
    const menu = await openMenu('Current choir: Bach Choir');
    await userEvent.click(within(menu).getByRole('menuitem', { name: /Schola Cantorum/ }));

    expect(await screen.findByRole('button', { name: 'Switching...' })).toBeInTheDocument();
    expect(server.bodies('PUT', '/account/active-choir')).toEqual([{ choirId: SCHOLA.choir.id }]);
    expect(sessionStorage.getItem('activeChoirId')).toBe(SCHOLA.choir.id);

    server.state.user = { ...server.state.user!, lastAccessedChoirId: SCHOLA.choir.id };
    put.resolve(new Response(null, { status: 204 }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(await trigger('Current choir: Schola Cantorum')).toBeInTheDocument();
    // The session was asked again after the switch.
    expect(server.calls.filter((c) => c.path === '/auth/session').length).toBeGreaterThanOrEqual(2);
  });

  it('switches a global admin to Global Admin Mode (no choir) and opens the global admin page', async () => {
    const { router, server } = renderSwitcher(user({ isGlobalAdmin: true, lastAccessedChoirId: BACH.choir.id }), [BACH]);
    const menu = await openMenu('Current choir: Bach Choir');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Global Admin Mode' }));
    expect(await screen.findByRole('heading', { name: 'Global Admin page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/global-admin');
    expect(server.bodies('PUT', '/account/active-choir')).toEqual([{ choirId: null }]);
    expect(sessionStorage.getItem('activeChoirId')).toBe('none');
    expect(await trigger('Current choir: Global Admin Mode')).toBeInTheDocument();
  });

  it("says 'Failed to switch choir: {message}' and stays when the server refuses", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    sessionStorage.setItem('activeChoirId', BACH.choir.id);
    const { router } = renderSwitcher(user(), [BACH, SCHOLA], {
      'PUT /account/active-choir': () => apiError(404, 'NOT_FOUND', 'Choir not found'),
    });
    const menu = await openMenu('Current choir: Bach Choir');
    await userEvent.click(within(menu).getByRole('menuitem', { name: /Schola Cantorum/ }));
    expect(await screen.findByText('Failed to switch choir: Choir not found')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/calendar');
    expect(sessionStorage.getItem('activeChoirId')).toBe(BACH.choir.id);
    expect(await trigger('Current choir: Bach Choir')).toBeInTheDocument();
  });

  it('keeps the choice when the page is reloaded while the switch is sent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    sessionStorage.setItem('activeChoirId', BACH.choir.id);
    const cut = deferred<void>();
    renderSwitcher(user(), [BACH, SCHOLA], {
      'PUT /account/active-choir': async () => {
        await cut.promise;
        throw new TypeError('Failed to fetch');
      },
    });
    const menu = await openMenu('Current choir: Bach Choir');
    await userEvent.click(within(menu).getByRole('menuitem', { name: /Schola Cantorum/ }));
    expect(await screen.findByRole('button', { name: 'Switching...' })).toBeInTheDocument();
    // The reload: the page is hidden, then its request is cut short.
    window.dispatchEvent(new Event('pagehide'));
    try {
      cut.resolve();
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Switching...' })).not.toBeInTheDocument());
      expect(sessionStorage.getItem('activeChoirId')).toBe(SCHOLA.choir.id);
    } finally {
      window.dispatchEvent(new Event('pageshow'));
    }
  });

  it('takes the choice back when the request fails while the page stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    sessionStorage.setItem('activeChoirId', BACH.choir.id);
    renderSwitcher(user(), [BACH, SCHOLA], {
      'PUT /account/active-choir': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const menu = await openMenu('Current choir: Bach Choir');
    await userEvent.click(within(menu).getByRole('menuitem', { name: /Schola Cantorum/ }));
    expect(await screen.findByText(/^Failed to switch choir/)).toBeInTheDocument();
    expect(sessionStorage.getItem('activeChoirId')).toBe(BACH.choir.id);
  });

  it('does nothing when the current choir is chosen again', async () => {
    const { server, router } = renderSwitcher(user({ lastAccessedChoirId: BACH.choir.id }), [BACH, SCHOLA]);
    const menu = await openMenu('Current choir: Bach Choir');
    await userEvent.click(within(menu).getByRole('menuitem', { name: /Bach Choir/ }));
    expect(server.bodies('PUT', '/account/active-choir')).toEqual([]);
    expect(router.state.location.pathname).toBe('/dashboard/calendar');
  });
});
