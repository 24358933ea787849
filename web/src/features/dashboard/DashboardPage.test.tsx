import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../api/client';
import type { Membership } from '../../app/choir';
import { warmFirstPage } from '../../app/firstPage';
import type { Role } from '../../app/permissions';
import { renderServed, stubServer } from '../../app/shell/sessionStub';
import { apiError, deferred, json, noContent, type Handler } from '../../test/api';
import { BACH, canAs, details, GUESTS, SCHOLA, user } from '../../test/fixtures';
import { renderWithProviders, resetToasts, testQueryClient } from '../../test/render';
import { calendarEvent } from '../calendar/testing';
import { DashboardPage, shortcutsFor } from './DashboardPage';
import type { Week, WeekEvent } from './weekApi';

beforeEach(resetToasts);

const EMPTY_WEEK: Week = { upcoming: [], canAnswer: true };

function renderDashboard(who: SessionUser, choirs: Membership[], handlers: Record<string, Handler> = {}) {
  const defaults = {
    'GET /choirs/:choirId/practice/me': () => json({ weekSeconds: 0, pieces: [] }),
    'GET /choirs/:choirId/week': () => json(EMPTY_WEEK),
  };
  return renderServed({ user: who, choirs, handlers: { ...defaults, ...handlers } }, [{ path: '/dashboard', element: <DashboardPage /> }], '/dashboard');
}

