import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../api/client';
import type { Membership } from '../../app/choir';
import type { Role } from '../../app/permissions';
import { renderServed } from '../../app/shell/sessionStub';
import { apiError, deferred, json, type Handler } from '../../test/api';
import { BACH, canAs, details, GUESTS, SCHOLA, user } from '../../test/fixtures';
import { resetToasts } from '../../test/render';
import { calendarEvent } from '../calendar/testing';
import { DashboardPage, shortcutsFor } from './DashboardPage';
import { upcoming } from './UpcomingEvents';

beforeEach(resetToasts);

function renderDashboard(who: SessionUser, choirs: Membership[], handlers: Record<string, Handler> = {}) {
  const practice = { 'GET /choirs/:choirId/practice/me': () => json({ weekSeconds: 0, pieces: [] }) };
  return renderServed({ user: who, choirs, handlers: { ...practice, ...handlers } }, [{ path: '/dashboard', element: <DashboardPage /> }], '/dashboard');
}

const ALL_SHORTCUTS = [
  'Music Library',
  'Members',
  'Calendar',
  'Announcements',
  'Communications',
  'Analytics',
  'Policies',
  'Choir Settings',
  'Musical Roles',
  'Global Admin',
];

function shownShortcuts() {
  return ALL_SHORTCUTS.filter((label) => screen.queryByRole('link', { name: new RegExp(`^${label}`) }));
}

