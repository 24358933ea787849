// Test helpers of the email-link pages: the server's answers and the pages in a router.
import axe from 'axe-core';
import { createMemoryRouter, useLocation } from 'react-router';
import { expect } from 'vitest';
import { renderWithProviders, resetToasts } from '../../test/render';
import type { LinkEvent, PracticeLink, RsvpLink, UnsubscribeLink } from './api';
import { EventPage } from './EventPage';
import { PracticePage } from './PracticePage';
import { RsvpPage } from './RsvpPage';
import { UnsubscribePage } from './UnsubscribePage';

export const TOKEN = 'Abc123Def456Ghi789Jkl012Mno345Pq';
export const RSVP_TOKEN = 'Rsvp23Def456Ghi789Jkl012Mno345Pq';

export function linkEvent(extra: Partial<LinkEvent> = {}): LinkEvent {
  return {
    id: 'e1',
    title: 'Advent rehearsal',
    eventType: 'rehearsal',
    startDate: '2026-12-03',
    startTime: '19:30',
    endDate: '2026-12-03',
    endTime: '21:30',
    allDay: false,
    timeZone: 'Europe/London',
    timeZonePlace: 'London time',
    location: 'St Mary’s Hall',
    notes: 'Bring the Bach.',
    start: '2026-12-03T19:30:00Z',
    end: '2026-12-03T21:30:00Z',
    ...extra,
  };
}

export function rsvpLink(extra: Partial<RsvpLink> = {}): RsvpLink {
  return { choirId: 'c1', choirName: 'Bach Choir', event: linkEvent(), answer: null, answerable: true, plan: null, ...extra };
}

export function practiceLink(music: Partial<PracticeLink['music']> = {}): PracticeLink {
  return {
    choirId: 'c1',
    choirName: 'Bach Choir',
    music: {
      id: 'm1',
      title: 'Jesu, meine Freude',
      composer: 'J. S. Bach',
      arranger: '',
      libraryNumber: 'B-12',
      rehearsalDifficulty: 5,
      estimatedDurationMinutes: 4,
      hasSheetMusic: true,
      hasAudio: false,
      ...music,
    },
  };
}

export function unsubscribeLink(extra: Partial<UnsubscribeLink> = {}): UnsubscribeLink {
  return { choirName: 'Bach Choir', email: 'a•••@example.org', subscribed: true, ...extra };
}

/** Landed shows where the router went, with the state it carried. */
function Landed({ name }: { name: string }) {
  const location = useLocation();
  return (
    <div>
      <h1>{name}</h1>
      <p data-testid="location">{`${location.pathname}${location.search}`}</p>
      <p data-testid="state">{JSON.stringify(location.state ?? null)}</p>
    </div>
  );
}

/** renderLink renders the email-link pages at a path, and where their buttons lead. */
export function renderLink(path: string) {
  resetToasts();
  const router = createMemoryRouter(
    [
      { path: '/email/rsvp/:token/:action?', element: <RsvpPage /> },
      { path: '/email/event/:token', element: <EventPage /> },
      { path: '/email/practice/:token', element: <PracticePage /> },
      { path: '/email/unsubscribe/:token', element: <UnsubscribePage /> },
      { path: '/dashboard', element: <Landed name="Dashboard page" /> },
      { path: '/dashboard/calendar', element: <Landed name="Calendar page" /> },
      { path: '/dashboard/music', element: <Landed name="Music page" /> },
      { path: '/dashboard/music/:id', element: <Landed name="Piece page" /> },
      { path: '/auth/signin', element: <Landed name="Sign-in page" /> },
      { path: '/account/notifications', element: <Landed name="Notifications page" /> },
    ],
    { initialEntries: [path] },
  );
  return renderWithProviders(router);
}

/** expectAccessible fails on any serious or critical axe-core violation (no colours: jsdom draws nothing). */
export async function expectAccessible(container: HTMLElement) {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad).toEqual([]);
}
