import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ada, sessionOf } from '../../test/fixtures';
import { apiError, calls, json, renderAccount, stubApi } from './testing';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

describe('NotificationsPage', () => {
  it('explains the digest and saves a change with the saving toasts', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let sent: unknown;
    const fetchMock = stubApi({
      'GET /account/profile': () => json(ada),
      'GET /auth/session': () => json(sessionOf(ada)),
      'PATCH /account/profile': async (req) => {
        sent = await req.json();
        await held;
        return json({ ...ada, emailDigestEnabled: false });
      },
    });
    renderAccount('/account/notifications');
    expect(screen.getByRole('heading', { level: 2, name: 'Notifications' })).toBeInTheDocument();
    const toggle = await screen.findByRole('switch', { name: 'Email digest' });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/periodic email with a digest of news from your choirs/);

    await userEvent.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(await screen.findByText('Saving changes...')).toBeInTheDocument();
    // A second change while the first saves is ignored.
    await userEvent.click(toggle);
    expect(toggle).not.toBeChecked();
    release();

    expect(await screen.findByText('Changes saved successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Saving changes...')).not.toBeInTheDocument());
    expect(toggle).not.toBeChecked();
    expect(sent).toEqual({ emailDigestEnabled: false });
    expect(calls(fetchMock, 'PATCH', '/account/profile')).toHaveLength(1);
  });

  it('turns the digest back on', async () => {
    stubApi({
      'GET /account/profile': () => json({ ...ada, emailDigestEnabled: false }),
      'PATCH /account/profile': async (req) => json({ ...ada, ...((await req.json()) as object) }),
    });
    renderAccount('/account/notifications');
    const toggle = await screen.findByRole('switch', { name: 'Email digest' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(await screen.findByText('Changes saved successfully')).toBeInTheDocument();
    expect(toggle).toBeChecked();
  });

  it('reverts the switch when saving fails', async () => {
    stubApi({
      'GET /account/profile': () => json(ada),
      'PATCH /account/profile': () => apiError(500, 'UPDATE_FAILED', 'Database unavailable'),
    });
    renderAccount('/account/notifications');
    const toggle = await screen.findByRole('switch', { name: 'Email digest' });
    await userEvent.click(toggle);
    expect(await screen.findByText('Failed to update profile. Please try again.')).toBeInTheDocument();
    expect(toggle).toBeChecked();
    expect(screen.queryByText('Changes saved successfully')).not.toBeInTheDocument();
  });
});
