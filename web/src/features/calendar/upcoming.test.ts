import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CalendarEvent } from './api';
import { calendarEvent } from './testing';
import { canKeepForOffline, keepUpcoming, upcomingEvents, type AskForAnswer } from './upcoming';

// Thursday 21 May 2026, 18:00 in London.
const NOW = new Date('2026-05-21T18:00:00+01:00');

const timed = (id: string, start: string, end = start.replace('T19:', 'T21:')): CalendarEvent =>
  calendarEvent({ id, title: id, start, end });
const allDay = (id: string, start: string, end: string): CalendarEvent => calendarEvent({ id, title: id, start, end, allDay: true });

describe('the next two weeks kept for offline use', () => {
  it('takes the events not over yet that start within two weeks, soonest first', () => {
    const events = [
      timed('next-week', '2026-05-28T19:00:00+01:00'),
      timed('yesterday', '2026-05-20T19:00:00+01:00'),
      timed('tonight', '2026-05-21T19:00:00+01:00'),
      timed('under-way', '2026-05-21T17:00:00+01:00', '2026-05-21T19:00:00+01:00'),
      timed('in-three-weeks', '2026-06-11T19:00:00+01:00'),
      allDay('retreat-today', dayKey(NOW), dayKey(NOW, 1)),
      timed('tonight', '2026-05-21T19:00:00+01:00'),
    ];
    expect(upcomingEvents(events, NOW).map((e) => e.id)).toEqual(['retreat-today', 'under-way', 'tonight', 'next-week']);
  });

  it('takes at most five events, so a busy fortnight costs at most ten requests', () => {
    const events = Array.from({ length: 12 }, (_, i) => timed(`day-${i}`, `2026-05-${22 + i}T19:00:00+01:00`));
    expect(upcomingEvents(events, NOW).map((e) => e.id)).toEqual(['day-0', 'day-1', 'day-2', 'day-3', 'day-4']);
  });

  it('asks for the plan and the reader’s answer of each upcoming event, one at a time', async () => {
    const asked: string[] = [];
    let inFlight = 0;
    const ask: AskForAnswer = async (path, choirId, eventId) => {
      expect(++inFlight).toBe(1);
      asked.push(path.replace('{choirId}', choirId).replace('{eventId}', eventId));
      await Promise.resolve();
      inFlight--;
    };
    const events = [timed('ev-2', '2026-05-24T19:00:00+01:00'), timed('ev-1', '2026-05-22T19:00:00+01:00'), timed('old', '2026-05-01T19:00:00+01:00')];
    await keepUpcoming('c1', events, NOW, ask);
    expect(asked).toEqual([
      '/choirs/c1/events/ev-1/plan',
      '/choirs/c1/events/ev-1/rsvp',
      '/choirs/c1/events/ev-2/plan',
      '/choirs/c1/events/ev-2/rsvp',
    ]);
  });

  it('stops asking when the signal goes', async () => {
    const ask = vi.fn<AskForAnswer>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await keepUpcoming('c1', [timed('ev-1', '2026-05-22T19:00:00+01:00'), timed('ev-2', '2026-05-24T19:00:00+01:00')], NOW, ask);
    expect(ask).toHaveBeenCalledOnce();
  });

  describe('asks ahead only when the service worker can keep the answers', () => {
    afterEach(() => vi.unstubAllGlobals());
    const browser = (onLine: boolean, controller: object | null) =>
      vi.stubGlobal('navigator', { ...navigator, onLine, serviceWorker: { controller } });

    it.each([
      [true, {}, true],
      [true, null, false],
      [false, {}, false],
    ])('online %s, worker %o: %s', (onLine, controller, expected) => {
      browser(onLine, controller);
      expect(canKeepForOffline()).toBe(expected);
    });
  });
});

/** dayKey is the local date of d plus days, as YYYY-MM-DD. */
function dayKey(d: Date, days = 0): string {
  const x = new Date(d.getFullYear(), d.getMonth(), d.getDate() + days);
  return `${x.getFullYear()}-${String(x.getMonth() + 1).padStart(2, '0')}-${String(x.getDate()).padStart(2, '0')}`;
}