const ALL_SHORTCUTS = [
  'Music Library',
  'Members',
  'Calendar',
  'Announcements',
  'Communications',
  'Analytics',
  'My year',
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
    expect(shownShortcuts()).toEqual(['Music Library', 'Members', 'Calendar', 'My year']);
    expect(screen.getByRole('link', { name: /^Music Library/ })).toHaveAttribute('href', '/dashboard/music');
    expect(screen.getByRole('link', { name: /^Members/ })).toHaveAttribute('href', '/dashboard/members');
    expect(screen.getByRole('link', { name: /^Calendar/ })).toHaveAttribute('href', '/dashboard/calendar');
  });

  it('shows a guest what a guest may open', async () => {
    renderDashboard(user({ lastAccessedChoirId: GUESTS.choir.id }), [GUESTS]);
    expect(await screen.findByText('Guest')).toBeInTheDocument();
    expect(shownShortcuts()).toEqual(['Music Library', 'Calendar', 'My year']);
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

describe("the singer's week", () => {
  const at = (d: number, h: number) => new Date(2026, 4, d, h, 0).toISOString();
  const rehearsal: WeekEvent = {
    event: calendarEvent({ id: 'reh-1', title: 'Thursday Rehearsal', start: at(14, 19), end: at(14, 21), location: 'Church hall' }),
    answerable: true,
    planDate: '2026-05-14',
    pieces: [],
  };
  const mass: WeekEvent = {
    event: calendarEvent({ id: 'mass-1', title: 'Sunday Mass', eventType: 'service', start: at(17, 10), end: at(17, 11) }),
    myAnswer: 'maybe',
    answerable: true,
    planDate: '2026-05-17',
    pieces: [
      { musicId: 'm-kyrie', title: 'Kyrie from the Missa de Angelis, sung in alternation', hasScore: true, hasRecording: false },
      { musicId: 'm-ave', title: 'Ave verum', hasScore: false, hasRecording: true },
    ],
  };
  const week = (extra: Partial<Week> = {}): Week => ({
    rehearsal,
    service: mass,
    upcoming: [rehearsal.event, mass.event],
    canAnswer: true,
    ...extra,
  });
  const card = (name: string) => screen.getByRole('region', { name });

  it('answers for the next rehearsal in one tap and keeps the answer pressed', async () => {
    let answered: WeekEvent['myAnswer'];
    const { server } = renderDashboard(user({ lastAccessedChoirId: SCHOLA.choir.id }), [SCHOLA], {
      'GET /choirs/:choirId/week': () => json(week({ rehearsal: { ...rehearsal, myAnswer: answered } })),
      'PUT /choirs/:choirId/events/:eventId/rsvp': (_r, _p, body) => {
        answered = (body as { status: WeekEvent['myAnswer'] }).status;
        return json({ status: answered, answerable: true });
      },
    });
    await screen.findByRole('region', { name: 'Thursday Rehearsal' });
    const going = within(card('Thursday Rehearsal')).getByRole('button', { name: "I'll be there" });
    expect(going).toHaveAttribute('aria-pressed', 'false');
    expect(within(card('Sunday Mass')).getByRole('button', { name: 'Maybe' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(going);
    await waitFor(() => expect(going).toHaveAttribute('aria-pressed', 'true'));
    expect(server.bodies('PUT', '/choirs/c-schola/events/reh-1/rsvp')).toEqual([{ status: 'going' }]);
    expect(await screen.findByText('RSVP updated successfully!')).toBeInTheDocument();
  });

  it('closes the answers of an event that has started', async () => {
    renderDashboard(user({ lastAccessedChoirId: SCHOLA.choir.id }), [SCHOLA], {
      'GET /choirs/:choirId/week': () => json(week({ rehearsal: { ...rehearsal, answerable: false } })),
    });
    await screen.findByRole('region', { name: 'Thursday Rehearsal' });
    expect(within(card('Thursday Rehearsal')).getByRole('button', { name: 'Maybe' })).toBeDisabled();
    expect(within(card('Thursday Rehearsal')).getByText('Answers are closed: this event has started.')).toBeInTheDocument();
  });

  it('offers Practise for each piece of the plan, and links every event to its place on the calendar', async () => {
    renderDashboard(user({ lastAccessedChoirId: SCHOLA.choir.id }), [SCHOLA], { 'GET /choirs/:choirId/week': () => json(week()) });
    await screen.findByRole('region', { name: 'Sunday Mass' });
    const pieces = within(card('Sunday Mass')).getByRole('list', { name: 'Music to practise' });
    const practise = within(pieces).getAllByRole('link', { name: /^Practise/ });
    expect(practise.map((a) => a.getAttribute('href'))).toEqual(['/dashboard/music/m-kyrie?practice=true', '/dashboard/music/m-ave?practice=true']);
    expect(practise[1]).toHaveAccessibleName('Practise Ave verum');
    expect(within(card('Thursday Rehearsal')).queryByRole('list', { name: 'Music to practise' })).not.toBeInTheDocument();

    expect(within(card('Sunday Mass')).getByRole('link', { name: 'Sunday Mass' })).toHaveAttribute(
      'href',
      `/dashboard/calendar?event=mass-1&date=${mass.event.start.slice(0, 10)}`,
    );
    const upcoming = screen.getByRole('list', { name: 'Upcoming events' });
    expect(within(upcoming).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      `/dashboard/calendar?event=reh-1&date=${rehearsal.event.start.slice(0, 10)}`,
      `/dashboard/calendar?event=mass-1&date=${mass.event.start.slice(0, 10)}`,
    ]);
    // Planning is for those who may plan; a singer sees no link to it, nor who has not answered.
    expect(screen.queryByRole('link', { name: 'Plan music' })).not.toBeInTheDocument();
    expect(screen.queryByText('Not answered yet')).not.toBeInTheDocument();
  });

  it('shows a director who has not answered, by part, and the way to plan the service', async () => {
    renderDashboard(user({ lastAccessedChoirId: BACH.choir.id }), [BACH], {
      'GET /choirs/:choirId/week': () =>
        json(
          week({
            rehearsal: { ...rehearsal, unanswered: [] },
            service: {
              ...mass,
              unanswered: [
                { part: 'Soprano', members: [{ userId: 'u1', name: 'Ada Adams' }] },
                { part: 'Alto', members: [{ userId: 'u1', name: 'Ada Adams' }, { userId: 'u2', name: 'Bea Byrd' }] },
              ],
            },
          }),
        ),
    });
    await screen.findByRole('region', { name: 'Sunday Mass' });
    const list = within(card('Sunday Mass')).getByRole('list', { name: 'Not answered yet' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Soprano: Ada Adams', 'Alto: Ada Adams, Bea Byrd']);
    expect(within(card('Thursday Rehearsal')).getByText('Everyone has answered.')).toBeInTheDocument();
    expect(within(card('Sunday Mass')).getByRole('link', { name: 'Plan music' })).toHaveAttribute(
      'href',
      '/dashboard/calendar/plan-music/2026-05-17?event=mass-1',
    );
    expect(within(card('Thursday Rehearsal')).queryByRole('link', { name: 'Plan music' })).not.toBeInTheDocument();
  });

  it('says when nothing is planned', async () => {
    renderDashboard(user({ lastAccessedChoirId: GUESTS.choir.id }), [GUESTS]);
    expect(await screen.findByText('Nothing planned in the next 60 days.')).toBeInTheDocument();
  });

  it('says the week could not load and tries again on request', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    renderDashboard(user({ lastAccessedChoirId: SCHOLA.choir.id }), [SCHOLA], {
      'GET /choirs/:choirId/week': () => (fail ? apiError(500, 'INTERNAL', 'The server stumbled') : json(week())),
    });
    expect(await screen.findByText('Unable to load calendar events. Please refresh the page and try again.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Upcoming events' })).toBeInTheDocument();
  });
});

describe('the getting-started checklist', () => {
  it('shows each step ticked or not, each a link to where it is done, and goes when dismissed', async () => {
    const checklist = { singersInvited: false, musicAdded: true, rehearsalSet: false, sundayPlanned: false };
    const { server } = renderDashboard(user({ lastAccessedChoirId: BACH.choir.id }), [BACH], {
      'GET /choirs/:choirId/week': () => json({ ...EMPTY_WEEK, checklist }),
      'PUT /choirs/:choirId/week/dismissals/:what': () => noContent(),
    });
    const section = await screen.findByRole('region', { name: 'Getting started' });
    expect(within(section).getByText('1 of 4 done')).toBeInTheDocument();
    const steps = within(section).getAllByRole('link');
    expect(steps.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Invite singers with their voice parts', '/dashboard/members'],
      ['Add music (done)', '/dashboard/music'],
      ['Set the weekly rehearsal', '/dashboard/calendar'],
      ['Plan next Sunday', '/dashboard/calendar/plan-music'],
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss checklist' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Getting started' })).not.toBeInTheDocument());
    expect(server.calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual(['/choirs/c-bach/week/dismissals/checklist']);
  });

  it('is read again when the director comes back from doing a step, and ticks it', async () => {
    let musicAdded = false;
    const { server } = renderServed(
      {
        user: user({ lastAccessedChoirId: BACH.choir.id }),
        choirs: [BACH],
        handlers: {
          'GET /choirs/:choirId/practice/me': () => json({ weekSeconds: 0, pieces: [] }),
          'GET /choirs/:choirId/week': () =>
            json({ ...EMPTY_WEEK, checklist: { singersInvited: false, musicAdded, rehearsalSet: false, sundayPlanned: false } }),
        },
      },
      [
        { path: '/dashboard', element: <DashboardPage /> },
        { path: '/dashboard/music', element: <Link to="/dashboard">Back to the dashboard</Link> },
      ],
      '/dashboard',
    );
    const section = await screen.findByRole('region', { name: 'Getting started' });
    await userEvent.click(within(section).getByRole('link', { name: 'Add music' }));
    musicAdded = true; // the piece is added in the library
    await userEvent.click(await screen.findByRole('link', { name: 'Back to the dashboard' }));
    expect(await screen.findByRole('link', { name: 'Add music (done)' })).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path === '/choirs/c-bach/week')).toHaveLength(2);
  });

  it('ticks a step that the server reports done', async () => {
    renderDashboard(user({ lastAccessedChoirId: BACH.choir.id }), [BACH], {
      'GET /choirs/:choirId/week': () =>
        json({ ...EMPTY_WEEK, checklist: { singersInvited: true, musicAdded: true, rehearsalSet: true, sundayPlanned: false } }),
    });
    const section = await screen.findByRole('region', { name: 'Getting started' });
    expect(within(section).getByText('3 of 4 done')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Set the weekly rehearsal (done)' })).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Plan next Sunday' })).toBeInTheDocument();
  });

  it('is not there when the server sends none', async () => {
    renderDashboard(user({ lastAccessedChoirId: SCHOLA.choir.id }), [SCHOLA]);
    expect(await screen.findByText('Nothing planned in the next 60 days.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Getting started' })).not.toBeInTheDocument();
  });
});

