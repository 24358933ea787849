import { describe, expect, it } from 'vitest';
import { contrastRatio, DARK_TEXT, EVENT_COLORS, eventColor, LIGHT_TEXT, textColorOn } from './colors';
import { calendarEntries, DRAFT_CLASS, eventEntry, FEAST_CLASS, feastEntry } from './entries';
import { CONCERT, DRAFT, PENTECOST, REHEARSAL } from './testing';

describe('event colours', () => {
  it.each([
    ['rehearsal', '#805AD5'],
    ['service', '#3182CE'],
    ['concert', '#38A169'],
    ['other', '#718096'],
    ['liturgical_feast', '#B7791F'],
    ['something new', '#718096'],
  ])('%s is %s', (type, color) => {
    expect(eventColor(type)).toBe(color);
  });

  it.each(Object.entries(EVENT_COLORS))('%s (%s) carries text of at least 4.5:1 contrast', (_type, color) => {
    expect(contrastRatio(color, textColorOn(color))).toBeGreaterThanOrEqual(4.5);
  });

  it('picks white on dark colours and near-black on light ones', () => {
    expect(textColorOn('#805AD5')).toBe(LIGHT_TEXT);
    expect(textColorOn('#38A169')).toBe(DARK_TEXT);
    expect(textColorOn('#000000')).toBe(LIGHT_TEXT);
    expect(textColorOn('#FFFFFF')).toBe(DARK_TEXT);
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21);
  });
});

describe('calendar entries', () => {
  it('draws an event in its colour, movable only by administrators', () => {
    expect(eventEntry(CONCERT, true)).toMatchObject({
      id: 'ev-2',
      title: 'Spring Concert',
      start: CONCERT.start,
      end: CONCERT.end,
      allDay: false,
      editable: true,
      backgroundColor: '#38A169',
      borderColor: '#38A169',
      textColor: DARK_TEXT,
      extendedProps: { kind: 'event', event: CONCERT },
    });
    expect(eventEntry(REHEARSAL, false).editable).toBe(false);
  });

  it('marks a draft in its title and style', () => {
    const entry = eventEntry(DRAFT, true);
    expect(entry.title).toBe('Planning Meeting (Draft)');
    expect(entry.classNames).toEqual([DRAFT_CLASS]);
    expect(entry.borderColor).toBe('#718096');
  });

  it('draws a feast as a fixed all-day entry of one day', () => {
    expect(feastEntry(PENTECOST)).toMatchObject({
      id: 'feast-fi-1',
      title: 'Pentecost',
      start: '2026-05-24',
      end: '2026-05-25',
      allDay: true,
      editable: false,
      classNames: [FEAST_CLASS],
      extendedProps: { kind: 'feast', feast: PENTECOST },
    });
  });

  it('draws nothing before the answer, then feasts and events', () => {
    expect(calendarEntries(undefined, true)).toEqual([]);
    const entries = calendarEntries({ events: [CONCERT], feasts: [PENTECOST] }, false);
    expect(entries.map((e) => e.title)).toEqual(['Pentecost', 'Spring Concert']);
  });
});
