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

describe('NotificationsPage: emails from your choirs', () => {
  const settings = [
    { choirId: 'c1', choirName: 'Bach Choir', enabled: false, digestEmails: true, reminderEmails: true, announcementEmails: true },
    { choirId: 'c2', choirName: 'Schola', enabled: true, digestEmails: true, reminderEmails: true, announcementEmails: true },
  ];

  it('lists a switch per choir and turns an unsubscribed choir back on', async () => {
    let list = settings;
    const sent: unknown[] = [];
    const fetchMock = stubApi({
      'GET /account/profile': () => json(ada),
      'GET /account/choir-emails': () => json(list),
      'PUT /account/choir-emails/:choirId': async (req, params) => {
        const { enabled } = (await req.json()) as { enabled: boolean };
        sent.push({ enabled });
        list = list.map((s) => (s.choirId === params.choirId ? { ...s, enabled } : s));
        return json(list.find((s) => s.choirId === params.choirId));
      },
    });
    renderAccount('/account/notifications');
    expect(await screen.findByRole('heading', { name: 'Emails from your choirs' })).toBeInTheDocument();
    const bach = await screen.findByRole('switch', { name: 'Emails from Bach Choir' });
    const schola = screen.getByRole('switch', { name: 'Emails from Schola' });
    expect(bach).not.toBeChecked();
    expect(schola).toBeChecked();
    expect(bach).toHaveAccessibleDescription('Event invitations, RSVP requests and practice links from this choir.');

    await userEvent.click(bach);
    expect(await screen.findByText('Changes saved successfully')).toBeInTheDocument();
    expect(bach).toBeChecked();
    expect(schola).toBeChecked();
    expect(calls(fetchMock, 'PUT', '/account/choir-emails/c1')).toHaveLength(1);
    expect(sent).toEqual([{ enabled: true }]);
    // The list is read again after the change.
    await waitFor(() => expect(calls(fetchMock, 'GET', '/account/choir-emails')).toHaveLength(2));
  });

  it('reverts a choir switch when saving fails', async () => {
    stubApi({
      'GET /account/profile': () => json(ada),
      'GET /account/choir-emails': () => json(settings),
      'PUT /account/choir-emails/:choirId': () => apiError(404, 'NOT_FOUND', 'Choir not found'),
    });
    renderAccount('/account/notifications');
    const schola = await screen.findByRole('switch', { name: 'Emails from Schola' });
    await userEvent.click(schola);
    expect(await screen.findByText('Choir not found')).toBeInTheDocument();
    expect(schola).toBeChecked();
  });

  it("turns one kind of a choir's mail off, leaving the others, and holds the kinds while the choir's email is off", async () => {
    let list = settings;
    const sent: unknown[] = [];
    stubApi({
      'GET /account/profile': () => json(ada),
      'GET /account/choir-emails': () => json(list),
      'PUT /account/choir-emails/:choirId': async (req, params) => {
        const body = (await req.json()) as Record<string, boolean>;
        sent.push(body);
        list = list.map((s) => (s.choirId === params.choirId ? { ...s, ...body } : s));
        return json(list.find((s) => s.choirId === params.choirId));
      },
    });
    renderAccount('/account/notifications');
    const digest = await screen.findByRole('switch', { name: 'Weekly digest from Schola' });
    expect(digest).toBeChecked();
    await userEvent.click(digest);
    expect(await screen.findByText('Changes saved successfully')).toBeInTheDocument();
    expect(digest).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'RSVP reminders from Schola' })).toBeChecked();
    expect(sent).toEqual([{ enabled: true, digestEmails: false }]);
    // Under Bach Choir's master switch, off, the kinds cannot be changed.
    expect(screen.getByRole('switch', { name: 'Announcements from Bach Choir' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Announcements from Bach Choir' })).not.toBeChecked();
  });

  it('shows no section for a user without choirs, and the digest still works', async () => {
    stubApi({
      'GET /account/profile': () => json(ada),
      'GET /account/choir-emails': () => json([]),
    });
    renderAccount('/account/notifications');
    expect(await screen.findByRole('switch', { name: 'Email digest' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status', { name: "Loading your choirs' emails" })).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Emails from your choirs' })).not.toBeInTheDocument();
  });
});
