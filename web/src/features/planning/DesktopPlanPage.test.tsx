import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/routes';
import { apiError, json, stubFetch, type Handler } from '../../test/api';
import { ada, details, membership, sessionOf } from '../../test/fixtures';
import { renderWithProviders, resetToasts } from '../../test/render';
import type { components } from '../../api/generated/schema';
import type { Plan, PlanUpdate } from './api';
import { COPY_REPLACES } from './CopyPlanModal';
import { DesktopPlanPage } from './DesktopPlanPage';
import { formatLongDate, formatShortDate } from './format';
import { LEAVE_QUESTION } from './leave';
import { NOTE_TOO_LONG } from './usePlanDraft';
import { makeDay, makePlan, piece, PLAN_DATE, planSlot, suggestion, summary } from './testing';

type PlanInputBody = components['schemas']['PlanInput'];

vi.setConfig({ testTimeout: 20000 });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const PAGE = `/dashboard/calendar/plan-music-v3/${PLAN_DATE}`;
const CONFLICT = 'This plan was changed by someone else. Reload it to see their changes.';
const AVE = piece('m1', 'Ave verum corpus', 'W. A. Mozart', '112');

const SUGGESTIONS = [
  suggestion('m2', 'This joyful Eastertide', { match: 'feast', reasons: ['For Easter Sunday', 'weighting 8'] }),
  suggestion('m1', 'Ave verum corpus', { reasons: ['Easter season'], lastSung: ['2027-02-14'] }),
  suggestion('m3', 'Christ the Lord is risen today', {
    heldBack: true,
    reasons: ['For Easter Sunday', 'sung 2 weeks ago, rests 6'],
    lastSung: ['2027-03-14'],
  }),
];

function serve({
  role = 'choir_admin',
  plans = [makePlan()],
  handlers = {},
}: { role?: 'choir_admin' | 'member'; plans?: Plan[]; handlers?: Record<string, Handler> } = {}) {
  const bach = membership('c1', 'Bach Choir', role);
  const state = { plans: [...plans] };
  const server = stubFetch({
    'GET /auth/session': () => json(sessionOf({ ...ada, lastAccessedChoirId: 'c1' }, [bach])),
    'GET /choirs/:choirId': () => json(details(bach)),
    'GET /choirs/:choirId/plan-days/:date': () => json(makeDay()),
    'GET /choirs/:choirId/plans': (req) => {
      const date = new URL(req.url).searchParams.get('date');
      return json(state.plans.filter((p) => p.date === date));
    },
    'POST /choirs/:choirId/plans': (_r, _p, body) => {
      const input = body as PlanInputBody;
      const plan = makePlan({ id: 'p-new', eventId: input.eventId ?? null, version: 1 });
      state.plans.push(plan);
      return json(plan, 201);
    },
    'PUT /choirs/:choirId/plans/:planId': (_r, { planId }, body) => {
      const update = body as PlanUpdate;
      const i = state.plans.findIndex((p) => p.id === planId);
      if (update.version !== state.plans[i].version) return apiError(409, 'CONFLICT', CONFLICT);
      const saved: Plan = {
        ...state.plans[i],
        title: update.title,
        notes: update.notes,
        version: update.version + 1,
        slots: update.slots.map((s) => ({
          label: s.label,
          musicId: s.musicId ?? null,
          note: s.note ?? '',
          durationMinutes: s.durationMinutes ?? null,
          music: s.musicId ? piece(s.musicId, SUGGESTIONS.find((x) => x.music.id === s.musicId)!.music.title) : null,
        })),
      };
      state.plans[i] = saved;
      return json(saved);
    },
    'GET /choirs/:choirId/plans/:planId/suggestions': () =>
      json({ date: PLAN_DATE, season: makeDay().season, feasts: makeDay().feasts, items: SUGGESTIONS }),
    'GET /choirs/:choirId/plans/:planId/copy-sources': () =>
      json({
        sameFeast: [summary('p-2026', '2026-04-05', { pieceCount: 2 })],
        earlier: [summary('p-lent', '2027-03-21', { feastName: 'Fifth Sunday of Lent', pieceCount: 3 })],
      }),
    'POST /choirs/:choirId/plans/:planId/copy': (_r, { planId }) => {
      const i = state.plans.findIndex((p) => p.id === planId);
      state.plans[i] = {
        ...state.plans[i],
        version: state.plans[i].version + 1,
        slots: [planSlot('Gathering', { musicId: 'm1', music: AVE }), planSlot('Sending')],
      };
      return json(state.plans[i]);
    },
    ...handlers,
  });
  return { ...server, state };
}

