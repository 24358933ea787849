import { afterEach, describe, expect, it } from 'vitest';
import { calendarDay, formatDate } from './format';

// A plain day is the same day wherever the reader is: west of Greenwich
// (Los Angeles, UTC−8) `new Date('2026-03-12')` is the evening of the 11th,
// and at UTC+14 (Kiritimati) an instant late on the 12th in UTC is already
// the 13th, as it should be for an instant.
const ZONES = ['America/Los_Angeles', 'Pacific/Kiritimati', 'UTC'];
const originalZone = process.env.TZ;

afterEach(() => {
  process.env.TZ = originalZone;
});

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
    const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(2026, 2, 12));
    expect(formatDate('2026-03-12')).toBe(date);
  });
});

it('moves an instant into the reader’s zone, as an instant should', () => {
  process.env.TZ = 'America/Los_Angeles';
  expect(formatDate('2026-03-12T03:00:00Z')).toBe(
    new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(2026, 2, 11)),
  );
  process.env.TZ = 'Pacific/Kiritimati';
  expect(formatDate('2026-03-12T11:00:00Z')).toBe(
    new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(2026, 2, 13)),
  );
});
