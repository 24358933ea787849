import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/routes';
import { apiError, json, stubFetch, type Handler } from '../../test/api';
import { BODY, contrastRatio, schemeColor, textColorOf } from '../../test/contrast';
import { ada, details, membership, sessionOf } from '../../test/fixtures';
import { renderWithProviders, resetToasts } from '../../test/render';
import { formatLinkEvent, MINIMUM_RULE, NOT_MARKABLE_YET } from './attendance';
import type { AttendanceMember, AttendanceSettings, EventAttendance } from './attendanceApi';
import { AttendancePage } from './AttendancePage';

vi.setConfig({ testTimeout: 15000 });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const EVENT_ID = 'ev-1-occurrence-2026-05-12';
const PAGE_PATH = `/dashboard/calendar/attendance/${EVENT_ID}`;
const MARKS_PATH = `/choirs/c1/events/${EVENT_ID}/attendance/marks`;

function member(userId: string, firstName: string, lastName: string, extra: Partial<AttendanceMember> = {}): AttendanceMember {
  return {
    userId,
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}@example.com`,
    voiceParts: [],
    status: null,
    answeredAt: null,
    mark: null,
    ...extra,
  };
}

const count = (part: string, going: number, maybe: number, notGoing: number, noAnswer: number, belowMinimum = false) => ({
  part,
  going,
  maybe,
  notGoing,
  noAnswer,
  present: 0,
  belowMinimum,
});

const ATTENDANCE: EventAttendance = {
  event: {
    id: EVENT_ID,
    title: 'Tuesday Rehearsal',
    eventType: 'rehearsal',
    startDate: '2026-05-12',
    startTime: '19:30',
    endDate: '2026-05-12',
    endTime: '21:30',
    allDay: false,
    timeZone: 'Europe/London',
    timeZonePlace: 'London time',
    location: 'St Mary',
    notes: '',
    start: '2026-05-12T18:30:00Z',
    end: '2026-05-12T20:30:00Z',
  },
  members: [
    member('u-cb', 'Charles', 'Babbage', { voiceParts: ['Tenor'], status: 'going', answeredAt: '2026-05-01T10:00:00Z' }),
    member('u-gh', 'Grace', 'Hopper', { voiceParts: ['Soprano'], status: 'maybe', answeredAt: '2026-05-01T10:00:00Z' }),
    member('u-al', 'Ada', 'Lovelace', { voiceParts: ['Soprano'], status: 'not_going', answeredAt: '2026-05-01T10:00:00Z' }),
    member('u-en', 'Emmy', 'Noether', { voiceParts: ['Alto'] }),
    member('u-at', 'Alan', 'Turing', { voiceParts: ['Tenor', 'Bass'], status: 'going', mark: 'excused' }),
    member('u-cw', 'Christopher', 'Wren'),
  ],
  parts: [
    count('Soprano', 0, 1, 1, 0, true),
    count('Alto', 0, 0, 0, 1, true),
    count('Tenor', 2, 0, 0, 0),
    count('No voice part', 0, 0, 0, 1),
  ],
  totals: count('Total', 2, 1, 1, 2),
  minConfirmedPerPart: 2,
  markable: true,
};

function serve({
  role = 'choir_admin',
  attendance = ATTENDANCE,
  handlers = {},
}: { role?: 'choir_admin' | 'member'; attendance?: EventAttendance; handlers?: Record<string, Handler> } = {}) {
  const bach = membership('c1', 'Bach Choir', role);
  const state: { settings: AttendanceSettings } = { settings: { minConfirmedPerPart: attendance.minConfirmedPerPart } };
  const server = stubFetch({
    'GET /auth/session': () => json(sessionOf({ ...ada, lastAccessedChoirId: 'c1' }, [bach])),
    'GET /choirs/:choirId': () => json(details(bach)),
    'GET /choirs/:choirId/events/:eventId/attendance': () => json(attendance),
    'PUT /choirs/:choirId/events/:eventId/attendance/marks': () => json(attendance),
    'GET /choirs/:choirId/attendance-settings': () => json(state.settings),
    'PUT /choirs/:choirId/attendance-settings': (_r, _p, body) => {
      state.settings = body as AttendanceSettings;
      return json(state.settings);
    },
    ...handlers,
  });
  return { ...server, state };
}

function renderPage() {
  resetToasts();
  return renderWithProviders(
    createMemoryRouter([{ path: '/dashboard/calendar/attendance/:eventId', element: <AttendancePage /> }], {
      initialEntries: [PAGE_PATH],
    }),
  );
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Tuesday Rehearsal' });

describe('AttendancePage', () => {
  it('is the page of its route in the app, inside the shell, for an administrator', async () => {
    serve();
    resetToasts();
    renderWithProviders(createMemoryRouter(routes, { initialEntries: [PAGE_PATH] }));
    await heading();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('sends a member without edit:calendar away', async () => {
    const api = serve({ role: 'member' });
    resetToasts();
    const { router } = renderWithProviders(createMemoryRouter(routes, { initialEntries: [PAGE_PATH] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.count('GET', `/choirs/c1/events/${EVENT_ID}/attendance`)).toBe(0);
  });

  it('shows the event, the counts by voice part with the warnings, the totals and the CSV download', async () => {
    serve();
    renderPage();
    await heading();
    expect(screen.getByText(formatLinkEvent(ATTENDANCE.event))).toBeInTheDocument();
    expect(screen.getByText('St Mary')).toBeInTheDocument();

    const byPart = within(screen.getByRole('region', { name: 'Answers by voice part' }));
    expect(byPart.getByText('Soprano: 0 going, 1 maybe, 1 not going, 0 no answer')).toBeInTheDocument();
    expect(byPart.getByText('Alto: 0 going, 0 maybe, 1 no answer')).toBeInTheDocument();
    expect(byPart.getByText('Tenor: 2 going, 0 maybe, 0 no answer')).toBeInTheDocument();
    expect(byPart.getByText('No voice part: 0 going, 0 maybe, 1 no answer')).toBeInTheDocument();
    expect(byPart.getByText('Total: 2 going, 1 maybe, 1 not going, 2 no answer')).toBeInTheDocument();
    expect(byPart.getByText('Soprano has fewer than 2 confirmed singers')).toBeInTheDocument();
    expect(byPart.getByText('Alto has fewer than 2 confirmed singers')).toBeInTheDocument();
    expect(byPart.queryByText(/Tenor has fewer/)).not.toBeInTheDocument();
    // The warning's words read on either theme (axe's 4.5:1 for text of this size).
    const warning = textColorOf(byPart.getByText('Soprano has fewer than 2 confirmed singers'));
    for (const scheme of ['light', 'dark'] as const) {
      expect(contrastRatio(schemeColor(warning, scheme), BODY[scheme]), scheme).toBeGreaterThanOrEqual(4.5);
    }

    const csv = screen.getByRole('link', { name: 'Download CSV' });
    expect(csv).toHaveAttribute('href', `/api/v1/choirs/c1/events/${EVENT_ID}/attendance/export`);
    expect(csv).toHaveAttribute('download');
  });

  it('lists the members under their answers, with their voice parts', async () => {
    serve();
    renderPage();
    await heading();
    const names = (group: string) =>
      within(screen.getByRole('region', { name: group }))
        .queryAllByRole('listitem')
        .map((li) => li.textContent);
    expect(names('Going')).toEqual(['Charles BabbageTenor', 'Alan TuringTenor, BassExcused']);
    expect(names('Maybe')).toEqual(['Grace HopperSoprano']);
    expect(names("Can't make it")).toEqual(['Ada LovelaceSoprano']);
    expect(names('No answer')).toEqual(['Emmy NoetherAlto', 'Christopher Wren']);
    expect(screen.getByRole('heading', { name: 'No answer (2)' })).toBeInTheDocument();
  });

  it('prefills the marks from those taken, else from the answers, and saves every marked member at once', async () => {
    const api = serve();
    renderPage();
    await heading();
    await userEvent.click(screen.getByRole('button', { name: 'Take attendance' }));
    const row = (name: string) => within(screen.getByRole('radiogroup', { name: `Attendance of ${name}` }));
    const chosen = (name: string) =>
      row(name)
        .getAllByRole('radio')
        .filter((r) => (r as HTMLInputElement).checked)
        .map((r) => r.getAttribute('value'));
    expect(chosen('Charles Babbage')).toEqual(['present']); // going
    expect(chosen('Grace Hopper')).toEqual([]); // maybe
    expect(chosen('Ada Lovelace')).toEqual(['absent']); // can't make it
    expect(chosen('Emmy Noether')).toEqual([]); // no answer
    expect(chosen('Alan Turing')).toEqual(['excused']); // marked already, though going
    expect(chosen('Christopher Wren')).toEqual([]);

    // Late is a choice of its own: she came, after the start.
    await userEvent.click(row('Grace Hopper').getByRole('radio', { name: 'Late' }));
    await userEvent.click(row('Ada Lovelace').getByRole('radio', { name: 'Excused' }));
    // A mark taken by mistake is cleared: the member is sent unmarked only if marked before.
    await userEvent.click(screen.getByRole('button', { name: 'Clear mark of Charles Babbage' }));
    expect(chosen('Charles Babbage')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Clear mark of Alan Turing' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save attendance' }));
    expect(await screen.findByText('Changes saved successfully')).toBeInTheDocument();
    expect(api.bodies('PUT', MARKS_PATH)).toEqual([
      {
        marks: [
          { userId: 'u-gh', mark: 'late' },
          { userId: 'u-al', mark: 'excused' },
          { userId: 'u-at', mark: null },
        ],
      },
    ]);
  });

  it('shows the refusal of the marks in the error toast', async () => {
    serve({
      handlers: {
        'PUT /choirs/:choirId/events/:eventId/attendance/marks': () => apiError(409, 'CONFLICT', NOT_MARKABLE_YET),
      },
    });
    renderPage();
    await heading();
    await userEvent.click(screen.getByRole('button', { name: 'Take attendance' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save attendance' }));
    expect(await screen.findByText(NOT_MARKABLE_YET)).toBeInTheDocument();
  });

  it('says attendance is taken from the day of the event, before it', async () => {
    const api = serve({ attendance: { ...ATTENDANCE, markable: false } });
    renderPage();
    await heading();
    expect(screen.getByText(NOT_MARKABLE_YET)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take attendance' })).not.toBeInTheDocument();
    expect(api.count('PUT', MARKS_PATH)).toBe(0);
  });

  it('sets the minimum per part: 1 to 200, or empty for no warning', async () => {
    const api = serve();
    renderPage();
    await heading();
    const input = await screen.findByRole('textbox', { name: 'Minimum confirmed singers per part' });
    await waitFor(() => expect(input).toHaveValue('2'));
    const save = screen.getByRole('button', { name: 'Save' });

    await userEvent.clear(input);
    await userEvent.type(input, '201');
    await userEvent.click(save);
    expect(await screen.findByText(MINIMUM_RULE)).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '0');
    await userEvent.click(save);
    expect(await screen.findByText(MINIMUM_RULE)).toBeInTheDocument();
    expect(api.count('PUT', '/choirs/c1/attendance-settings')).toBe(0);

    await userEvent.clear(input);
    await userEvent.type(input, '4');
    await userEvent.click(save);
    expect(await screen.findByText('Changes saved successfully')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.click(save);
    await waitFor(() => expect(api.count('PUT', '/choirs/c1/attendance-settings')).toBe(2));
    expect(api.bodies('PUT', '/choirs/c1/attendance-settings')).toEqual([
      { minConfirmedPerPart: 4 },
      { minConfirmedPerPart: null },
    ]);
  });

  it('says when the event is not in the choir', async () => {
    serve({
      handlers: { 'GET /choirs/:choirId/events/:eventId/attendance': () => apiError(404, 'NOT_FOUND', 'Event not found') },
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Event not found' })).toBeInTheDocument();
  });
});
