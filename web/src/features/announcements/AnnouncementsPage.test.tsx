import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, noContent, stubFetch, type Handler } from '../../test/api';
import { ada, membership, sessionOf } from '../../test/fixtures';
import { renderWithProviders, resetToasts } from '../../test/render';
import { BODY_REQUIRED, EXPIRES_BEFORE, TITLE_REQUIRED, TITLE_TOO_LONG, validateAnnouncement, type AnnouncementValues } from './AnnouncementForm';
import { AnnouncementsPage } from './AnnouncementsPage';
import type { Announcement } from './api';
import { REMIND_LABEL } from './ReceiptsModal';

const CHOIR = 'c1';
const TENOR = { id: 'p-t', name: 'Tenor', sortOrder: 3 };

function announcement(extra: Partial<Announcement>): Announcement {
  return {
    id: 'a1',
    fromPlatform: false,
    title: 'Concert dress',
    body: 'Black, please.',
    bodyHtml: '<p>Black, <strong>please</strong>.</p>',
    pinned: false,
    requiresAcknowledgement: false,
    emailOnPublish: false,
    publishAt: '2026-11-20T10:00:00Z',
    status: 'published',
    voiceParts: [],
    authorName: 'Maria Director',
    createdAt: '2026-11-20T10:00:00Z',
    updatedAt: '2026-11-20T10:00:00Z',
    forMe: true,
    read: false,
    acknowledged: false,
    ...extra,
  };
}

function serve(role: 'member' | 'choir_admin', list: Announcement[], handlers: Record<string, Handler> = {}) {
  return stubFetch({
    'GET /auth/session': () => json(sessionOf({ ...ada, lastAccessedChoirId: CHOIR }, [membership(CHOIR, 'Bach Choir', role)])),
    'GET /choirs/:choirId/announcements': () =>
      json({ announcements: list, canManage: role === 'choir_admin', unread: list.filter((a) => a.forMe && !a.read).length }),
    'GET /choirs/:choirId/musical-roles': () => json([TENOR]),
    ...handlers,
  });
}

function renderAnnouncements() {
  resetToasts();
  return renderWithProviders(
    createMemoryRouter([{ path: '/dashboard/announcements', element: <AnnouncementsPage /> }], { initialEntries: ['/dashboard/announcements'] }),
  );
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const values = (extra: Partial<AnnouncementValues>): AnnouncementValues => ({
  title: 'Dress',
  body: 'Black',
  audience: 'all',
  voicePartIds: [],
  pinned: false,
  requiresAcknowledgement: false,
  emailOnPublish: false,
  publishAt: '',
  expiresAt: '',
  materialChange: false,
  ...extra,
});

describe('validateAnnouncement', () => {
  it("mirrors the server's rules", () => {
    expect(validateAnnouncement(values({}))).toEqual({});
    expect(validateAnnouncement(values({ title: '  ' })).title).toBe(TITLE_REQUIRED);
    expect(validateAnnouncement(values({ title: 'x'.repeat(201) })).title).toBe(TITLE_TOO_LONG);
    expect(validateAnnouncement(values({ body: '' })).body).toBe(BODY_REQUIRED);
    expect(validateAnnouncement(values({ publishAt: '2026-12-01T10:00', expiresAt: '2026-12-01T09:00' })).expiresAt).toBe(EXPIRES_BEFORE);
    expect(validateAnnouncement(values({ audience: 'parts' })).voicePartIds).toBeDefined();
  });
});

describe('AnnouncementsPage', () => {
  it('lets a member acknowledge an announcement that asks for it, and mark another as read', async () => {
    const api = serve('member', [
      announcement({ id: 'a1', pinned: true, requiresAcknowledgement: true, voiceParts: [{ id: 'p-t', name: 'Tenor' }] }),
      announcement({ id: 'a2', title: 'Parking', bodyHtml: '<p>Back gate.</p>' }),
    ], { 'POST /choirs/:choirId/announcements/:id/read': () => noContent() });
    renderAnnouncements();
    const dress = await screen.findByRole('article', { name: 'Concert dress' });
    expect(within(dress).getByText('Pinned')).toBeInTheDocument();
    expect(within(dress).getByText('Unread')).toBeInTheDocument();
    expect(within(dress).getByText(/For: Tenor/)).toBeInTheDocument();
    expect(within(dress).getByText('please').tagName).toBe('STRONG');
    expect(screen.getByText('2 unread announcements')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New announcement' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Weekly digest and reminders' })).not.toBeInTheDocument();
    expect(within(dress).queryByRole('button', { name: 'Who has read it' })).not.toBeInTheDocument();

    await userEvent.click(within(dress).getByRole('button', { name: 'I have read this' }));
    const parking = screen.getByRole('article', { name: 'Parking' });
    await userEvent.click(within(parking).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() =>
      expect(api.bodies('POST', `/choirs/${CHOIR}/announcements/a1/read`)).toEqual([{ acknowledge: true }]),
    );
    expect(api.bodies('POST', `/choirs/${CHOIR}/announcements/a2/read`)).toEqual([{ acknowledge: false }]);
  });

  it('shows a director the counts and who has not acknowledged, and says when the reminder was last sent', async () => {
    const a = announcement({ requiresAcknowledgement: true, stats: { audience: 31, read: 23, acknowledged: 18 } });
    serve('choir_admin', [a], {
      'GET /choirs/:choirId/announcements/:id/receipts': () =>
        json({
          requiresAcknowledgement: true,
          totals: { audience: 2, read: 1, acknowledged: 1 },
          parts: [{ name: 'Tenor', audience: 2, read: 1, acknowledged: 1 }],
          people: [
            { userId: 'u1', name: 'Tom Tenor', voiceParts: ['Tenor'], read: true, acknowledged: true },
            { userId: 'u2', name: 'Ted Tenor', voiceParts: ['Tenor'], read: false, acknowledged: false },
          ],
          remindedAt: '2026-11-27T09:00:00Z',
          nextReminderAt: '2099-11-29T09:00:00Z',
        }),
    });
    renderAnnouncements();
    const card = await screen.findByRole('article', { name: 'Concert dress' });
    expect(within(card).getByText('Read 23/31 · Acknowledged 18/31')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Who has read it' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Ted Tenor (Tenor)')).toBeInTheDocument();
    expect(within(dialog).queryByText('Tom Tenor (Tenor)')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: REMIND_LABEL })).toBeDisabled();
    expect(within(dialog).getByText(/Last reminder sent .* You can send another after/)).toBeInTheDocument();
  });

  it("writes an announcement to chosen voice parts, showing the server's words under the field it refused", async () => {
    const api = serve('choir_admin', [], {
      'POST /choirs/:choirId/announcements': () =>
        apiError(400, 'VALIDATION_ERROR', 'Keep the title under 200 characters', { title: 'Keep the title under 200 characters' }),
    });
    renderAnnouncements();
    expect(await screen.findByRole('link', { name: 'Weekly digest and reminders' })).toHaveAttribute('href', '/dashboard/communications');
    await userEvent.click(await screen.findByRole('button', { name: 'New announcement' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Concert dress');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Black, please.');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Chosen voice parts' }));
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Tenor' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Pin to the top' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Ask members to confirm they have read it' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('Keep the title under 200 characters')).toBeInTheDocument();
    expect(api.bodies('POST', `/choirs/${CHOIR}/announcements`)).toEqual([
      expect.objectContaining({
        title: 'Concert dress',
        body: 'Black, please.',
        voicePartIds: ['p-t'],
        pinned: true,
        requiresAcknowledgement: true,
        publishAt: null,
      }),
    ]);
  });
});
