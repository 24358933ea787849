// How the calendar writes dates and times: in the reader's locale and time
// zone, naming the event's own zone when it differs.
import { formatDateTimeRange } from '../../components/format';
import { formatFeastDate } from '../feasts';
import type { CalendarEvent } from './api';
import { allDayLastDay } from './eventForm';

export { formatFeastDate as formatDay };

/** browserTimeZone is the reader's IANA zone, or '' when the browser does not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

/** A clock format as FullCalendar takes it: Intl.DateTimeFormat options plus its own meridiem. */
export interface ClockFormat {
  hour: 'numeric' | '2-digit';
  minute: '2-digit';
  hour12?: false;
  meridiem?: 'short';
  omitZeroMinute?: boolean;
}

/**
 * readerClock is the reader's locale's clock for the calendar grid: 19:30
 * where the locale counts 24 hours, 7:30pm where it counts 12, as the rest
 * of the app writes times in the reader's locale.
 */
export function readerClock(locale?: string): ClockFormat {
  let hour12: boolean | undefined;
  try {
    hour12 = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hour12;
  } catch {
    hour12 = undefined;
  }
  return hour12 === false ? { hour: '2-digit', minute: '2-digit', hour12: false } : { hour: 'numeric', minute: '2-digit', meridiem: 'short' };
}

/** formatDays writes an all-day span: 'Sun, 24 May 2026' or 'Sun, 24 May 2026 – Tue, 26 May 2026'. */
export function formatDays(start: string, end: string | null | undefined): string {
  const first = start.slice(0, 10);
  const last = allDayLastDay(start, end);
  return last === first ? formatFeastDate(first) : `${formatFeastDate(first)} – ${formatFeastDate(last)}`;
}

/** formatWhen writes when an event happens: all-day dates, or the times in the reader's zone. */
export function formatWhen(event: Pick<CalendarEvent, 'start' | 'end' | 'allDay'>): string {
  if (event.allDay) return formatDays(event.start, event.end);
  const start = new Date(event.start);
  const end = new Date(event.end);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return `${event.start} – ${event.end}`;
  return formatDateTimeRange(start, end);
}

/**
 * formatInZone writes a timed event's times in its own zone, for readers
 * elsewhere; null when the event is all-day, its zone is the reader's or
 * unknown to the browser, or the clocks of both zones read the same then.
 */
export function formatInZone(
  event: Pick<CalendarEvent, 'start' | 'end' | 'allDay' | 'timeZone'>,
  readerZone = browserTimeZone(),
): string | null {
  if (event.allDay || !event.timeZone || event.timeZone === readerZone) return null;
  try {
    const start = new Date(event.start);
    const end = new Date(event.end);
    const there = formatDateTimeRange(start, end, event.timeZone);
    return there === formatDateTimeRange(start, end, readerZone || undefined) ? null : there;
  } catch {
    return null;
  }
}
