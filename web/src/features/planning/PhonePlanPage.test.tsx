import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json } from '../../test/api';
import type { components } from '../../api/generated/schema';
import type { Plan } from './api';

type PlanInput = components['schemas']['PlanInput'];
import { chosenEvent, PhonePlanPage } from './PhonePlanPage';
import { makeDay, makePlan, piece, PLAN_DATE, planSlot, renderAt, serveChoir, suggestion, summary } from './testing';

vi.setConfig({ testTimeout: 30000 });
beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

const PATTERN = '/dashboard/calendar/plan-music-v2/:date';
const PAGE = `/dashboard/calendar/plan-music-v2/${PLAN_DATE}`;

const CONFLICT = 'This plan was changed by someone else. Reload it to see their changes.';

const SUGGESTIONS = [
  suggestion('m1', 'Ave verum corpus', { match: 'feast', reasons: ['For Easter Sunday', 'weighting 8'], lastSung: ['2026-04-05'] }),
  suggestion('m2', 'Ave Maria', { heldBack: true, reasons: ['sung 2 weeks ago, rests 6'], lastSung: ['2027-03-14'] }),
  suggestion('m3', 'This joyful Eastertide'),
];

function serve(role: 'choir_admin' | 'member', plans: Plan[]) {
  const state = { plans };
  const api = serveChoir(role, {
    'GET /choirs/:choirId/plan-days/:date': () => json(makeDay()),
    'GET /choirs/:choirId/plans': () => json(state.plans),
    'POST /choirs/:choirId/plans': (_r, _p, body) => {
      const input = body as PlanInput;
      const created = makePlan({ id: 'p-new', eventId: input.eventId ?? null, eventTitle: 'Evensong', version: 1 });
      state.plans = [...state.plans, created];
      return json(created, 201);
    },
    'PUT /choirs/:choirId/plans/:planId': (_r, { planId }, body) => {
      const sent = body as { notes: string; slots: { label: string; musicId: string | null }[]; version: number };
      if (sent.version !== state.plans.find((p) => p.id === planId)!.version) return apiError(409, 'CONFLICT', CONFLICT);
      const saved = makePlan({
        id: planId,
        notes: sent.notes,
        version: sent.version + 1,
        slots: sent.slots.map((s) => planSlot(s.label, { musicId: s.musicId, music: s.musicId === 'm1' ? piece('m1', 'Ave verum corpus', 'W. A. Mozart') : null })),
      });
      state.plans = state.plans.map((p) => (p.id === planId ? saved : p));
      return json(saved);
    },
    'GET /choirs/:choirId/plans/:planId/suggestions': (req) => {
      const q = (new URL(req.url).searchParams.get('q') ?? '').toLowerCase();
      return json({ date: PLAN_DATE, season: null, feasts: [], items: SUGGESTIONS.filter((s) => s.music.title.toLowerCase().includes(q)) });
    },
  });
  return { ...api, state };
}

describe('chosenEvent', () => {
  const day = makeDay();
  it('takes the event asked for when the day has it, else the first event', () => {
    expect(chosenEvent(day, 'ev-2')).toBe('ev-2');
    expect(chosenEvent(day, '')).toBe('');
    expect(chosenEvent(day, 'ev-9')).toBe('ev-1');
    expect(chosenEvent(day, null)).toBe('ev-1');
    expect(chosenEvent(makeDay({ events: [] }), null)).toBe('');
  });
});

