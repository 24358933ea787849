import { describe, expect, it } from 'vitest';
import { calendarDay, formatClock, formatDate, formatDateTime, formatTime, formatWeekdayDate } from './format';

// A plain day is the same day wherever the reader is: west of Greenwich
// (Los Angeles, UTC−8) `new Date('2026-03-12')` is the evening of the 11th,
// and at UTC+14 (Kiritimati) an instant late on the 12th in UTC is already
// the 13th, as it should be for an instant. (src/test/setup.ts puts the zone
// back after each test.)
const ZONES = ['America/Los_Angeles', 'Pacific/Kiritimati', 'UTC'];

describe.each(ZONES)('in %s', (zone) => {
  const inZone = () => {
    process.env.TZ = zone;
  };

  it('reads a plain day as that day', () => {
    inZone();
    const day = calendarDay('2026-03-12');
    expect([day?.getFullYear(), day?.getMonth(), day?.getDate()]).toEqual([2026, 2, 12]);
    expect(calendarDay('2026-02-30')).toBeNull();
    expect(calendarDay('2026-13-01')).toBeNull();
    expect(calendarDay('12/03/2026')).toBeNull();
  });

  // Plans, feasts and the calendar read their days through calendarDay too.
  it("writes a piece's last use on its own day", () => {
    inZone();
    const date = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(2026, 2, 12));
    expect(formatDate('2026-03-12')).toBe(date);
    expect(formatDate('2026-03-12')).toMatch(/\b12\b/);
    expect(formatDate('2026-03-12')).toMatch(/Mar/);
  });

  it("writes a feast's or a plan's day with its own weekday", () => {
    inZone();
    // 12 March 2026 is a Thursday; 1 January 2027 a Friday, the first day of a year.
    expect(formatWeekdayDate('2026-03-12')).toMatch(/^Thu, .*\b12\b/);
    expect(formatWeekdayDate('2027-01-01')).toMatch(/^Fri, .*\b1\b.*2027/);
    expect(formatWeekdayDate('2027-01-01')).toBe(`Fri, ${formatDate('2027-01-01')}`);
  });

  it("writes the choir's wall-clock time as it is, whatever the reader's zone", () => {
    inZone();
    expect(formatClock('19:30')).toMatch(/^(19:30|7:30\s?PM)$/);
    expect(formatClock('00:05')).toMatch(/^(00:05|12:05\s?AM)$/);
    expect(formatClock('24:00')).toBe('24:00');
    expect(formatClock('soon')).toBe('soon');
  });
});

it('moves an instant into the reader’s zone, as an instant should', () => {
  process.env.TZ = 'America/Los_Angeles';
  expect(formatDate('2026-03-12T03:00:00Z')).toBe(formatDate('2026-03-11'));
  process.env.TZ = 'Pacific/Kiritimati';
  expect(formatDate('2026-03-12T11:00:00Z')).toBe(formatDate('2026-03-13'));
});

it('writes an instant’s time and date in the reader’s zone, in the app’s date style', () => {
  process.env.TZ = 'America/Los_Angeles';
  // 03:30 UTC on 12 January is 19:30 on the 11th in Los Angeles (winter time, UTC−8).
  expect(formatTime('2026-01-12T03:30:00Z')).toBe(formatClock('19:30'));
  expect(formatDateTime('2026-01-12T03:30:00Z')).toBe(`${formatDate('2026-01-11')}, ${formatClock('19:30')}`);
  process.env.TZ = 'Pacific/Kiritimati';
  // And 11:00 UTC on the 12th is 01:00 on the 13th at UTC+14.
  expect(formatTime('2026-03-12T11:00:00Z')).toBe(formatClock('01:00'));
  expect(formatDateTime('2026-03-12T11:00:00Z')).toBe(`${formatDate('2026-03-13')}, ${formatClock('01:00')}`);
});
