import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { browser } from './browser';
import type { ConnectedAccounts } from './queries';
import { apiError, calls, json, noContent, renderAccount, stubApi, type Handler } from './testing';

const google = { id: 'i-g', provider: 'google', email: 'ada@gmail.com', createdAt: '2026-02-03T10:00:00Z' };
const azure = { id: 'i-a', provider: 'azure', email: 'ada@contoso.com', createdAt: '2026-02-04T10:00:00Z' };

function accounts(over: Partial<ConnectedAccounts>): ConnectedAccounts {
  return { identities: [], hasPassword: true, available: { google: true, azure: true }, ...over };
}

function identitiesApi(data: ConnectedAccounts, extra: Record<string, Handler> = {}) {
  return stubApi({
    'GET /account/identities': () => json(data),
    'GET /auth/session': () => json({ user: null }),
    ...extra,
  });
}

let assign: MockInstance<(url: string) => void>;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

describe('ConnectedAccountsPage', () => {
  it('lists the connected accounts by provider name, email and date', async () => {
    identitiesApi(accounts({ identities: [google, azure] }));
    renderAccount('/account/connected');
    expect(screen.getByRole('heading', { level: 2, name: 'Connected Accounts' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Connected accounts' });
    const [g, a] = within(list).getAllByRole('listitem');
    expect(within(g).getByText('Google')).toBeInTheDocument();
    expect(within(g).getByText('ada@gmail.com')).toBeInTheDocument();
    expect(within(g).getByText(/^Connected .*2026/)).toBeInTheDocument();
    expect(within(a).getByText('Microsoft')).toBeInTheDocument();
    expect(within(a).getByText('ada@contoso.com')).toBeInTheDocument();
    expect(within(g).getByRole('button', { name: 'Disconnect' })).toBeEnabled();
    expect(within(a).getByRole('button', { name: 'Disconnect' })).toBeEnabled();
    // Both providers are connected already.
    expect(screen.queryByRole('button', { name: /^Connect / })).not.toBeInTheDocument();
  });

  it('will not disconnect the only way to sign in, and says why', async () => {
    const fetchMock = identitiesApi(accounts({ identities: [google], hasPassword: false }));
    renderAccount('/account/connected');
    const button = await screen.findByRole('button', { name: 'Disconnect' });
    expect(button).toBeDisabled();
    // A provider-only account cannot set a password (the server refuses it),
    // so connecting another account is the only way forward offered.
    expect(button).toHaveAccessibleDescription(
      'This is the only way you can sign in, so it cannot be disconnected. Connect another account first.',
    );
    expect(screen.queryByText(/set a password/)).not.toBeInTheDocument();
    expect(screen.getByText(/has no password/)).toBeInTheDocument();
    await userEvent.click(button);
    expect(calls(fetchMock, 'DELETE', '/account/identities/i-g')).toHaveLength(0);
  });

  it('lets a password account disconnect its one provider', async () => {
    let data = accounts({ identities: [google], hasPassword: true });
    const fetchMock = identitiesApi(data, {
      'GET /account/identities': () => json(data),
      'DELETE /account/identities/:id': () => {
        data = { ...data, identities: [] };
        return noContent();
      },
    });
    renderAccount('/account/connected');
    await userEvent.click(await screen.findByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Google account disconnected')).toBeInTheDocument();
    expect(await screen.findByText('No accounts are connected.')).toBeInTheDocument();
    expect(calls(fetchMock, 'DELETE', '/account/identities/i-g')).toHaveLength(1);
    // Now it can be connected again.
    expect(screen.getByRole('button', { name: 'Connect Google' })).toBeInTheDocument();
  });

  it("shows the server's refusal when it is the last way to sign in", async () => {
    identitiesApi(accounts({ identities: [google, azure], hasPassword: false }), {
      'DELETE /account/identities/:id': () =>
        apiError(409, 'CONFLICT', 'You cannot disconnect your only way to sign in.'),
    });
    renderAccount('/account/connected');
    const list = await screen.findByRole('list', { name: 'Connected accounts' });
    const [g] = within(list).getAllByRole('listitem');
    await userEvent.click(within(g).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('You cannot disconnect your only way to sign in.')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it('offers to connect only the providers that are available and not connected', async () => {
    identitiesApi(accounts({ identities: [], available: { google: false, azure: true } }));
    renderAccount('/account/connected');
    const connect = await screen.findByRole('button', { name: 'Connect Microsoft' });
    expect(screen.queryByRole('button', { name: 'Connect Google' })).not.toBeInTheDocument();
    await userEvent.click(connect);
    expect(assign).toHaveBeenCalledWith('/api/v1/auth/oidc/azure/start?mode=link');
  });

  it('offers Google when Microsoft is connected', async () => {
    identitiesApi(accounts({ identities: [azure] }));
    renderAccount('/account/connected');
    await userEvent.click(await screen.findByRole('button', { name: 'Connect Google' }));
    expect(screen.queryByRole('button', { name: 'Connect Microsoft' })).not.toBeInTheDocument();
    expect(assign).toHaveBeenCalledWith('/api/v1/auth/oidc/google/start?mode=link');
  });

  it('shows the error the provider round trip left in the query string, then clears it', async () => {
    identitiesApi(accounts({}));
    const { router } = renderAccount(
      '/account/connected?error=already_linked&error_description=This%20Google%20account%20belongs%20to%20another%20user.',
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not connect the account');
    expect(alert).toHaveTextContent('This Google account belongs to another user.');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('falls back to the error code when there is no description', async () => {
    identitiesApi(accounts({}));
    renderAccount('/account/connected?error=access_denied');
    expect(await screen.findByRole('alert')).toHaveTextContent('access_denied');
  });

  it('says which provider was just connected, once, then clears the query string', async () => {
    identitiesApi(accounts({ identities: [google] }));
    const { router } = renderAccount('/account/connected?linked=google');
    expect(await screen.findByText('Google account connected')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getAllByText('Google account connected')).toHaveLength(1);
    expect(screen.queryByText('Could not connect the account')).not.toBeInTheDocument();
  });
});
