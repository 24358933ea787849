import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  bufferMonths,
  completeFor,
  covers,
  dateKey,
  fetchRange,
  neighbourRanges,
  parseDateKey,
  prewarmRange,
} from './range';

const day = (s: string) => parseDateKey(s)!;

describe('bufferMonths', () => {
  it.each([
    [1, 2],
    [7, 2],
    [31, 2],
    [35, 2],
    [36, 1],
    [42, 1],
    [365, 1],
  ])('a visible range of %i days gets %i months either side', (days, months) => {
    expect(bufferMonths(days)).toBe(months);
  });
});

describe('fetchRange', () => {
  it.each([
    // view, visible start, visible end (exclusive), fetched from, fetched to
    ['week', '2026-05-11', '2026-05-18', '2026-03-01', '2026-07-31'],
    ['list month', '2026-05-01', '2026-06-01', '2026-03-01', '2026-07-31'],
    ['five-week month grid (35 days)', '2026-01-26', '2026-03-02', '2025-11-01', '2026-05-31'],
    ['six-week month grid (42 days)', '2026-04-27', '2026-06-08', '2026-03-01', '2026-07-31'],
    ['week across the new year', '2025-12-29', '2026-01-05', '2025-10-01', '2026-03-31'],
    ['month grid across the new year', '2025-11-24', '2026-01-05', '2025-10-01', '2026-02-28'],
    ['week ending on a leap day', '2028-02-23', '2028-03-01', '2027-12-01', '2028-04-30'],
  ])('%s: %s to %s asks for %s to %s', (_view, start, end, from, to) => {
    expect(fetchRange(day(start), day(end))).toEqual({ startDate: from, endDate: to });
  });

  it('counts days across a daylight-saving change as whole days', () => {
    // 35 local days whatever the clock change inside them.
    expect(fetchRange(day('2026-03-02'), day('2026-04-06'))).toEqual({ startDate: '2026-01-01', endDate: '2026-06-30' });
  });
});

describe('neighbourRanges', () => {
  it('gives the next month first, then the previous one', () => {
    const [next, previous] = neighbourRanges(day('2026-04-27'), day('2026-06-08'));
    expect(next).toEqual({ startDate: '2026-04-01', endDate: '2026-08-31' });
    expect(previous).toEqual({ startDate: '2026-02-01', endDate: '2026-06-30' });
  });

  it('matches the range the next month view will ask for', () => {
    // June 2026's list.
    const [next] = neighbourRanges(day('2026-05-01'), day('2026-06-01'));
    expect(covers(next, fetchRange(day('2026-06-01'), day('2026-07-01')))).toBe(true);
  });
});

describe('prewarmRange', () => {
  it.each([
    ['2026-05-10', '2026-02-01', '2026-08-31'],
    ['2026-01-31', '2025-10-01', '2026-04-30'],
    ['2026-11-15', '2026-08-01', '2027-02-28'],
  ])('around %s: %s to %s', (today, from, to) => {
    expect(prewarmRange(day(today))).toEqual({ startDate: from, endDate: to });
  });

  it("holds the first range of today's month, week and list views", () => {
    const warm = prewarmRange(day('2026-05-10'));
    expect(covers(warm, fetchRange(day('2026-04-27'), day('2026-06-08')))).toBe(true);
    expect(covers(warm, fetchRange(day('2026-05-04'), day('2026-05-11')))).toBe(true);
    expect(covers(warm, fetchRange(day('2026-05-01'), day('2026-06-01')))).toBe(true);
  });
});

describe('date helpers', () => {
  it.each([
    ['2026-05-10', 1, '2026-05-11'],
    ['2026-05-31', 1, '2026-06-01'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-03-29', 1, '2026-03-30'],
  ])('addDays(%s, %i) is %s', (date, days, want) => {
    expect(addDays(date, days)).toBe(want);
  });

  it('adds months keeping the day where the month has it', () => {
    expect(dateKey(addMonths(day('2026-01-31'), 1))).toBe('2026-02-28');
    expect(dateKey(addMonths(day('2026-03-31'), -1))).toBe('2026-02-28');
    expect(dateKey(addMonths(day('2026-05-10'), 1))).toBe('2026-06-10');
  });

  it('reads only real dates', () => {
    expect(parseDateKey('2026-02-30')).toBeNull();
    expect(parseDateKey('26-02-01')).toBeNull();
    expect(dateKey(parseDateKey('2026-02-28')!)).toBe('2026-02-28');
  });

  it('tells whether a cached range holds another', () => {
    const held = { startDate: '2026-02-01', endDate: '2026-08-31' };
    expect(covers(held, { startDate: '2026-03-01', endDate: '2026-07-31' })).toBe(true);
    expect(covers(held, held)).toBe(true);
    expect(covers(held, { startDate: '2026-01-31', endDate: '2026-07-31' })).toBe(false);
    expect(covers(held, { startDate: '2026-03-01', endDate: '2026-09-01' })).toBe(false);
  });

  it('tells whether an answer cut by the occurrence cap holds a range: only one ending before the cut', () => {
    const range = { startDate: '2026-03-01', endDate: '2026-07-31' };
    expect(completeFor(undefined, range)).toBe(true);
    expect(completeFor('2026-08-01', range)).toBe(true);
    expect(completeFor('2026-07-31', range)).toBe(false);
    expect(completeFor('2026-05-14', range)).toBe(false);
    expect(completeFor('2026-03-01', range)).toBe(false);
  });
});
