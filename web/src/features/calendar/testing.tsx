// Test helpers of the calendar: a choir with events, feasts and a feed on a
// stubbed server, a fixed today, and the page rendered in a router.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { SessionUser } from '../../api/client';
import { json, noContent, stubFetch, type Handler } from '../../test/api';
import { ada, details, membership, sessionOf } from '../../test/fixtures';
import { renderWithProviders, resetToasts } from '../../test/render';
import { pretendSmallScreen } from '../members/testing';
import type { CalendarEvent, CalendarFeed, ChoirFeast, EventList, EventPreview, FeastEntry } from './api';
import type { RsvpStatus } from './attendanceApi';
import { CalendarPage } from './CalendarPage';

export { apiError, deferred, json, noContent, type Handler } from '../../test/api';
export { pretendSmallScreen };

export const CHOIR_ID = 'c1';
export const CALENDAR_PATH = '/dashboard/calendar';

/** Today in the tests: Sunday 10 May 2026, midday. */
export const TODAY = new Date(2026, 4, 10, 12, 0);

/** fixToday pins Date to TODAY (timers stay real); undo with vi.useRealTimers. */
export function fixToday() {
  vi.useFakeTimers({ toFake: ['Date'], now: TODAY });
}

export function calendarEvent(extra: Partial<CalendarEvent> & Pick<CalendarEvent, 'id' | 'title'>): CalendarEvent {
  return {
    eventId: extra.id,
    choirId: CHOIR_ID,
    eventType: 'rehearsal',
    start: '2026-05-20T19:00:00+01:00',
    end: '2026-05-20T21:00:00+01:00',
    allDay: false,
    location: '',
    notes: '',
    status: 'published',
    timeZone: 'Europe/London',
    isInstance: false,
    ...extra,
  };
}

/** An occurrence of a weekly Tuesday rehearsal. */
export const REHEARSAL = calendarEvent({
  id: 'ev-1-occurrence-2026-05-12',
  eventId: 'ev-1',
  title: 'Tuesday Rehearsal',
  start: '2026-05-12T19:30:00+01:00',
  end: '2026-05-12T21:30:00+01:00',
  location: 'St Mary',
  notes: 'Bring the Byrd.',
  isInstance: true,
  originalEventId: 'ev-1',
  instanceDate: '2026-05-12',
  instanceStartTime: '2026-05-12T19:30:00+01:00',
  recurrenceRule: { type: 'weekly_on_days', weeklyInterval: 1, weeklyDays: ['tuesday'] },
  ruleDescription: 'Every week on Tuesday',
});

export const CONCERT = calendarEvent({
  id: 'ev-2',
  title: 'Spring Concert',
  eventType: 'concert',
  start: '2026-05-20T19:00:00+01:00',
  end: '2026-05-20T21:00:00+01:00',
  location: 'Town Hall',
});

export const DRAFT = calendarEvent({
  id: 'ev-3',
  title: 'Planning Meeting',
  eventType: 'other',
  status: 'draft',
  start: '2026-05-27',
  end: '2026-05-28',
  allDay: true,
});

export const PENTECOST: FeastEntry = {
  id: 'fi-1',
  masterFeastId: 'mf-pentecost',
  date: '2026-05-24',
  name: 'Pentecost',
  feastKey: 'pentecost',
  rank: 'Solemnity',
  type: 'moveable',
};

export const EASTER: ChoirFeast = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Easter Sunday',
  feastKey: 'easter',
  rank: 'Solemnity',
  nextDate: '2027-03-28',
};
export const ALL_SAINTS: ChoirFeast = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'All Saints',
  feastKey: 'all_saints',
  rank: 'Solemnity',
  nextDate: '2026-11-01',
};

export const FEED: CalendarFeed = {
  enabled: true,
  url: 'https://cantica.example/api/v1/feeds/secret-token.ics',
  webcalUrl: 'webcal://cantica.example/api/v1/feeds/secret-token.ics',
};

export const PREVIEW: EventPreview = {
  description: 'Every 2 weeks on Tuesday and Thursday',
  occurrences: [
    { date: '2026-05-12', start: '2026-05-12T19:00:00+01:00', end: '2026-05-12T20:00:00+01:00' },
    { date: '2026-05-14', start: '2026-05-14T19:00:00+01:00', end: '2026-05-14T20:00:00+01:00' },
  ],
};

/** The choir's voice parts, in its order. */
export const VOICE_PARTS = [
  { id: 'vp-s', name: 'Soprano', sortOrder: 1 },
  { id: 'vp-a', name: 'Alto', sortOrder: 2 },
  { id: 'vp-t', name: 'Tenor', sortOrder: 3 },
  { id: 'vp-b', name: 'Bass', sortOrder: 4 },
];