describe('DashboardPage', () => {
  it("shows the choir's name, place, the role in words and the member count", async () => {
    renderDashboard(user({ lastAccessedChoirId: BACH.choir.id }), [BACH], {
      'GET /choirs/:choirId': () => json(details(BACH, { memberCount: 27 })),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bach Choir' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('Leeds, United Kingdom')).toBeInTheDocument();
    expect(screen.getByText('Your role')).toBeInTheDocument();
    expect(screen.getByText('Choir Administrator')).toBeInTheDocument();
    expect(screen.getByText('Choir members')).toBeInTheDocument();
    expect(await screen.findByText('27')).toBeInTheDocument();
    expect(screen.queryByText('choir_admin')).not.toBeInTheDocument();
  });

  it('holds a skeleton in place of the member count while it loads', async () => {
    const answer = deferred<Response>();
    renderDashboard(user({ lastAccessedChoirId: BACH.choir.id }), [BACH], { 'GET /choirs/:choirId': () => answer.promise });
    expect(await screen.findByRole('status', { name: 'Loading member count' })).toBeInTheDocument();
    answer.resolve(json(details(BACH, { memberCount: 8 })));
    expect(await screen.findByText('8')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading member count' })).not.toBeInTheDocument();
  });

  it('shows a member the member shortcuts only, each a link', async () => {
    renderDashboard(user({ lastAccessedChoirId: SCHOLA.choir.id }), [BACH, SCHOLA]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Schola Cantorum' })).toBeInTheDocument();
    expect(screen.getByText('Member')).toBeInTheDocument();
    expect(screen.getByText('Dublin, Ireland')).toBeInTheDocument();
    expect(shownShortcuts()).toEqual(['Music Library', 'Members', 'Calendar']);
    expect(screen.getByRole('link', { name: /^Music Library/ })).toHaveAttribute('href', '/dashboard/music');
    expect(screen.getByRole('link', { name: /^Members/ })).toHaveAttribute('href', '/dashboard/members');
    expect(screen.getByRole('link', { name: /^Calendar/ })).toHaveAttribute('href', '/dashboard/calendar');
  });

  it('shows a guest what a guest may open', async () => {
    renderDashboard(user({ lastAccessedChoirId: GUESTS.choir.id }), [GUESTS]);
    expect(await screen.findByText('Guest')).toBeInTheDocument();
    expect(shownShortcuts()).toEqual(['Music Library', 'Calendar']);
  });

  it('adds the admin shortcuts for a choir admin', async () => {
    renderDashboard(user({ lastAccessedChoirId: BACH.choir.id }), [BACH]);
    expect(await screen.findByText('Choir Administrator')).toBeInTheDocument();
    expect(shownShortcuts()).toEqual(ALL_SHORTCUTS.filter((l) => l !== 'Global Admin'));
    expect(screen.getByRole('link', { name: /^Choir Settings/ })).toHaveAttribute('href', '/dashboard/settings/choir');
    expect(screen.getByRole('link', { name: /^Musical Roles/ })).toHaveAttribute('href', '/dashboard/settings/musical-roles');
  });

  it('shows a global admin every shortcut and the role Global Administrator', async () => {
    renderDashboard(user({ isGlobalAdmin: true, lastAccessedChoirId: SCHOLA.choir.id }), [SCHOLA]);
    expect(await screen.findByText('Global Administrator')).toBeInTheDocument();
    expect(shownShortcuts()).toEqual(ALL_SHORTCUTS);
    expect(screen.getByRole('link', { name: /^Global Admin/ })).toHaveAttribute('href', '/dashboard/global-admin');
  });

  it('reports a failed load and tries again on request', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    renderDashboard(user({ lastAccessedChoirId: BACH.choir.id }), [BACH], {
      'GET /choirs/:choirId': () => (fail ? apiError(500, 'INTERNAL', 'The server stumbled') : json(details(BACH, { memberCount: 31 }))),
    });
    expect(await screen.findByText("Could not load the choir's details")).toBeInTheDocument();
    // The toast of the error handler, and the message beside the retry button.
    await waitFor(() => expect(screen.getAllByText('The server stumbled')).toHaveLength(2));
    // The name is known from the session all the same.
    expect(screen.getByRole('heading', { level: 1, name: 'Bach Choir' })).toBeInTheDocument();

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('31')).toBeInTheDocument();
    expect(screen.queryByText("Could not load the choir's details")).not.toBeInTheDocument();
  });
});

describe('upcoming events on the dashboard', () => {
  // Sunday 10 May 2026, midday, in the tests' zone.
  const NOW = new Date(2026, 4, 10, 12, 0);
  const at = (d: number, h: number) => new Date(2026, 4, d, h, 0).toISOString();
  const EVENTS = [
    calendarEvent({ id: 'late', title: 'Evensong', eventType: 'service', start: at(17, 18), end: at(17, 19), location: 'Cathedral' }),
    calendarEvent({ id: 'over', title: 'Morning warm-up', start: at(10, 9), end: at(10, 10) }),
    calendarEvent({ id: 'now', title: 'Sectionals', start: at(10, 11), end: at(10, 13) }),
    calendarEvent({ id: 'feast', title: 'Choir outing', eventType: 'other', allDay: true, start: '2026-05-12', end: '2026-05-13' }),
    calendarEvent({ id: 'tue', title: 'Rehearsal', start: at(12, 19), end: at(12, 21), location: 'Church hall' }),
  ];

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    return () => vi.useRealTimers();
  });

  it('lists what has not ended yet, soonest first, with where, for the next 60 days', async () => {
    let asked = '';
    renderDashboard(user({ lastAccessedChoirId: SCHOLA.choir.id }), [SCHOLA], {
      'GET /choirs/:choirId/events': (request) => {
        asked = new URL(request.url).search;
        return json({ events: EVENTS, feasts: [] });
      },
    });
    const list = await screen.findByRole('list', { name: 'Upcoming events' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual(['Sectionals', 'Choir outing', 'Rehearsal', 'Evensong']);
    expect(items[2]).toHaveTextContent('Church hall');
    expect(screen.queryByText('Morning warm-up')).not.toBeInTheDocument();
    expect(new URLSearchParams(asked).get('startDate')).toBe('2026-05-10');
    expect(new URLSearchParams(asked).get('endDate')).toBe('2026-07-09');
    expect(screen.getByRole('link', { name: 'Open the calendar' })).toHaveAttribute('href', '/dashboard/calendar');
  });

  it('says when nothing is planned', async () => {
    renderDashboard(user({ lastAccessedChoirId: GUESTS.choir.id }), [GUESTS]);
    expect(await screen.findByText('Nothing planned in the next 60 days.')).toBeInTheDocument();
  });

  it('says the calendar could not load and tries again on request', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    renderDashboard(user({ lastAccessedChoirId: SCHOLA.choir.id }), [SCHOLA], {
      'GET /choirs/:choirId/events': () => (fail ? apiError(500, 'INTERNAL', 'The server stumbled') : json({ events: EVENTS, feasts: [] })),
    });
    expect(await screen.findByText('Unable to load calendar events. Please refresh the page and try again.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Upcoming events' })).toBeInTheDocument();
  });

  it('keeps at most five', () => {
    const many = Array.from({ length: 8 }, (_, i) => calendarEvent({ id: `e${i}`, title: `Event ${i}`, start: at(20 - i, 19), end: at(20 - i, 20) }));
    expect(upcoming(many, NOW).map((e) => e.title)).toEqual(['Event 7', 'Event 6', 'Event 5', 'Event 4', 'Event 3']);
  });
});

describe('shortcutsFor', () => {
  it('follows the permission table', () => {
    const labels = (role: Role) => shortcutsFor(canAs(role)).map((s) => s.label);
    expect(labels('guest')).toEqual(['Music Library', 'Calendar']);
    expect(labels('member')).toEqual(['Music Library', 'Members', 'Calendar']);
    expect(labels('choir_admin')).not.toContain('Global Admin');
    expect(labels('global_admin')).toEqual(ALL_SHORTCUTS);
  });
});
