import { calendarDay as localDay, formatDate, formatWeekdayDate } from '../../components/format';

// How planning writes its dates: the server gives plain YYYY-MM-DD days in
// the choir's calendar, read as local days so no zone shifts them.

/** formatShortDate: the app's date, '14 Mar 2027'. */
export const formatShortDate = formatDate;

/** formatLongDate: the app's date with its weekday, 'Sun, 28 Mar 2027'. */
export const formatLongDate = formatWeekdayDate;

/** isDateKey says whether a route's date is a YYYY-MM-DD day. */
export function isDateKey(date: string): boolean {
  return localDay(date) !== null;
}

/** shiftDate is the day n days after date (before, for negative n), as YYYY-MM-DD. */
export function shiftDate(date: string, n: number): string {
  const d = localDay(date);
  if (!d) return date;
  d.setDate(d.getDate() + n);
  const pad = (v: number) => String(v).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** lastSungText: 'Last sung: 14 Mar 2027, 1 Feb 2027', or 'Never sung'. */
export function lastSungText(dates: readonly string[]): string {
  return dates.length === 0 ? 'Never sung' : `Last sung: ${dates.map(formatShortDate).join(', ')}`;
}

/** pieceLine: 'Ave verum corpus — Mozart (No. 112)', the parts a piece has. */
export function pieceLine(piece: { title: string; composer: string; libraryNumber: string }): string {
  let line = piece.title;
  if (piece.composer) line += ` — ${piece.composer}`;
  if (piece.libraryNumber) line += ` (No. ${piece.libraryNumber})`;
  return line;
}

/** The path of the desktop planning page of a date, with the event chosen. */
export function planV3Path(date: string, eventId?: string | null): string {
  const path = `/dashboard/calendar/plan-music-v3/${encodeURIComponent(date)}`;
  return eventId ? `${path}?event=${encodeURIComponent(eventId)}` : path;
}
