// How the analytics page writes its figures: the same words as the CSV
// the server writes for each table, so that a download says what the page says.

/** pct is a percentage as the tables show it: "75 %", or "—" when there is nothing to count. */
export function pct(v: number | undefined | null): string {
  return v === undefined || v === null ? '—' : `${v} %`;
}

const typeNames: Record<string, string> = {
  rehearsal: 'Rehearsal',
  service: 'Service',
  concert: 'Concert',
  liturgical_feast: 'Liturgical feast',
  other: 'Other',
};

/** eventTypes are the calendar's event types in its order, with their names. */
export const eventTypes = Object.entries(typeNames).map(([value, label]) => ({ value, label }));

/** typeName is an event type as people read it. */
export function typeName(t: string): string {
  return typeNames[t] ?? t;
}

/** singers writes an average to at most one decimal: 12.5, 12. */
export function singers(v: number): string {
  return String(Math.round(v * 10) / 10);
}

/** duration writes seconds as a person says a wait: "45 minutes", "13 hours", "2 days 3 hours". */
export function duration(seconds: number): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest === 0 ? plural(days, 'day') : `${plural(days, 'day')} ${plural(rest, 'hour')}`;
}
