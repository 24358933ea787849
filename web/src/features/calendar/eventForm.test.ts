import { describe, expect, it } from 'vitest';
import {
  allDayEnd,
  allDayLastDay,
  endFollowingStart,
  eventValues,
  localDateTime,
  movedEvent,
  newEventValues,
  startEnd,
  toEventInput,
  validateEvent,
  type EventFormValues,
} from './eventForm';
import { defaultRuleForm } from './rule';
import { CONCERT, DRAFT, REHEARSAL } from './testing';

const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);

function values(extra: Partial<EventFormValues> = {}): EventFormValues {
  return {
    title: 'Rehearsal',
    eventType: 'rehearsal',
    allDay: false,
    startDate: '2026-05-12',
    startTime: '19:30',
    endDate: '2026-05-12',
    endTime: '21:30',
    location: '',
    notes: '',
    status: 'published',
    rule: defaultRuleForm('2026-05-12'),
    ...extra,
  };
}

describe('all-day dates', () => {
  it.each([
    ['2026-05-24', '2026-05-25'],
    ['2026-05-31', '2026-06-01'],
    ['2026-12-31', '2027-01-01'],
    ['2028-02-28', '2028-02-29'],
    ['2027-02-28', '2027-03-01'],
  ])('an event whose last day is %s ends (exclusive) on %s', (lastDay, end) => {
    expect(allDayEnd(lastDay)).toBe(end);
    expect(allDayLastDay(lastDay, end)).toBe(lastDay);
  });

  it.each([
    ['2026-05-24', '2026-05-27', '2026-05-26'],
    ['2026-05-24', null, '2026-05-24'],
    ['2026-05-24', '2026-05-24', '2026-05-24'],
    ['2026-05-24T00:00:00Z', '2026-05-25T00:00:00Z', '2026-05-24'],
  ])('from %s to %s the last day is %s', (start, end, last) => {
    expect(allDayLastDay(start, end)).toBe(last);
  });
});

describe('toEventInput', () => {
  it('sends a timed event as instants, with the zone whose wall-clock time it keeps', () => {
    expect(toEventInput(values({ title: '  Evening  ', location: ' Crypt ' }), 'Europe/London')).toEqual({
      title: 'Evening',
      eventType: 'rehearsal',
      start: local(2026, 5, 12, 19, 30).toISOString(),
      end: local(2026, 5, 12, 21, 30).toISOString(),
      allDay: false,
      location: 'Crypt',
      notes: '',
      status: 'published',
      timeZone: 'Europe/London',
    });
  });

  it('sends an all-day event as dates, the end the day after the last day', () => {
    const input = toEventInput(values({ allDay: true, startDate: '2026-05-30', endDate: '2026-05-31' }), 'Europe/London');
    expect(input).toMatchObject({ start: '2026-05-30', end: '2026-06-01', allDay: true });
  });

  it('sends the rule and the status, and no zone when none is known', () => {
    const input = toEventInput(
      values({ status: 'draft', rule: { ...defaultRuleForm('2026-05-12'), type: 'weekly_on_days', weeklyDays: ['tuesday'] } }),
      undefined,
    );
    expect(input.status).toBe('draft');
    expect(input.recurrenceRule).toEqual({ type: 'weekly_on_days', weeklyInterval: 1, weeklyDays: ['tuesday'] });
    expect(input).not.toHaveProperty('timeZone');
  });

  it('reads only real dates and times', () => {
    expect(localDateTime('2026-05-12', '24:00')).toBeNull();
    expect(localDateTime('2026-02-30', '10:00')).toBeNull();
    expect(startEnd(values({ startTime: '' }))).toBeNull();
    expect(localDateTime('2026-05-12', '09:05')).toEqual(local(2026, 5, 12, 9, 5));
  });
});

