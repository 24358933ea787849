// Test helpers of planning: a choir on a stubbed server, a page rendered in a
// router, and a day, plans and suggestions as the server sends them.
import type { ReactNode } from 'react';
import { createMemoryRouter } from 'react-router';
import { json, stubFetch, type Handler } from '../../test/api';
import { ada, details, membership, sessionOf } from '../../test/fixtures';
import { renderWithProviders, resetToasts } from '../../test/render';
import type { Plan, PlanDay, PlanSlot, PlanSuggestion, PlanSummary } from './api';

// jsdom lacks scrollIntoView; Mantine's Select calls it to show the selected option.
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}

export const CHOIR_ID = 'c1';

/** serveChoir answers the session of Ada in choir c1 with a role, and the handlers given. */
export function serveChoir(role: 'choir_admin' | 'member' = 'choir_admin', handlers: Record<string, Handler> = {}) {
  const bach = membership(CHOIR_ID, 'Bach Choir', role);
  return stubFetch({
    'GET /auth/session': () => json(sessionOf({ ...ada, lastAccessedChoirId: CHOIR_ID }, [bach])),
    'GET /choirs/:choirId': () => json(details(bach)),
    ...handlers,
  });
}

/** renderAt renders element at path (its route pattern), with a catch-all showing where a link went. */
export function renderAt(pattern: string, element: ReactNode, path: string) {
  resetToasts();
  return renderWithProviders(
    createMemoryRouter(
      [
        { path: pattern, element },
        { path: '*', element: <p>elsewhere</p> },
      ],
      { initialEntries: [path] },
    ),
  );
}

export function slot(label: string, music: { id: string; title: string; composer?: string } | null = null, extra: Partial<PlanSlot> = {}): PlanSlot {
  return {
    label,
    note: '',
    durationMinutes: null,
    musicId: music?.id ?? null,
    music: music ? { id: music.id, title: music.title, composer: music.composer ?? '', libraryNumber: '', isArchived: false } : null,
    ...extra,
  };
}

export function plan(extra: Partial<Plan> = {}): Plan {
  return {
    id: 'p1',
    date: '2026-04-05',
    eventId: 'ev-1',
    eventTitle: 'Easter Vigil',
    eventType: 'service',
    feastKey: 'easter_sunday',
    feastName: 'Easter Sunday',
    title: '',
    notes: '',
    slots: [],
    version: 1,
    updatedAt: '2026-03-30T10:00:00Z',
    ...extra,
  };
}

export const PLAN_DATE = '2027-03-28';

export function planSlot(label: string, extra: Partial<PlanSlot> = {}): PlanSlot {
  return { label, musicId: null, note: '', durationMinutes: null, music: null, ...extra };
}

export function piece(id: string, title: string, composer = '', libraryNumber = '') {
  return { id, title, composer, libraryNumber, isArchived: false };
}

export function makePlan(extra: Partial<Plan> = {}): Plan {
  return {
    id: 'p1',
    date: PLAN_DATE,
    eventId: 'ev-1',
    eventTitle: 'Sung Eucharist',
    eventType: 'service',
    feastKey: 'easter_sunday',
    feastName: 'Easter Sunday',
    title: '',
    notes: '',
    slots: [planSlot('Entrance'), planSlot('Psalm'), planSlot('Communion')],
    version: 3,
    updatedAt: '2027-03-01T10:00:00Z',
    ...extra,
  };
}

export function makeDay(extra: Partial<PlanDay> = {}): PlanDay {
  return {
    date: PLAN_DATE,
    season: { key: 'easter', name: 'Easter' },
    feasts: [{ feastKey: 'easter_sunday', name: 'Easter Sunday', rank: 'solemnity' }],
    events: [dayEvent('ev-1', 'Sung Eucharist', '10:30'), dayEvent('ev-2', 'Evensong', '18:00')],
    ...extra,
  };
}

export function dayEvent(id: string, title: string, startTime: string): PlanDay['events'][number] {
  return {
    id,
    title,
    eventType: 'service',
    startDate: PLAN_DATE,
    startTime,
    endDate: PLAN_DATE,
    endTime: startTime,
    allDay: false,
    timeZone: 'Europe/London',
    timeZonePlace: 'London time',
    location: '',
    notes: '',
    start: `${PLAN_DATE}T09:30:00Z`,
    end: `${PLAN_DATE}T10:30:00Z`,
  };
}

export function suggestion(id: string, title: string, extra: Partial<PlanSuggestion> = {}): PlanSuggestion {
  return {
    music: {
      id,
      title,
      composer: 'W. A. Mozart',
      libraryNumber: '112',
      rehearsalWeighting: 5,
      minIntervalWeeks: null,
      isNewToChoir: false,
    },
    match: 'none',
    reasons: [],
    heldBack: false,
    needsRehearsal: false,
    lastSung: [],
    ...extra,
  };
}

export function summary(id: string, date: string, extra: Partial<PlanSummary> = {}): PlanSummary {
  return { id, date, title: '', eventTitle: 'Sung Eucharist', feastName: 'Easter Sunday', pieceCount: 4, ...extra };
}
