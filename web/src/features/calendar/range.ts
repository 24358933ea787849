// The date ranges the calendar asks the server for (calendar document §9):
// the visible range with a buffer either side, the neighbouring months and
// the cache pre-warm around today. Dates are calendar days (YYYY-MM-DD) read
// in the browser's local time, as FullCalendar reports its visible range.

import { calendarDay } from '../../components/format';

/** A range of calendar days, both ends included. */
export interface DateRange {
  startDate: string;
  endDate: string;
}

/** Visible ranges of this many days or fewer get the wider buffer. */
export const SHORT_RANGE_DAYS = 35;
/** Months fetched either side of a short visible range, and of any other. */
export const SHORT_RANGE_BUFFER_MONTHS = 2;
export const LONG_RANGE_BUFFER_MONTHS = 1;
/** Months either side of today the cache is pre-warmed with. */
export const PREWARM_MONTHS = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

const pad = (n: number) => String(n).padStart(2, '0');

/** dateKey writes a local date as YYYY-MM-DD. */
export function dateKey(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** parseDateKey reads YYYY-MM-DD as local midnight; null for anything else. */
export const parseDateKey = calendarDay;

/** addDays moves a YYYY-MM-DD date by whole days (negative for earlier). */
export function addDays(date: string, days: number): string {
  const m = DAY.exec(date);
  if (!m) return date;
  // Noon UTC keeps the arithmetic clear of any daylight-saving change.
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12) + days * DAY_MS;
  return new Date(t).toISOString().slice(0, 10);
}

/** daysBetween counts the days from start to end (end exclusive), rounding across daylight-saving changes. */
export function daysBetween(start: Date, end: Date): number {
  return Math.round((end.getTime() - start.getTime()) / DAY_MS);
}

/** bufferMonths is the §9 buffer for a visible range of so many days. */
export function bufferMonths(days: number): number {
  return days <= SHORT_RANGE_DAYS ? SHORT_RANGE_BUFFER_MONTHS : LONG_RANGE_BUFFER_MONTHS;
}

const firstOfMonth = (d: Date, months: number) => new Date(d.getFullYear(), d.getMonth() + months, 1);
const lastOfMonth = (d: Date, months: number) => new Date(d.getFullYear(), d.getMonth() + months + 1, 0);

/**
 * fetchRange is what to ask the server for when the calendar shows
 * [visibleStart, visibleEnd) (end exclusive, as FullCalendar gives it): the
 * buffer of §9 either side, widened to whole months so that nearby views
 * share a cached answer.
 */
export function fetchRange(visibleStart: Date, visibleEnd: Date): DateRange {
  const months = bufferMonths(daysBetween(visibleStart, visibleEnd));
  const lastDay = new Date(visibleEnd.getFullYear(), visibleEnd.getMonth(), visibleEnd.getDate() - 1);
  return { startDate: dateKey(firstOfMonth(visibleStart, -months)), endDate: dateKey(lastOfMonth(lastDay, months)) };
}

/** addMonths moves a date by whole months, keeping the day where the month has it (31 Jan + 1 → 28/29 Feb). */
export function addMonths(d: Date, months: number): Date {
  const target = new Date(d.getFullYear(), d.getMonth() + months, 1, d.getHours(), d.getMinutes());
  const last = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  target.setDate(Math.min(d.getDate(), last));
  return target;
}

/** neighbourRanges are the fetch ranges of the months either side of a view: the next one first. */
export function neighbourRanges(visibleStart: Date, visibleEnd: Date): [DateRange, DateRange] {
  return [
    fetchRange(addMonths(visibleStart, 1), addMonths(visibleEnd, 1)),
    fetchRange(addMonths(visibleStart, -1), addMonths(visibleEnd, -1)),
  ];
}

/** prewarmRange is the §9 pre-warm: whole months, three either side of today. */
export function prewarmRange(today: Date): DateRange {
  return {
    startDate: dateKey(firstOfMonth(today, -PREWARM_MONTHS)),
    endDate: dateKey(lastOfMonth(today, PREWARM_MONTHS)),
  };
}

/** covers says whether a cached range holds every day of another. */
export function covers(outer: DateRange, inner: DateRange): boolean {
  return outer.startDate <= inner.startDate && outer.endDate >= inner.endDate;
}

/**
 * completeFor says whether an answer whose series were cut from
 * truncatedFrom on (the cap of 100 occurrences, §9; undefined when nothing
 * was cut) holds every event of a range: only if the range ends before it.
 */
export function completeFor(truncatedFrom: string | undefined, range: DateRange): boolean {
  return !truncatedFrom || range.endDate < truncatedFrom;
}

/** eventLink is the calendar opened on an event's day with its panel open. */
export function eventLink(event: { id: string; start: string }): string {
  const params = new URLSearchParams({ event: event.id, date: event.start.slice(0, 10) });
  return `/dashboard/calendar?${params.toString()}`;
}