export interface CalendarServer {
  role?: 'choir_admin' | 'member' | 'guest';
  user?: SessionUser;
  list?: EventList;
  feasts?: ChoirFeast[];
  feed?: CalendarFeed;
  preview?: EventPreview;
  handlers?: Record<string, Handler>;
}

/** A request as the server saw it: method, path, query and JSON body. */
export interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/**
 * serveCalendar stubs the server of one choir (c1, Bach Choir, Europe/London)
 * whose member the signed-in user is with the given role. Every request is
 * kept with its query string in `seen`; handlers given replace or add.
 */
export function serveCalendar({
  role = 'choir_admin',
  user = { ...ada, lastAccessedChoirId: CHOIR_ID },
  list = { events: [REHEARSAL, CONCERT, DRAFT], feasts: [PENTECOST] },
  feasts = [ALL_SAINTS, EASTER],
  feed = FEED,
  preview = PREVIEW,
  handlers = {},
}: CalendarServer = {}) {
  const bach = membership(CHOIR_ID, 'Bach Choir', role);
  const state = { list, feed, answers: {} as Record<string, RsvpStatus>, showAllLiturgicalDays: false };
  const seen: SeenRequest[] = [];
  const record =
    (handler: Handler): Handler =>
    (request, params, body) => {
      const url = new URL(request.url);
      seen.push({
        method: request.method,
        path: url.pathname.replace(/^\/api\/v1/, ''),
        query: Object.fromEntries(url.searchParams),
        body,
      });
      return handler(request, params, body);
    };
  const all: Record<string, Handler> = {
    'GET /auth/session': () => json(sessionOf(user, [bach])),
    'GET /choirs/:choirId': () => json(details(bach)),
    'GET /choirs/:choirId/events': () => json(state.list),
    'POST /choirs/:choirId/events/preview': () => json(preview),
    'POST /choirs/:choirId/events': (_r, _p, body) =>
      json(calendarEvent({ title: '', ...(body as Partial<CalendarEvent>), id: 'ev-new' }), 201),
    'PUT /choirs/:choirId/events/:eventId': (_r, { eventId }, body) =>
      json(calendarEvent({ title: '', ...(body as Partial<CalendarEvent>), id: eventId })),
    'DELETE /choirs/:choirId/events/:eventId': () => noContent(),
    'GET /choirs/:choirId/calendar-feasts': () => json(feasts),
    'GET /calendar-feed': () => json(state.feed),
    'POST /calendar-feed': () => json(state.feed.enabled ? { ...FEED, url: FEED.url!.replace('secret', 'fresh') } : FEED),
    'DELETE /calendar-feed': () => noContent(),
    'GET /choirs/:choirId/events/:eventId/rsvp': (_r, { eventId }) =>
      json({ status: state.answers[eventId] ?? null, answerable: true }),
    'PUT /choirs/:choirId/events/:eventId/rsvp': (_r, { eventId }, body) => {
      state.answers[eventId] = (body as { status: RsvpStatus }).status;
      return json({ status: state.answers[eventId], answerable: true });
    },
    'GET /choirs/:choirId/musical-roles': () => json(VOICE_PARTS),
    'GET /choirs/:choirId/rsvps': () =>
      json({ answers: Object.entries(state.answers).map(([id, status]) => ({ id, status })) }),
    'GET /account/calendar-preferences': () => json({ showAllLiturgicalDays: state.showAllLiturgicalDays }),
    'PUT /account/calendar-preferences': (_r, _p, body) => {
      state.showAllLiturgicalDays = (body as { showAllLiturgicalDays: boolean }).showAllLiturgicalDays;
      return json({ showAllLiturgicalDays: state.showAllLiturgicalDays });
    },
    ...handlers,
  };
  const server = stubFetch(Object.fromEntries(Object.entries(all).map(([key, h]) => [key, record(h)])));
  const requests = (method: string, path: string) => seen.filter((r) => r.method === method && r.path === path);
  return { ...server, state, seen, requests };
}

/** renderCalendar renders the calendar page at its route with the app's providers. */
export function renderCalendar(at: string = CALENDAR_PATH) {
  resetToasts();
  return renderWithProviders(
    createMemoryRouter([{ path: CALENDAR_PATH, element: <CalendarPage /> }], { initialEntries: [at] }),
  );
}

/** openEntry clicks an entry of the calendar by its title. */
export async function openEntry(title: string) {
  await userEvent.click(await screen.findByText(title));
  return screen.findByRole('dialog', { name: title.replace(/ \(Draft\)$/, '') });
}

/**
 * spaced writes Intl's output as Testing Library reads the page: its thin and
 * narrow spaces become plain ones there, but not in the text searched for.
 */
export function spaced(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