describe('validateEvent', () => {
  it('passes a complete event', () => {
    expect(validateEvent(values())).toEqual({});
  });

  it('asks for a title and readable dates', () => {
    expect(validateEvent(values({ title: '  ', startDate: '' }))).toEqual({
      title: 'Title is required',
      start: 'Invalid date format provided for start or end time',
    });
  });

  it('says in plain words that the end comes before the start', () => {
    const plain = 'The event ends before it starts: choose an end after the start.';
    expect(validateEvent(values({ endTime: '18:00' }))).toEqual({ end: plain });
    expect(validateEvent(values({ endTime: '19:30' }))).toEqual({ end: plain });
    expect(validateEvent(values({ allDay: true, startDate: '2026-05-12', endDate: '2026-05-11' }))).toEqual({ end: plain });
  });

  it("adds the rule's own checks", () => {
    const rule = { ...defaultRuleForm('2026-05-12'), type: 'weekly_on_days' as const, weeklyDays: [] };
    expect(validateEvent(values({ rule }))).toEqual({ 'recurrenceRule.weeklyDays': 'Select at least one day' });
  });
});

describe("the dialog's starting values", () => {
  it('start a new event on today at seven in the evening for an hour', () => {
    expect(newEventValues(null, local(2026, 5, 10, 12))).toMatchObject({
      title: '',
      eventType: 'rehearsal',
      allDay: false,
      startDate: '2026-05-10',
      startTime: '19:00',
      endDate: '2026-05-10',
      endTime: '20:00',
      status: 'published',
      rule: { type: 'none', weeklyDays: ['sunday'] },
    });
  });

  it('take a selected time span as it is', () => {
    const v = newEventValues({ start: local(2026, 5, 12, 18), end: local(2026, 5, 12, 19, 30), allDay: false });
    expect(v).toMatchObject({ allDay: false, startDate: '2026-05-12', startTime: '18:00', endDate: '2026-05-12', endTime: '19:30' });
  });

  it('make a click on one day an evening event, and several selected days an all-day one', () => {
    expect(newEventValues({ start: local(2026, 5, 12), end: local(2026, 5, 13), allDay: true })).toMatchObject({
      allDay: false,
      startDate: '2026-05-12',
      startTime: '19:00',
      endDate: '2026-05-12',
    });
    expect(newEventValues({ start: local(2026, 5, 12), end: local(2026, 5, 15), allDay: true })).toMatchObject({
      allDay: true,
      startDate: '2026-05-12',
      endDate: '2026-05-14',
    });
  });

  it('fill an edit from the event in local time, rule included', () => {
    const start = new Date(REHEARSAL.start);
    const end = new Date(REHEARSAL.end);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(eventValues(REHEARSAL)).toMatchObject({
      title: 'Tuesday Rehearsal',
      location: 'St Mary',
      notes: 'Bring the Byrd.',
      startTime: `${pad(start.getHours())}:${pad(start.getMinutes())}`,
      endTime: `${pad(end.getHours())}:${pad(end.getMinutes())}`,
      rule: { type: 'weekly_on_days', weeklyInterval: 1, weeklyDays: ['tuesday'] },
    });
    expect(eventValues(DRAFT)).toMatchObject({ allDay: true, startDate: '2026-05-27', endDate: '2026-05-27', status: 'draft' });
  });
});

