// Dates and times as the reader's locale writes them.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * calendarDay reads a plain YYYY-MM-DD day (a plan's date, a piece's last
 * use, a feast) as midnight in the reader's zone: a day, not an instant, so
 * no zone moves it. `new Date('2026-03-12')` would be UTC midnight, which is
 * 11 March west of Greenwich. Null for anything else.
 */
export function calendarDay(date: string): Date | null {
  const m = DAY.exec(date);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const d = new Date(year, month, day);
  // 2026-02-30 would roll over into March: not a day at all.
  return d.getFullYear() === year && d.getMonth() === month && d.getDate() === day ? d : null;
}

function parse(iso: string): Date | null {
  if (DAY.test(iso)) return calendarDay(iso);
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** formatDate: '12 Mar 2026' in the reader's locale; a plain day stays that day in every zone. */
export function formatDate(iso: string): string {
  const d = parse(iso);
  return d ? new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(d) : iso;
}

/** formatDateTime: '12 Mar 2026, 14:05' in the reader's locale. */
export function formatDateTime(iso: string): string {
  const d = parse(iso);
  return d ? new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(d) : iso;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** formatRelative: 'just now', '5 minutes ago', 'yesterday'. */
export function formatRelative(iso: string, now: Date = new Date()): string {
  const d = parse(iso);
  if (!d) return iso;
  const seconds = Math.round((d.getTime() - now.getTime()) / 1000);
  if (Math.abs(seconds) < 60) return 'just now';
  const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

// How a piece's numbers are worded (calendar §2 display rules).

/** formatDuration: '45 min' under an hour, then '1h' or '1h 30min'. */
export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours}h ${rest}min` : `${hours}h`;
}

/** difficultyLabel: 1 to 3 Easy, 4 to 6 Moderate, above 6 Challenging. */
export function difficultyLabel(level: number): string {
  if (level <= 3) return 'Easy';
  if (level <= 6) return 'Moderate';
  return 'Challenging';
}
