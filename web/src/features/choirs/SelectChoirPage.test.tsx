import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../api/client';
import type { Membership } from '../../app/choir';
import { renderServed } from '../../app/shell/sessionStub';
import { apiError, deferred, type Handler } from '../../test/api';
import { BACH, GUESTS, SCHOLA, user } from '../../test/fixtures';
import { resetToasts } from '../../test/render';
import { SelectChoirPage } from './SelectChoirPage';

beforeEach(resetToasts);

function renderPage(who: SessionUser, choirs: Membership[], handlers: Record<string, Handler> = {}) {
  return renderServed(
    { user: who, choirs, handlers },
    [
      { path: '/select-choir', element: <SelectChoirPage /> },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
      { path: '/choirs/create', element: <h1>Create choir page</h1> },
    ],
    '/select-choir',
  );
}

describe('SelectChoirPage (accounts §2.12)', () => {
  it('sends a user with no choirs to /choirs/create', async () => {
    const { router } = renderPage(user(), []);
    expect(await screen.findByRole('heading', { name: 'Create choir page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/choirs/create');
  });

  it('selects the only choir by itself and goes to /dashboard', async () => {
    const { router, server } = renderPage(user(), [BACH, { ...SCHOLA, isActive: false }]);
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(server.bodies('PUT', '/account/active-choir')).toEqual([{ choirId: BACH.choir.id }]);
    expect(sessionStorage.getItem('activeChoirId')).toBe(BACH.choir.id);
  });

  it('goes straight to /dashboard when the stored active choir is still valid', async () => {
    sessionStorage.setItem('activeChoirId', SCHOLA.choir.id);
    const { router, server } = renderPage(user(), [BACH, SCHOLA]);
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(server.bodies('PUT', '/account/active-choir')).toEqual([]);
  });

  it('goes straight to /dashboard when a current choir exists', async () => {
    const { router } = renderPage(user({ lastAccessedChoirId: BACH.choir.id }), [BACH, SCHOLA]);
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it("shows a card per choir with its name, place and the user's role", async () => {
    sessionStorage.setItem('activeChoirId', 'a-choir-left-long-ago');
    renderPage(user(), [BACH, SCHOLA, GUESTS]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Select Your Choir' })).toBeInTheDocument();
    const group = screen.getByRole('radiogroup', { name: 'Your choirs' });
    const cards = within(group).getAllByRole('radio');
    expect(cards).toHaveLength(3);
    expect(cards[0]).toHaveTextContent('Bach Choir');
    expect(cards[0]).toHaveTextContent('Leeds, United Kingdom');
    expect(cards[0]).toHaveTextContent('Choir Administrator');
    expect(cards[1]).toHaveTextContent('Schola Cantorum');
    expect(cards[1]).toHaveTextContent('Dublin, Ireland');
    expect(cards[1]).toHaveTextContent('Member');
    expect(cards[2]).toHaveTextContent('Guest');
    expect(screen.queryByText('choir_admin')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create New Choir' })).toHaveAttribute('href', '/choirs/create');
  });

  it("keeps 'Continue to Dashboard' disabled until a card is chosen, then reads 'Accessing...' and goes on", async () => {
    const put = deferred<Response>();
    const { router, server } = renderPage(user(), [BACH, SCHOLA], { 'PUT /account/active-choir': () => put.promise });
    const proceed = await screen.findByRole('button', { name: 'Continue to Dashboard' });
    expect(proceed).toBeDisabled();

    await userEvent.click(screen.getByRole('radio', { name: /Schola Cantorum/ }));
    expect(screen.getByRole('radio', { name: /Schola Cantorum/ })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: /Bach Choir/ })).toHaveAttribute('aria-checked', 'false');
    expect(proceed).toBeEnabled();

    await userEvent.click(proceed);
    expect(await screen.findByRole('button', { name: 'Accessing...' })).toBeDisabled();
    expect(server.bodies('PUT', '/account/active-choir')).toEqual([{ choirId: SCHOLA.choir.id }]);
    expect(sessionStorage.getItem('activeChoirId')).toBe(SCHOLA.choir.id);

    put.resolve(new Response(null, { status: 204 }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('chooses a card from the keyboard', async () => {
    renderPage(user(), [BACH, SCHOLA]);
    const first = await screen.findByRole('radio', { name: /Bach Choir/ });
    first.focus();
    await userEvent.keyboard(' ');
    expect(first).toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{ArrowDown}');
    const second = screen.getByRole('radio', { name: /Schola Cantorum/ });
    expect(second).toHaveAttribute('aria-checked', 'true');
    expect(second).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Continue to Dashboard' })).toBeEnabled();
  });

  it('stays with the cards and says so when the choice cannot be stored', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = renderPage(user(), [BACH, SCHOLA], {
      'PUT /account/active-choir': () => apiError(404, 'NOT_FOUND', 'Choir not found'),
    });
    await userEvent.click(await screen.findByRole('radio', { name: /Bach Choir/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Dashboard' }));
    expect(await screen.findByText('Failed to switch choir: Choir not found')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue to Dashboard' })).toBeEnabled());
    expect(router.state.location.pathname).toBe('/select-choir');
    expect(sessionStorage.getItem('activeChoirId')).toBeNull();
  });

  it('shows the cards to a global admin in Global Admin Mode', async () => {
    sessionStorage.setItem('activeChoirId', 'none');
    renderPage(user({ isGlobalAdmin: true, lastAccessedChoirId: BACH.choir.id }), [BACH, SCHOLA]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Select Your Choir' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(2);
  });
});
