// Test helpers of planning: a choir on a stubbed server, a plan, and a page rendered in a router.
import type { ReactNode } from 'react';
import { createMemoryRouter } from 'react-router';
import { json, stubFetch, type Handler } from '../../test/api';
import { ada, details, membership, sessionOf } from '../../test/fixtures';
import { renderWithProviders, resetToasts } from '../../test/render';
import type { Plan, PlanSlot } from './api';

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