function renderPage(path = PAGE) {
  resetToasts();
  return renderWithProviders(
    createMemoryRouter(
      [
        { path: '/dashboard/calendar/plan-music-v3/:date', element: <DesktopPlanPage /> },
        { path: '/dashboard/calendar', element: <p>Calendar</p> },
      ],
      { initialEntries: [path] },
    ),
  );
}

const heading = () => screen.findByRole('heading', { level: 1, name: formatLongDate(PLAN_DATE) });
const slot = (name: string) => within(screen.getByRole('listitem', { name }));
const savePlan = () => screen.findByRole('button', { name: 'Save plan' });

describe('DesktopPlanPage', () => {
  it('is the page of its route in the app: the date, season, feasts and the day’s events', async () => {
    serve();
    resetToasts();
    renderWithProviders(createMemoryRouter(routes, { initialEntries: [PAGE] }));
    await heading();
    expect(await screen.findByText('Easter')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Season and feasts' })).getByText('Easter Sunday')).toBeInTheDocument();
    const choices = within(screen.getByRole('radiogroup', { name: 'Plan for' }));
    expect(choices.getByRole('radio', { name: 'Sung Eucharist 10:30' })).toBeChecked();
    expect(choices.getByRole('radio', { name: 'Evensong 18:00' })).not.toBeChecked();
    expect(choices.getByRole('radio', { name: 'Date only' })).toBeInTheDocument();
    expect(await savePlan()).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Previous day' })).toHaveAttribute(
      'href',
      '/dashboard/calendar/plan-music-v3/2027-03-27',
    );
    expect(screen.getByRole('link', { name: 'Next day' })).toHaveAttribute('href', '/dashboard/calendar/plan-music-v3/2027-03-29');
  });

  it('starts the plan of an event that has none, from ?event=', async () => {
    const api = serve({ plans: [] });
    renderPage(`${PAGE}?event=ev-2`);
    expect(await screen.findByRole('radio', { name: 'Evensong 18:00' })).toBeChecked();
    expect(await screen.findByText('No music has been planned for this event.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Plan music for this event' }));
    expect(await screen.findByRole('listitem', { name: 'Entrance' })).toBeInTheDocument();
    expect(api.bodies('POST', '/choirs/c1/plans')).toEqual([{ date: PLAN_DATE, eventId: 'ev-2' }]);
  });

  it('shows the plan someone else started meanwhile', async () => {
    const api = serve({
      plans: [],
      handlers: {
        'POST /choirs/:choirId/plans': () => {
          api.state.plans.push(makePlan());
          return apiError(409, 'CONFLICT', 'This event already has a plan.');
        },
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Plan music for this event' }));
    expect(await screen.findByText('This event already has a plan.')).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Entrance' })).toBeInTheDocument();
  });

  it('plans the date itself under Date only', async () => {
    const api = serve({ plans: [] });
    renderPage();
    await userEvent.click(await screen.findByRole('radio', { name: 'Date only' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Plan music for this date' }));
    await waitFor(() => expect(api.bodies('POST', '/choirs/c1/plans')).toEqual([{ date: PLAN_DATE, eventId: null }]));
  });

  it('places a suggestion with the keyboard alternative and saves the slots with the version', async () => {
    const api = serve();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add to slot: Ave verum corpus' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Psalm' }));
    expect(slot('Psalm').getByText('Ave verum corpus')).toBeInTheDocument();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Move up Psalm' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Easter Day');
    await userEvent.click(await savePlan());
    expect(await screen.findByText('Changes saved successfully')).toBeInTheDocument();
    expect(api.bodies('PUT', '/choirs/c1/plans/p1')).toEqual([
      {
        title: 'Easter Day',
        notes: '',
        slots: [
          { label: 'Psalm', musicId: 'm1', note: '', durationMinutes: null },
          { label: 'Entrance', musicId: null, note: '', durationMinutes: null },
          { label: 'Communion', musicId: null, note: '', durationMinutes: null },
        ],
        version: 3,
      },
    ]);
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument());

    // The next save goes with the version the first one made.
    await userEvent.click(screen.getByRole('button', { name: 'Clear Psalm: Ave verum corpus' }));
    await userEvent.click(await savePlan());
    await waitFor(() => expect(api.count('PUT', '/choirs/c1/plans/p1')).toBe(2));
    expect((api.bodies('PUT', '/choirs/c1/plans/p1')[1] as PlanUpdate).version).toBe(4);
  });

  it('marks the library’s pieces that are in the plan, unsaved changes included', async () => {
    serve({ plans: [makePlan({ slots: [planSlot('Entrance', { musicId: 'm2', music: piece('m2', 'This joyful Eastertide') }), planSlot('Psalm')] })] });
    renderPage();
    const card = (title: string) => within(screen.getByRole('article', { name: title }));
    await screen.findByRole('article', { name: 'This joyful Eastertide' });
    expect(card('This joyful Eastertide').getByText('In this plan')).toBeInTheDocument();
    expect(card('Ave verum corpus').queryByText('In this plan')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add to slot: Ave verum corpus' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Psalm' }));
    expect(card('Ave verum corpus').getByText('In this plan')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear Entrance: This joyful Eastertide' }));
    expect(card('This joyful Eastertide').queryByText('In this plan')).not.toBeInTheDocument();
  });

  it('places a piece dragged from the library onto a slot, and reorders slots by dragging', async () => {
    const api = serve();
    renderPage();
    const card = await screen.findByRole('article', { name: 'This joyful Eastertide' });
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (k: string, v: string) => data.set(k, v),
      getData: (k: string) => data.get(k) ?? '',
      types: ['text/plain'],
      effectAllowed: 'all',
      dropEffect: 'none',
    };
    const target = screen.getByRole('listitem', { name: 'Communion' });
    fireEvent.dragStart(card, { dataTransfer });
    fireEvent.dragOver(target, { dataTransfer });
    fireEvent.drop(target, { dataTransfer });
    expect(slot('Communion').getByText('This joyful Eastertide')).toBeInTheDocument();

    // The last slot's handle, dropped on the first: Communion leads.
    fireEvent.dragStart(screen.getByTestId('drag-slot-2'), { dataTransfer });
    fireEvent.dragOver(screen.getByRole('listitem', { name: 'Entrance' }), { dataTransfer });
    fireEvent.drop(screen.getByRole('listitem', { name: 'Entrance' }), { dataTransfer });

    await userEvent.click(await savePlan());
    await waitFor(() => expect(api.count('PUT', '/choirs/c1/plans/p1')).toBe(1));
    expect((api.bodies('PUT', '/choirs/c1/plans/p1')[0] as PlanUpdate).slots).toEqual([
      { label: 'Communion', musicId: 'm2', note: '', durationMinutes: null },
      { label: 'Entrance', musicId: null, note: '', durationMinutes: null },
      { label: 'Psalm', musicId: null, note: '', durationMinutes: null },
    ]);
  });

  it('lists resting pieces after the others, under Resting, with the reason', async () => {
    serve();
    renderPage();
    const resting = within(await screen.findByRole('region', { name: 'Resting' }));
    expect(resting.getByText('Resting: sung 2 weeks ago, rests 6')).toBeInTheDocument();
    expect(resting.getByRole('article', { name: 'Christ the Lord is risen today' })).toBeInTheDocument();
    const suggested = within(screen.getByRole('list', { name: 'Suggested' }));
    expect(suggested.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'This joyful Eastertide',
      'Ave verum corpus',
    ]);
  });

  it('searches the library', async () => {
    const api = serve();
    renderPage();
    await screen.findByRole('article', { name: 'Ave verum corpus' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the library' }), 'ave');
    await waitFor(() =>
      expect(
        api.fetch.mock.calls.some(([r]) => (r as Request).url.endsWith('/choirs/c1/plans/p1/suggestions?q=ave')),
      ).toBe(true),
    );
  });

  it('says when someone else changed the plan, and reloads it', async () => {
    const api = serve();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add to slot: Ave verum corpus' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Entrance' }));
    // Someone else saves first.
    api.state.plans[0] = { ...api.state.plans[0], version: 4, slots: [planSlot('Introit')] };
    await userEvent.click(await savePlan());
    const reload = await screen.findByRole('button', { name: 'Reload' });
    const alert = within(screen.getAllByRole('alert').find((a) => a.contains(reload))!);
    expect(alert.getByText(CONFLICT)).toBeInTheDocument();
    await userEvent.click(alert.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByRole('listitem', { name: 'Introit' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Entrance' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
    // Saved again, with the version read.
    await userEvent.click(await savePlan());
    await waitFor(() => expect(api.count('PUT', '/choirs/c1/plans/p1')).toBe(2));
    expect((api.bodies('PUT', '/choirs/c1/plans/p1')[1] as PlanUpdate).version).toBe(4);
  });

  it('shows the fields the server refused', async () => {
    serve({
      handlers: {
        'PUT /choirs/:choirId/plans/:planId': () =>
          apiError(400, 'VALIDATION_ERROR', 'Invalid plan', { 'slots.1.note': NOTE_TOO_LONG }),
      },
    });
    renderPage();
    await userEvent.click(await savePlan());
    expect(await slot('Psalm').findByText(NOTE_TOO_LONG)).toBeInTheDocument();
  });

  it('copies an earlier plan over the slots', async () => {
    const api = serve();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Copy from…' }));
    expect(await screen.findByText(COPY_REPLACES)).toBeInTheDocument();
    const sameFeast = within(await screen.findByRole('region', { name: 'Same feast in earlier years' }));
    expect(sameFeast.getByText(`${formatShortDate('2026-04-05')} · Sung Eucharist`)).toBeInTheDocument();
    expect(sameFeast.getByText('Easter Sunday · 2 pieces')).toBeInTheDocument();
    const earlier = within(screen.getByRole('region', { name: 'Earlier plans' }));
    expect(earlier.getByText('Fifth Sunday of Lent · 3 pieces')).toBeInTheDocument();
    await userEvent.click(sameFeast.getByRole('button', { name: `Copy ${formatShortDate('2026-04-05')} Sung Eucharist` }));
    expect(await screen.findByRole('listitem', { name: 'Gathering' })).toBeInTheDocument();
    expect(slot('Gathering').getByText('Ave verum corpus')).toBeInTheDocument();
    expect(api.bodies('POST', '/choirs/c1/plans/p1/copy')).toEqual([{ fromPlanId: 'p-2026' }]);
  });

  it('prints a one-page layout of the plan as it stands: feast, date, pieces with composer and number', async () => {
    serve();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add to slot: Ave verum corpus' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Entrance' }));
    expect(screen.queryByTestId('plan-print')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    const layout = within(screen.getByTestId('plan-print'));
    expect(layout.getByRole('heading', { name: 'Easter Sunday' })).toBeInTheDocument();
    expect(layout.getByText(`${formatLongDate(PLAN_DATE)} · Sung Eucharist`)).toBeInTheDocument();
    expect(layout.getByRole('row', { name: 'Entrance Ave verum corpus W. A. Mozart 112' })).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(screen.queryByTestId('plan-print')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', '/api/v1/choirs/c1/plans/p1/pdf');
  });

  it('asks before leaving with unsaved changes', async () => {
    serve();
    const { router } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Move down Entrance' }));
    await userEvent.click(screen.getByRole('link', { name: 'Next day' }));
    expect(await screen.findByText(LEAVE_QUESTION)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe(PAGE);
    await userEvent.click(screen.getByRole('link', { name: 'Next day' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/calendar/plan-music-v3/2027-03-29'));
  });

  it('shows a member the plan to read, with a practise link for each piece, and nothing to change', async () => {
    const api = serve({
      role: 'member',
      plans: [
        makePlan({
          notes: 'Bring the Easter folder',
          slots: [planSlot('Entrance', { musicId: 'm1', music: AVE, durationMinutes: 4 }), planSlot('Psalm')],
        }),
      ],
    });
    renderPage();
    const entrance = within(await screen.findByRole('listitem', { name: 'Entrance' }));
    expect(entrance.getByText('Ave verum corpus — W. A. Mozart (No. 112)')).toBeInTheDocument();
    expect(entrance.getByRole('link', { name: 'Practise Ave verum corpus' })).toHaveAttribute(
      'href',
      '/dashboard/music/m1?practice=true',
    );
    expect(screen.getByText('Bring the Easter folder')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', '/api/v1/choirs/c1/plans/p1/pdf');
    expect(screen.queryByRole('button', { name: 'Save plan' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy from…' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(api.count('GET', '/choirs/c1/plans/p1/suggestions')).toBe(0);
  });

  it('tells a member when nothing is planned, without offering to plan', async () => {
    serve({ role: 'member', plans: [] });
    renderPage();
    expect(await screen.findByText('No music has been planned for this event.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Plan music/ })).not.toBeInTheDocument();
  });
});

describe('DesktopPlanPage: search + Enter, and emailing the plan', () => {
  /** The library's search as the server answers it: pieces whose title has the text. */
  const searching: Record<string, Handler> = {
    'GET /choirs/:choirId/plans/:planId/suggestions': (req) => {
      const q = (new URL(req.url).searchParams.get('q') ?? '').toLowerCase();
      const items = SUGGESTIONS.filter((s) => s.music.title.toLowerCase().includes(q));
      return json({ date: PLAN_DATE, season: makeDay().season, feasts: makeDay().feasts, items });
    },
    'GET /choirs/:choirId/musical-roles': () => json([]),
    'POST /choirs/:choirId/events/:eventId/email': () => json({ recipients: 12, copyToSender: false }),
  };

  it('adds the best match of a search to the next empty slot with Enter, and saves nothing', async () => {
    const api = serve({ handlers: searching });
    renderPage();
    await savePlan();
    const search = screen.getByRole('searchbox', { name: 'Search the library' });
    await userEvent.type(search, 'ave{Enter}');
    expect(await screen.findByText('Added Ave verum corpus to Entrance.')).toBeInTheDocument();
    expect(slot('Entrance').getByText('Ave verum corpus')).toBeInTheDocument();
    expect(search).toHaveValue('');
    // The next match goes to the next empty slot; one already planned is passed over.
    await userEvent.type(search, 'e{Enter}');
    expect(await screen.findByText('Added This joyful Eastertide to Psalm.')).toBeInTheDocument();
    await userEvent.type(search, 'zzz{Enter}');
    expect(await screen.findByText('No pieces match "zzz".')).toBeInTheDocument();
    expect(api.count('PUT', '/choirs/c1/plans/p1')).toBe(0);
  });

  it('offers to email the plan right after Save plan, and sends the event with one confirm', async () => {
    const api = serve({ handlers: searching });
    renderPage();
    const save = await savePlan();
    const email = screen.getByRole('button', { name: 'Email this plan to the choir' });
    // Right after 'Save plan'.
    expect(save.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.click(email);
    const dialog = within(await screen.findByRole('dialog', { name: 'Email this plan to the choir' }));
    // The voice-part choice of the event's email.
    expect(dialog.getByRole('radio', { name: 'Chosen voice parts' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Email sent to 12 members')).toBeInTheDocument();
    expect(api.count('POST', '/choirs/c1/events/ev-1/email')).toBe(1);
    expect(api.count('PUT', '/choirs/c1/plans/p1')).toBe(0);
  });

  it('saves unsaved changes before the email is written, and says so', async () => {
    const api = serve({ handlers: searching });
    renderPage();
    await savePlan();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the library' }), 'ave{Enter}');
    await screen.findByText('Added Ave verum corpus to Entrance.');
    const email = screen.getByRole('button', { name: 'Email this plan to the choir' });
    expect(email).toHaveAccessibleDescription(
      'The plan has unsaved changes: they are saved before the email is written.',
    );
    await userEvent.click(email);
    await screen.findByRole('dialog', { name: 'Email this plan to the choir' });
    expect(api.bodies('PUT', '/choirs/c1/plans/p1')).toHaveLength(1);
    expect((api.bodies('PUT', '/choirs/c1/plans/p1')[0] as PlanUpdate).slots[0].musicId).toBe('m1');
    expect(screen.queryByText(/unsaved changes: they are saved/)).not.toBeInTheDocument();
  });

  it('does not open the email when the save is refused', async () => {
    const api = serve({
      handlers: { ...searching, 'PUT /choirs/:choirId/plans/:planId': () => apiError(409, 'CONFLICT', CONFLICT) },
    });
    renderPage();
    await savePlan();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the library' }), 'ave{Enter}');
    await screen.findByText('Added Ave verum corpus to Entrance.');
    await userEvent.click(screen.getByRole('button', { name: 'Email this plan to the choir' }));
    expect((await screen.findAllByText(CONFLICT)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('dialog', { name: 'Email this plan to the choir' })).not.toBeInTheDocument();
    expect(api.count('POST', '/choirs/c1/events/ev-1/email')).toBe(0);
  });

  it('offers no email to those who may not email the choir, nor for a date-only plan', async () => {
    serve({ role: 'member' });
    const { unmount } = renderPage();
    await heading();
    await screen.findByRole('region', { name: 'Plan' });
    expect(screen.queryByRole('button', { name: 'Email this plan to the choir' })).not.toBeInTheDocument();
    unmount();
    serve({ plans: [makePlan({ eventId: null })] });
    renderPage(`${PAGE}?event=`);
    await savePlan();
    expect(screen.queryByRole('button', { name: 'Email this plan to the choir' })).not.toBeInTheDocument();
  });
});
