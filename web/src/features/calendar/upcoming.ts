// The next two weeks kept for offline use (issue 31): once the calendar's
// events are loaded with a signal, the plan and the reader's answer of each
// upcoming event are asked for too, so that the service worker keeps them
// (sw/rules.ts) and the event opens on the bus without ever having been
// opened before. Bounded: the first few events only, one request at a time,
// when the browser is idle, and only when the worker is there to keep them.
import { api } from '../../api/client';
import type { CalendarEvent } from './api';
import { parseDateKey } from './range';

/** How far ahead events are kept for offline use. */
export const KEEP_AHEAD_DAYS = 14;
/** How many events at most (two answers each): a busy fortnight costs at most ten requests. */
export const KEEP_AHEAD_EVENTS = 5;

const DAY_MS = 24 * 60 * 60 * 1000;

/** time is when a start or end is; an all-day one's date counts from its local midnight. */
function time(value: string, allDay: boolean): number {
  const day = allDay ? parseDateKey(value) : null;
  return day ? day.getTime() : Date.parse(value);
}

/** upcomingEvents are the events not over yet that start within the next KEEP_AHEAD_DAYS, soonest first, at most KEEP_AHEAD_EVENTS. */
export function upcomingEvents(events: readonly CalendarEvent[], now = new Date()): CalendarEvent[] {
  const from = now.getTime();
  const until = from + KEEP_AHEAD_DAYS * DAY_MS;
  // An all-day event's end is the day after its last (exclusive), so "not over" is end > now for both kinds.
  const seen = new Set<string>();
  return events
    .filter((e) => time(e.end, e.allDay) > from && time(e.start, e.allDay) < until)
    .sort((a, b) => time(a.start, a.allDay) - time(b.start, b.allDay))
    .filter((e) => !seen.has(e.id) && seen.add(e.id))
    .slice(0, KEEP_AHEAD_EVENTS);
}

/** An answer to ask for, by the API's path and the event's ids; its content is the worker's to keep. */
export type AskForAnswer = (path: '/choirs/{choirId}/events/{eventId}/plan' | '/choirs/{choirId}/events/{eventId}/rsvp', choirId: string, eventId: string) => Promise<unknown>;

const askApi: AskForAnswer = (path, choirId, eventId) => api.GET(path, { params: { path: { choirId, eventId } } });

/** keepUpcoming asks, one at a time, for the plan and the reader's answer of each upcoming event. Never throws. */
export async function keepUpcoming(choirId: string, events: readonly CalendarEvent[], now = new Date(), ask = askApi): Promise<void> {
  for (const event of upcomingEvents(events, now)) {
    for (const path of ['/choirs/{choirId}/events/{eventId}/plan', '/choirs/{choirId}/events/{eventId}/rsvp'] as const) {
      try {
        await ask(path, choirId, event.id);
      } catch {
        // The signal went: what was kept stays, the rest waits for the next start.
        return;
      }
    }
  }
}

/** canKeepForOffline says whether asking ahead is of use: a signal, and the service worker controlling the page to keep the answers. */
export function canKeepForOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine !== false && navigator.serviceWorker?.controller != null;
}