describe('movedEvent', () => {
  it('sends the event unchanged but for its new times, rule and zone kept', () => {
    const moved = movedEvent(REHEARSAL, local(2026, 5, 13, 18), local(2026, 5, 13, 20), false);
    expect(moved).toEqual({
      title: 'Tuesday Rehearsal',
      eventType: 'rehearsal',
      start: local(2026, 5, 13, 18).toISOString(),
      end: local(2026, 5, 13, 20).toISOString(),
      allDay: false,
      location: 'St Mary',
      notes: 'Bring the Byrd.',
      status: 'published',
      timeZone: 'Europe/London',
      recurrenceRule: REHEARSAL.recurrenceRule,
    });
  });

  it('takes the weekly pattern along when an occurrence moves to another day for following or all events', () => {
    // Tuesday 19:30 in London to Wednesday 19:30 in London.
    const wednesday = new Date('2026-05-13T18:30:00Z');
    const later = new Date('2026-05-13T20:30:00Z');
    for (const scope of ['following', 'all'] as const) {
      expect(movedEvent(REHEARSAL, wednesday, later, false, scope)?.recurrenceRule).toEqual({
        type: 'weekly_on_days',
        weeklyInterval: 1,
        weeklyDays: ['wednesday'],
      });
    }
    // This event only: the series keeps its Tuesdays.
    expect(movedEvent(REHEARSAL, wednesday, later, false, 'single')?.recurrenceRule).toEqual(REHEARSAL.recurrenceRule);
    // The same day at another hour changes no day.
    expect(movedEvent(REHEARSAL, new Date('2026-05-12T17:00:00Z'), null, false, 'all')?.recurrenceRule).toEqual(REHEARSAL.recurrenceRule);
  });

  it('gives null when the series cannot follow the occurrence to its new day', () => {
    const sundayBefore = {
      ...REHEARSAL,
      recurrenceRule: { type: 'weekday_relative_to_feast' as const, weekday: 'sunday', direction: 'before' as const, feastId: 'f' },
    };
    expect(movedEvent(sundayBefore, new Date('2026-05-13T18:30:00Z'), null, false, 'all')).toBeNull();
    expect(movedEvent(sundayBefore, new Date('2026-05-13T18:30:00Z'), null, false, 'single')).not.toBeNull();
  });

  it('makes an event dropped on the all-day row last a day, and one dropped on the hours last an hour', () => {
    expect(movedEvent(CONCERT, local(2026, 5, 21), null, true)).toMatchObject({ start: '2026-05-21', end: '2026-05-22', allDay: true });
    expect(movedEvent(DRAFT, local(2026, 5, 21, 10), null, false)).toMatchObject({
      start: local(2026, 5, 21, 10).toISOString(),
      end: local(2026, 5, 21, 11).toISOString(),
      allDay: false,
    });
    expect(movedEvent(DRAFT, local(2026, 5, 21), local(2026, 5, 24), true)).toMatchObject({ start: '2026-05-21', end: '2026-05-24' });
  });
});

describe('the end follows the start', () => {
  it('keeps the length when the start time or day moves', () => {
    const before = values();
    expect(endFollowingStart({ ...before, startTime: '20:00' }, before)).toEqual({ endDate: '2026-05-12', endTime: '22:00' });
    expect(endFollowingStart({ ...before, startDate: '2026-05-14' }, before)).toEqual({ endDate: '2026-05-14', endTime: '21:30' });
    // Late enough, the end passes midnight into the next day.
    expect(endFollowingStart({ ...before, startTime: '23:00' }, before)).toEqual({ endDate: '2026-05-13', endTime: '01:00' });
  });

  it('moves an all-day event’s last day by the days its first day moved', () => {
    const before = values({ allDay: true, startDate: '2026-05-12', endDate: '2026-05-13' });
    expect(endFollowingStart({ ...before, startDate: '2026-05-30' }, before)).toEqual({ endDate: '2026-05-31', endTime: '21:30' });
    expect(endFollowingStart({ ...before, startDate: '2026-03-28' }, before)).toEqual({ endDate: '2026-03-29', endTime: '21:30' });
  });

  it('leaves the end alone when it was edited, or the old times were no event', () => {
    const before = values();
    expect(endFollowingStart({ ...before, title: 'Sectional' }, before)).toBeNull();
    expect(endFollowingStart({ ...before, startTime: '20:00', endTime: '23:00' }, before)).toBeNull();
    expect(endFollowingStart({ ...before, allDay: true }, before)).toBeNull();
    const reversed = values({ endTime: '18:00' });
    expect(endFollowingStart({ ...reversed, startTime: '20:00' }, reversed)).toBeNull();
    const unreadable = values({ startTime: '' });
    expect(endFollowingStart({ ...unreadable, startTime: '20:00' }, unreadable)).toBeNull();
  });
});