describe('PhonePlanPage', () => {
  it('adds a piece found by search to a slot, shows why a piece rests, and saves the plan in its new order', async () => {
    const api = serve('choir_admin', [makePlan({ notes: '' })]);
    renderAt(PATTERN, <PhonePlanPage />, PAGE);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a piece to Psalm' }));

    const search = await screen.findByRole('dialog', { name: 'Add a piece to Psalm' });
    await userEvent.type(within(search).getByRole('textbox', { name: 'Search the library' }), 'ave');
    await waitFor(() => expect(within(search).queryByRole('article', { name: 'This joyful Eastertide' })).not.toBeInTheDocument());
    const resting = within(search).getByRole('article', { name: 'Ave Maria' });
    expect(within(resting).getByText('Resting: sung 2 weeks ago, rests 6')).toBeInTheDocument();
    const ave = within(search).getByRole('article', { name: 'Ave verum corpus' });
    expect(within(ave).getByText('For Easter Sunday')).toBeInTheDocument();
    await userEvent.click(within(ave).getByRole('button', { name: 'Add Ave verum corpus' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a piece to Psalm' })).not.toBeInTheDocument());
    const psalm = screen.getByRole('region', { name: 'Psalm' });
    expect(within(psalm).getByText('Ave verum corpus')).toBeInTheDocument();
    await userEvent.click(within(psalm).getByRole('button', { name: 'Move up Psalm' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'What to bring, what to practise' }), 'Bring the blue folder');
    await userEvent.click(screen.getByRole('button', { name: 'Save plan' }));

    expect(await screen.findByText('Changes saved successfully')).toBeInTheDocument();
    expect(api.bodies('PUT', '/choirs/c1/plans/p1')).toEqual([
      {
        title: '',
        notes: 'Bring the blue folder',
        version: 3,
        slots: [
          { label: 'Psalm', musicId: 'm1', note: '', durationMinutes: null },
          { label: 'Entrance', musicId: null, note: '', durationMinutes: null },
          { label: 'Communion', musicId: null, note: '', durationMinutes: null },
        ],
      },
    ]);
    const cards = screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'));
    expect(cards).toEqual(['Psalm', 'Entrance', 'Communion']);
  });

  it('marks the pieces found that are in the plan already', async () => {
    serve('choir_admin', [makePlan({ slots: [planSlot('Entrance', { musicId: 'm1', music: piece('m1', 'Ave verum corpus', 'W. A. Mozart') }), planSlot('Psalm')] })]);
    renderAt(PATTERN, <PhonePlanPage />, PAGE);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a piece to Psalm' }));
    const search = await screen.findByRole('dialog', { name: 'Add a piece to Psalm' });
    const ave = await within(search).findByRole('article', { name: 'Ave verum corpus' });
    expect(within(ave).getByText('In this plan')).toBeInTheDocument();
    expect(within(within(search).getByRole('article', { name: 'Ave Maria' })).queryByText('In this plan')).not.toBeInTheDocument();
  });

  it('opens the event of ?event= and starts its plan from the template', async () => {
    const api = serve('choir_admin', [makePlan()]);
    renderAt(PATTERN, <PhonePlanPage />, `${PAGE}?event=ev-2`);
    expect(await screen.findByRole('radio', { name: 'Evensong 18:00' })).toBeChecked();
    expect(await screen.findByText('No music planned yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Plan music for this event' }));
    expect(await screen.findByRole('button', { name: 'Add a piece to Entrance' })).toBeInTheDocument();
    expect(api.bodies('POST', '/choirs/c1/plans')).toEqual([{ date: PLAN_DATE, eventId: 'ev-2' }]);
  });

  it("copies last year's plan of the same feast into the plan", async () => {
    const copied = makePlan({
      version: 4,
      slots: [planSlot('Introit', { musicId: 'm9', music: piece('m9', 'Haec dies', 'William Byrd') }), planSlot('Alleluia')],
    });
    const api = serveChoir('choir_admin', {
      'GET /choirs/:choirId/plan-days/:date': () => json(makeDay()),
      'GET /choirs/:choirId/plans': () => json([makePlan()]),
      'GET /choirs/:choirId/plans/:planId/copy-sources': () =>
        json({ sameFeast: [summary('p-2026', '2026-04-05', { eventTitle: 'Easter Day' })], earlier: [] }),
      'POST /choirs/:choirId/plans/:planId/copy': () => json(copied),
    });
    renderAt(PATTERN, <PhonePlanPage />, PAGE);
    await userEvent.click(await screen.findByRole('button', { name: 'Copy from…' }));
    const sameFeast = within(await screen.findByRole('region', { name: 'Same feast in earlier years' }));
    await userEvent.click(await sameFeast.findByRole('button', { name: /^Copy / }));
    const introit = await screen.findByRole('region', { name: 'Introit' });
    expect(within(introit).getByText('Haec dies')).toBeInTheDocument();
    expect(api.bodies('POST', '/choirs/c1/plans/p1/copy')).toEqual([{ fromPlanId: 'p-2026' }]);
  });

  it('asks before another event of the day replaces unsaved changes', async () => {
    serve('choir_admin', [makePlan()]);
    renderAt(PATTERN, <PhonePlanPage />, PAGE);
    const entrance = await screen.findByRole('region', { name: 'Entrance' });
    await userEvent.click(within(entrance).getByRole('button', { name: 'Move down Entrance' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Evensong 18:00' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave this page?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('radio', { name: 'Sung Eucharist 10:30' })).toBeChecked();
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual(['Psalm', 'Entrance', 'Communion']);
  });

  it('says when someone else changed the plan, and reloads it', async () => {
    const api = serve('choir_admin', [makePlan()]);
    renderAt(PATTERN, <PhonePlanPage />, PAGE);
    const entrance = await screen.findByRole('region', { name: 'Entrance' });
    await userEvent.click(within(entrance).getByRole('button', { name: 'Move down Entrance' }));
    // Someone else saves first.
    api.state.plans = [makePlan({ version: 4, slots: [planSlot('Introit')] })];
    await userEvent.click(screen.getByRole('button', { name: 'Save plan' }));
    const reload = await screen.findByRole('button', { name: 'Reload' });
    const alert = within(screen.getAllByRole('alert').find((a) => a.contains(reload))!);
    expect(alert.getByText(CONFLICT)).toBeInTheDocument();
    await userEvent.click(reload);
    expect(await screen.findByRole('region', { name: 'Introit' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Entrance' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
    // Saved again, with the version read.
    await userEvent.click(screen.getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(api.count('PUT', '/choirs/c1/plans/p1')).toBe(2));
    expect((api.bodies('PUT', '/choirs/c1/plans/p1')[1] as { version: number }).version).toBe(4);
  });

  it('shows a member the plan without a way to change it', async () => {
    serve('member', [makePlan({ slots: [planSlot('Entrance', { musicId: 'm1', music: piece('m1', 'Ave verum corpus', 'W. A. Mozart') }), planSlot('Psalm')] })]);
    renderAt(PATTERN, <PhonePlanPage />, PAGE);
    const entrance = await screen.findByRole('region', { name: 'Entrance' });
    expect(within(entrance).getByText('Ave verum corpus')).toBeInTheDocument();
    expect(screen.getByText('Nothing chosen yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', '/api/v1/choirs/c1/plans/p1/pdf');
    expect(screen.queryByRole('button', { name: 'Save plan' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add a piece/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Slot templates' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Usage report' })).toHaveAttribute('href', '/dashboard/calendar/music-usage');
  });
});

describe('PhonePlanPage: emailing the plan', () => {
  function serveEmail(role: 'choir_admin' | 'member') {
    const api = serve(role, [makePlan()]);
    return api;
  }

  it('offers the email right after Save plan, saving unsaved changes first', async () => {
    const api = serveEmail('choir_admin');
    renderAt(PATTERN, <PhonePlanPage />, PAGE);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a piece to Psalm' }));
    const search = await screen.findByRole('dialog', { name: 'Add a piece to Psalm' });
    await userEvent.type(within(search).getByRole('textbox', { name: 'Search the library' }), 'verum');
    await userEvent.click(await within(search).findByRole('button', { name: 'Add Ave verum corpus' }));
    const save = screen.getByRole('button', { name: 'Save plan' });
    const button = screen.getByRole('button', { name: 'Email this plan to the choir' });
    expect(save.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(button).toHaveAccessibleDescription('The plan has unsaved changes: they are saved before the email is written.');
    await userEvent.click(button);
    const dialog = within(await screen.findByRole('dialog', { name: 'Email this plan to the choir' }));
    expect(dialog.getByRole('radio', { name: 'Chosen voice parts' })).toBeInTheDocument();
    expect(api.count('PUT', '/choirs/c1/plans/p1')).toBe(1);
  });

  it('offers no email to a member', async () => {
    serveEmail('member');
    renderAt(PATTERN, <PhonePlanPage />, PAGE);
    expect(await screen.findByText('Entrance')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Email this plan to the choir' })).not.toBeInTheDocument();
  });
});
