// The phone's agenda and month: what a day holds, from today on, and which
// liturgical days are minor enough to be hidden unless asked for. Plain data,
// read without FullCalendar, so the first events show before it loads.
import type { CalendarEvent, EventList, FeastEntry } from './api';
import { allDayLastDay } from './eventForm';
import { addDays, dateKey, prewarmRange, type DateRange } from './range';

/**
 * Ranks of the minor days (optional memorials, ferias, commemorations and
 * their like in each tradition's vocabulary, see internal/liturgy): hidden
 * unless 'Show all liturgical days' is on. A rank not listed stays shown,
 * and so does every Sunday, whatever its rank.
 */
export const MINOR_RANKS: ReadonlySet<string> = new Set([
  // General Roman Calendar and the national ones
  'memorial',
  'optional_memorial',
  'commemoration',
  // 1962 and 1955 rubrics
  'class_iii',
  'class_iv',
  'double',
  'semidouble',
  'simple',
  'greater_feria',
  'common_vigil',
  'rogation_day',
  // Anglican, Episcopal and Lutheran books
  'lesser_festival',
  'optional_observance',
  'day_of_special_devotion',
  'occasion',
  // Orthodox
  'polyeleos',
  'memorial_saturday',
]);

/** isMinorFeast: a day hidden by default (never a Sunday). */
export function isMinorFeast(feast: Pick<FeastEntry, 'rank' | 'type'>): boolean {
  if (feast.type === 'sunday') return false;
  return MINOR_RANKS.has(feast.rank.trim().toLowerCase().replace(/[\s-]+/g, '_'));
}

/** shownFeasts are the feasts to show: all of them, or all but the minor days. */
export function shownFeasts(feasts: readonly FeastEntry[], showAll: boolean): FeastEntry[] {
  return showAll ? [...feasts] : feasts.filter((f) => !isMinorFeast(f));
}

/** agendaRange is what the agenda asks for: the pre-warm's range, so one request serves both. */
export function agendaRange(today: Date): DateRange {
  return prewarmRange(today);
}

/** The days an event covers, as YYYY-MM-DD in the reader's zone (first and last). */
export function eventDays(event: Pick<CalendarEvent, 'start' | 'end' | 'allDay'>): [string, string] {
  if (event.allDay) {
    const first = event.start.slice(0, 10);
    return [first, allDayLastDay(event.start, event.end)];
  }
  const start = new Date(event.start);
  // An event ending at midnight does not reach into the next day.
  const end = new Date(new Date(event.end).getTime() - 1);
  return [dateKey(start), dateKey(end < start ? start : end)];
}

export interface AgendaDay {
  date: string;
  feasts: FeastEntry[];
  events: CalendarEvent[];
}

/**
 * agendaDays are the days from today on that hold something: each event on
 * its first day (or on today when it began earlier and is not over), the
 * feasts shown on theirs, events by start. Today is the reader's today.
 */
export function agendaDays(list: EventList | undefined, now: Date, showAll: boolean): AgendaDay[] {
  if (!list) return [];
  const today = dateKey(now);
  const days = new Map<string, AgendaDay>();
  const day = (date: string) => {
    let d = days.get(date);
    if (!d) days.set(date, (d = { date, feasts: [], events: [] }));
    return d;
  };
  for (const feast of shownFeasts(list.feasts, showAll)) {
    if (feast.date >= today) day(feast.date).feasts.push(feast);
  }
  const events = [...list.events].sort((a, b) => startTime(a) - startTime(b));
  for (const event of events) {
    const [first, last] = eventDays(event);
    if (last < today) continue;
    if (!event.allDay && new Date(event.end) <= now) continue;
    day(first < today ? today : first).events.push(event);
  }
  return [...days.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

function startTime(event: Pick<CalendarEvent, 'start' | 'allDay'>): number {
  // An all-day event comes first on its day.
  return event.allDay ? new Date(`${event.start.slice(0, 10)}T00:00:00`).getTime() - 1 : new Date(event.start).getTime();
}

/** What a day of the month holds: the days' events and shown feasts, by date. */
export function monthDays(list: EventList | undefined, showAll: boolean): Map<string, AgendaDay> {
  const days = new Map<string, AgendaDay>();
  if (!list) return days;
  const day = (date: string) => {
    let d = days.get(date);
    if (!d) days.set(date, (d = { date, feasts: [], events: [] }));
    return d;
  };
  for (const feast of shownFeasts(list.feasts, showAll)) day(feast.date).feasts.push(feast);
  const events = [...list.events].sort((a, b) => startTime(a) - startTime(b));
  for (const event of events) {
    const [first, last] = eventDays(event);
    // A long event is listed on each of its days, up to six weeks of them.
    for (let d = first, n = 0; d <= last && n < 42; d = addDays(d, 1), n++) day(d).events.push(event);
  }
  return days;
}

/** monthGrid is the weeks (Monday first) that show a month: 4 to 6 rows of 7 dates. */
export function monthGrid(month: Date): string[][] {
  const first = new Date(month.getFullYear(), month.getMonth(), 1);
  const last = new Date(month.getFullYear(), month.getMonth() + 1, 0);
  const back = (first.getDay() + 6) % 7; // days since Monday
  let d = addDays(dateKey(first), -back);
  const end = dateKey(last);
  const weeks: string[][] = [];
  while (weeks.length === 0 || d <= end) {
    const week: string[] = [];
    for (let i = 0; i < 7; i++, d = addDays(d, 1)) week.push(d);
    weeks.push(week);
  }
  return weeks;
}
