// Calendar dates (YYYY-MM-DD) of planning, read and written in the reader's day.

const pad = (n: number) => String(n).padStart(2, '0');
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** dayKey writes a local date as YYYY-MM-DD. */
export function dayKey(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** isDay says whether s is a real YYYY-MM-DD date. */
export function isDay(s: string): boolean {
  const m = DAY.exec(s);
  return m !== null && dayKey(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) === s;
}

/** lastTwelveMonths is the usage report's default range: a year ago to today. */
export function lastTwelveMonths(today: Date = new Date()): { from: string; to: string } {
  const from = new Date(today.getFullYear() - 1, today.getMonth(), today.getDate() + 1);
  return { from: dayKey(from), to: dayKey(today) };
}

/** formatDay writes a date as the reader's locale does ('8 Mar 2026'), the day as written whatever the zone. */
export function formatDay(s: string): string {
  const m = DAY.exec(s);
  if (!m) return s;
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

/** formatLongDay writes a date with its weekday ('Sunday, 8 March 2026'). */
export function formatLongDay(s: string): string {
  const m = DAY.exec(s);
  if (!m) return s;
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'full' }).format(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}
