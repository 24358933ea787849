// The usage report's default range, in the reader's days.

const pad = (n: number) => String(n).padStart(2, '0');

/** dayKey writes a local date as YYYY-MM-DD. */
export function dayKey(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** lastTwelveMonths is the usage report's default range: the twelve months up to today. */
export function lastTwelveMonths(today: Date = new Date()): { from: string; to: string } {
  const from = new Date(today.getFullYear() - 1, today.getMonth(), today.getDate() + 1);
  return { from: dayKey(from), to: dayKey(today) };
}
