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

// The app's one date style, in the reader's locale: a date ('12 Mar 2026',
// 'Mar 12, 2026' in the United States), the same with its weekday
// ('Thu, 12 Mar 2026'), a time ('19:30', '7:30 PM'), and both together.
const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const WEEKDAY_DATE: Intl.DateTimeFormatOptions = { weekday: 'short', ...DATE };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * dateTimeFormat is the reader's Intl.DateTimeFormat for these options, made
 * once: making one costs a phone a good part of a millisecond, and a page of
 * dates (the phone's agenda) made one for each date. Kept by the options and
 * by the reader's zone as its offsets in January and July say, so that a
 * zone changed under a running page (as the tests do) gets formats of its own.
 */
export function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const zone = `${new Date(2000, 0, 1).getTimezoneOffset()},${new Date(2000, 6, 1).getTimezoneOffset()}`;
  const key = `${zone}|${JSON.stringify(options)}`;
  let made = formats.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(undefined, options);
    formats.set(key, made);
  }
  return made;
}

function format(iso: string, options: Intl.DateTimeFormatOptions): string {
  const d = parse(iso);
  return d ? dateTimeFormat(options).format(d) : iso;
}

/** formatDate: '12 Mar 2026'; a plain day (YYYY-MM-DD) stays that day in every zone. */
export function formatDate(iso: string): string {
  return format(iso, DATE);
}

/** formatWeekdayDate: 'Thu, 12 Mar 2026'; a plain day stays that day in every zone. */
export function formatWeekdayDate(iso: string): string {
  return format(iso, WEEKDAY_DATE);
}

/** formatDateTime: '12 Mar 2026, 14:05', an instant in the reader's zone. */
export function formatDateTime(iso: string): string {
  return format(iso, { ...DATE, ...TIME });
}

/** formatTime: '14:05' or '2:05 PM', an instant in the reader's zone. */
export function formatTime(iso: string): string {
  return format(iso, TIME);
}

const CLOCK = /^(\d{2}):(\d{2})(?::\d{2})?$/;

/**
 * formatClock writes a wall-clock time the server already gave in the
 * choir's zone ('19:30') as the reader's locale writes times: '19:30' or
 * '7:30 PM'. No zone applies to it.
 */
export function formatClock(time: string): string {
  const m = CLOCK.exec(time);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return time;
  return dateTimeFormat(TIME).format(new Date(2000, 0, 1, Number(m[1]), Number(m[2])));
}

/** formatDateTimeRange: 'Thu, 12 Mar 2026, 19:30 – 21:30', times in the given zone (the reader's without one). */
export function formatDateTimeRange(start: Date, end: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat(undefined, { ...WEEKDAY_DATE, ...TIME, ...(timeZone ? { timeZone } : {}) }).formatRange(start, end);
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
