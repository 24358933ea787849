import { describe, expect, it } from 'vitest';
import { formatDay, formatDays, formatInZone, formatWhen, readerClock } from './format';

describe('formatDays', () => {
  it('writes one day, or the first and last of several (the end being exclusive)', () => {
    expect(formatDays('2026-05-24', '2026-05-25')).toBe(formatDay('2026-05-24'));
    expect(formatDays('2026-05-24', null)).toBe(formatDay('2026-05-24'));
    expect(formatDays('2026-05-24', '2026-05-27')).toBe(`${formatDay('2026-05-24')} – ${formatDay('2026-05-26')}`);
  });
});

describe('formatWhen', () => {
  it('writes an all-day event as its days and a timed one as a range of times', () => {
    expect(formatWhen({ start: '2026-05-24', end: '2026-05-25', allDay: true })).toBe(formatDay('2026-05-24'));
    const timed = formatWhen({ start: '2026-05-12T19:30:00+01:00', end: '2026-05-12T21:30:00+01:00', allDay: false });
    expect(timed).toMatch(/2026/);
    expect(timed).not.toBe('2026-05-12T19:30:00+01:00 – 2026-05-12T21:30:00+01:00');
  });
});

describe('formatInZone', () => {
  const rehearsal = { start: '2026-07-07T19:30:00+01:00', end: '2026-07-07T21:30:00+01:00', allDay: false };

  it('names the times in the event’s zone when its clocks differ from the reader’s', () => {
    const there = formatInZone({ ...rehearsal, timeZone: 'Europe/London' }, 'America/New_York');
    expect(there).toMatch(/7:30|19:30/);
  });

  it('says nothing for the same zone, the same clocks, an all-day event or an unknown zone', () => {
    expect(formatInZone({ ...rehearsal, timeZone: 'Europe/London' }, 'Europe/London')).toBeNull();
    // London and Dublin keep the same time.
    expect(formatInZone({ ...rehearsal, timeZone: 'Europe/London' }, 'Europe/Dublin')).toBeNull();
    expect(formatInZone({ start: '2026-07-07', end: '2026-07-08', allDay: true, timeZone: 'Europe/London' }, 'UTC')).toBeNull();
    expect(formatInZone({ ...rehearsal, timeZone: 'Mars/Olympus' }, 'UTC')).toBeNull();
  });
});

describe('readerClock', () => {
  it("follows the reader's locale: 24 hours in Britain and Germany, 12 with am/pm in the United States", () => {
    expect(readerClock('en-GB')).toEqual({ hour: '2-digit', minute: '2-digit', hour12: false });
    expect(readerClock('de-DE')).toEqual({ hour: '2-digit', minute: '2-digit', hour12: false });
    expect(readerClock('en-US')).toEqual({ hour: 'numeric', minute: '2-digit', meridiem: 'short' });
  });
});