describe('the voice-part question', () => {
  const PARTS = [
    { id: 'p-s', name: 'Soprano', sortOrder: 1 },
    { id: 'p-a', name: 'Alto', sortOrder: 2 },
  ];

  it('asks a singer without a part, and saves the part chosen with one tap', async () => {
    const { server } = renderDashboard(user({ lastAccessedChoirId: SCHOLA.choir.id }), [SCHOLA], {
      'GET /choirs/:choirId/week': () => json({ ...EMPTY_WEEK, voicePartQuestion: PARTS }),
      'PUT /choirs/:choirId/members/:userId/musical-roles': (_r, { userId }) =>
        json({ userId, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', role: 'member', musicalRoles: [PARTS[1]] }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Which part do you sing?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Alto' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.bodies('PUT', `/choirs/c-schola/members/${user().id}/musical-roles`)).toEqual([{ musicalRoleIds: ['p-a'] }]);
    expect(await screen.findByText('Voice parts saved')).toBeInTheDocument();
  });

  it("remembers 'Not now' on the server, so it is asked only once", async () => {
    let asked = true;
    const { server } = renderDashboard(user({ lastAccessedChoirId: SCHOLA.choir.id }), [SCHOLA], {
      'GET /choirs/:choirId/week': () => json({ ...EMPTY_WEEK, voicePartQuestion: asked ? PARTS : undefined }),
      'PUT /choirs/:choirId/week/dismissals/:what': () => {
        asked = false;
        return noContent();
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Which part do you sing?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual(['/choirs/c-schola/week/dismissals/voicePartQuestion']);
  });

  it('is not asked when the server does not ask', async () => {
    renderDashboard(user({ lastAccessedChoirId: SCHOLA.choir.id }), [SCHOLA]);
    expect(await screen.findByText('Nothing planned in the next 60 days.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('shortcutsFor', () => {
  it('follows the permission table', () => {
    const labels = (role: Role) => shortcutsFor(canAs(role)).map((s) => s.label);
    expect(labels('guest')).toEqual(['Music Library', 'Calendar', 'My year']);
    expect(labels('member')).toEqual(['Music Library', 'Members', 'Calendar', 'My year']);
    expect(labels('choir_admin')).not.toContain('Global Admin');
    expect(labels('global_admin')).toEqual(ALL_SHORTCUTS);
  });
});

describe('while the week loads', () => {
  it("holds the checklist's place on a director's first visit, and takes the week's shape of the last visit after", async () => {
    const first = deferred<Response>();
    const { unmount } = renderDashboard(user({ lastAccessedChoirId: BACH.choir.id }), [BACH], { 'GET /choirs/:choirId/week': () => first.promise });
    expect(await screen.findByRole('status', { name: 'Loading the checklist' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading your week' })).toBeInTheDocument();
    first.resolve(json(EMPTY_WEEK));
    expect(await screen.findByText('Nothing planned in the next 60 days.')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading the checklist' })).not.toBeInTheDocument();
    unmount();

    // The checklist was not there: the next visit holds no place for it.
    const second = deferred<Response>();
    renderDashboard(user({ lastAccessedChoirId: BACH.choir.id }), [BACH], { 'GET /choirs/:choirId/week': () => second.promise });
    expect(await screen.findByRole('status', { name: 'Loading your week' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading the checklist' })).not.toBeInTheDocument();
    second.resolve(json(EMPTY_WEEK));
    expect(await screen.findByText('Nothing planned in the next 60 days.')).toBeInTheDocument();
  });

  it('holds no checklist place for a singer, who is never shown it', async () => {
    const week = deferred<Response>();
    renderDashboard(user({ lastAccessedChoirId: SCHOLA.choir.id }), [BACH, SCHOLA], { 'GET /choirs/:choirId/week': () => week.promise });
    expect(await screen.findByRole('status', { name: 'Loading your week' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading the checklist' })).not.toBeInTheDocument();
    week.resolve(json(EMPTY_WEEK));
    expect(await screen.findByText('Nothing planned in the next 60 days.')).toBeInTheDocument();
  });
});

describe('the dashboard the app opens on', () => {
  it('reads the week once with the warm-up, and again when the singer comes back', async () => {
    const server = stubServer({
      user: user({ lastAccessedChoirId: SCHOLA.choir.id }),
      choirs: [SCHOLA],
      handlers: {
        'GET /choirs/:choirId/practice/me': () => json({ weekSeconds: 0, pieces: [] }),
        'GET /choirs/:choirId/week': () => json(EMPTY_WEEK),
      },
    });
    const weekReads = () => server.calls.filter((c) => c.path === `/choirs/${SCHOLA.choir.id}/week`).length;
    const queryClient = testQueryClient();
    await warmFirstPage(queryClient, '/dashboard');
    expect(weekReads()).toBe(1);

    const router = createMemoryRouter(
      [
        { path: '/dashboard', element: <DashboardPage /> },
        { path: '/elsewhere', element: <Link to="/dashboard">Back</Link> },
      ],
      { initialEntries: ['/dashboard'] },
    );
    renderWithProviders(router, queryClient);
    expect(await screen.findByRole('heading', { level: 1, name: SCHOLA.choir.name })).toBeInTheDocument();
    expect(screen.getByText('Nothing planned in the next 60 days.')).toBeInTheDocument();
    // The practice card's code came with the warm-up: the card renders with the page, not a moment after.
    expect(screen.getByText(/^No practice yet/)).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading your practice' })).not.toBeInTheDocument();
    expect(weekReads()).toBe(1);

    await router.navigate('/elsewhere');
    await userEvent.click(await screen.findByRole('link', { name: 'Back' }));
    await waitFor(() => expect(weekReads()).toBe(2));
  });
});
