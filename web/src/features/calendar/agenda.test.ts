import { describe, expect, it } from 'vitest';
import { agendaDays, agendaRange, isMinorFeast, monthDays, monthGrid, shownFeasts } from './agenda';
import type { CalendarEvent, EventList, FeastEntry } from './api';
import { calendarEvent, PENTECOST } from './testing';


const timed = (id: string, start: string, end: string): CalendarEvent => calendarEvent({ id, title: id, start, end });
const feast = (id: string, date: string, rank: string, type = 'saint'): FeastEntry => ({
  id,
  masterFeastId: `m-${id}`,
  date,
  name: id,
  feastKey: id,
  rank,
  type,
});
const days = (list: EventList, now: Date, showAll = true) =>
  agendaDays(list, now, showAll).map((d) => `${d.date}: ${[...d.feasts.map((f) => f.name), ...d.events.map((e) => e.title)].join(', ')}`);

describe('the agenda', () => {
  it('starts today, not on the first of the month, leaving out what is over', () => {
    process.env.TZ = 'Europe/London';
    const list: EventList = {
      events: [
        timed('Last week', '2026-05-20T19:00:00+01:00', '2026-05-20T21:00:00+01:00'),
        timed('This morning', '2026-05-27T09:00:00+01:00', '2026-05-27T10:00:00+01:00'),
        timed('Tonight', '2026-05-27T19:00:00+01:00', '2026-05-27T21:00:00+01:00'),
        timed('Under way', '2026-05-27T11:00:00+01:00', '2026-05-27T13:00:00+01:00'),
        timed('Friday', '2026-05-29T19:00:00+01:00', '2026-05-29T21:00:00+01:00'),
      ],
      feasts: [feast('Saint of the 1st', '2026-05-01', 'solemnity'), feast('Saint of Friday', '2026-05-29', 'feast')],
    };
    // Wednesday 27 May, noon: the morning's event is over, the one under way is not.
    expect(days(list, new Date(2026, 4, 27, 12, 0))).toEqual([
      '2026-05-27: Under way, Tonight',
      '2026-05-29: Saint of Friday, Friday',
    ]);
    // The pre-warm's range: one request serves the agenda and the calendar's cache.
    expect(agendaRange(new Date(2026, 4, 27, 12, 0))).toEqual({ startDate: '2026-02-01', endDate: '2026-08-31' });
  });

  it('starts today across the end of a month, and asks for the months around the new one', () => {
    process.env.TZ = 'Europe/London';
    const list: EventList = {
      events: [
        timed('Saturday', '2026-05-30T19:00:00+01:00', '2026-05-30T21:00:00+01:00'),
        timed('Late on Sunday', '2026-05-31T23:00:00+01:00', '2026-06-01T00:30:00+01:00'),
        timed('Monday', '2026-06-01T19:00:00+01:00', '2026-06-01T21:00:00+01:00'),
      ],
      feasts: [],
    };
    const sunday = new Date(2026, 4, 31, 22, 0);
    expect(days(list, sunday)).toEqual(['2026-05-31: Late on Sunday', '2026-06-01: Monday']);
    // Just after midnight it is June, and the event still under way is listed on today.
    expect(days(list, new Date(2026, 5, 1, 0, 10))).toEqual(['2026-06-01: Late on Sunday, Monday']);
    expect(agendaRange(new Date(2026, 5, 1, 0, 10))).toEqual({ startDate: '2026-03-01', endDate: '2026-09-30' });
  });

  it.each([
    // zone, the reader's now (an instant), the first day listed
    ['America/Los_Angeles', '2026-06-01T02:00:00Z', '2026-05-31'],
    ['Pacific/Kiritimati', '2026-05-31T11:00:00Z', '2026-06-01'],
  ])('starts on the reader’s today in %s', (zone, now, firstDay) => {
    process.env.TZ = zone;
    const list: EventList = {
      events: [
        // 31 May 20:00 in Los Angeles is 1 June 03:00 UTC and 1 June 17:00 at Kiritimati; the
        // reader's now is 31 May 19:00 in Los Angeles, and 1 June 01:00 at Kiritimati.
        timed('Evensong', '2026-06-01T03:00:00Z', '2026-06-01T04:00:00Z'),
        timed('Next week', '2026-06-08T03:00:00Z', '2026-06-08T04:00:00Z'),
      ],
      feasts: [],
    };
    const listed = agendaDays(list, new Date(now), true);
    expect(listed[0].date).toBe(firstDay);
    expect(listed[0].events.map((e) => e.title)).toEqual(['Evensong']);
  });

  it('lists an all-day event of several days on today while it lasts', () => {
    process.env.TZ = 'America/Los_Angeles';
    const retreat = calendarEvent({ id: 'retreat', title: 'Retreat', allDay: true, start: '2026-05-26', end: '2026-05-29' });
    expect(days({ events: [retreat], feasts: [] }, new Date(2026, 4, 28, 9))).toEqual(['2026-05-28: Retreat']);
    expect(days({ events: [retreat], feasts: [] }, new Date(2026, 4, 29, 9))).toEqual([]);
  });
});

describe('the liturgical days shown', () => {
  it('hides optional memorials, memorials, commemorations and their like unless all are asked for', () => {
    expect(isMinorFeast({ rank: 'optional_memorial', type: 'saint' })).toBe(true);
    expect(isMinorFeast({ rank: 'commemoration', type: 'saint' })).toBe(true);
    expect(isMinorFeast({ rank: 'class_iii', type: 'saint' })).toBe(true);
    expect(isMinorFeast({ rank: 'lesser_festival', type: 'saint' })).toBe(true);
    for (const rank of ['solemnity', 'feast', 'sunday', 'class_i', 'principal_feast', 'Solemnity', 'triduum']) {
      expect(isMinorFeast({ rank, type: 'feast_of_the_lord' })).toBe(false);
    }
    // A Sunday stays whatever its rank is called.
    expect(isMinorFeast({ rank: 'class_iii', type: 'sunday' })).toBe(false);
    const feasts = [PENTECOST, feast('St Bede', '2026-05-25', 'optional_memorial')];
    expect(shownFeasts(feasts, false).map((f) => f.name)).toEqual(['Pentecost']);
    expect(shownFeasts(feasts, true).map((f) => f.name)).toEqual(['Pentecost', 'St Bede']);
  });
});

describe('the month on a phone', () => {
  it('is whole weeks from Monday around the month', () => {
    const may = monthGrid(new Date(2026, 4, 1));
    expect(may[0][0]).toBe('2026-04-27');
    expect(may.at(-1)!.at(-1)).toBe('2026-05-31');
    expect(may).toHaveLength(5);
    // August 2026 starts on a Saturday and ends on a Monday: six rows.
    const august = monthGrid(new Date(2026, 7, 1));
    expect([august[0][0], august.at(-1)!.at(-1), august.length]).toEqual(['2026-07-27', '2026-09-06', 6]);
    expect(may.every((week) => week.length === 7)).toBe(true);
  });

  it('puts each event on every day it covers and the feasts on theirs', () => {
    const retreat = calendarEvent({ id: 'retreat', title: 'Retreat', allDay: true, start: '2026-05-26', end: '2026-05-28' });
    const held = monthDays({ events: [retreat], feasts: [PENTECOST] }, false);
    expect([...held.keys()].sort()).toEqual(['2026-05-24', '2026-05-26', '2026-05-27']);
    expect(held.get('2026-05-24')!.feasts.map((f) => f.name)).toEqual(['Pentecost']);
  });
});
