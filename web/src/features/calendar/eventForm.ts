// The event dialog's state and the EventInput it sends: times as RFC 3339
// instants for timed events, dates for all-day ones (end exclusive), the
// choir's time zone, and the rule of the builder.
import type { CalendarEvent, EditScope, EventInput, EventStatus, EventType } from './api';
import { addDays, dateKey, parseDateKey } from './range';
import { defaultRuleForm, ruleForm, shiftRule, toRule, validateRuleForm, type RuleForm } from './rule';

export interface EventFormValues {
  title: string;
  eventType: EventType;
  allDay: boolean;
  /** YYYY-MM-DD, local. */
  startDate: string;
  /** HH:mm, local; ignored for all-day events. */
  startTime: string;
  /** YYYY-MM-DD: for all-day events the last day (inclusive). */
  endDate: string;
  endTime: string;
  location: string;
  notes: string;
  status: EventStatus;
  rule: RuleForm;
}

export const EVENT_TYPE_LABELS: Readonly<Record<EventType, string>> = {
  rehearsal: 'Rehearsal',
  service: 'Service',
  concert: 'Concert',
  liturgical_feast: 'Liturgical feast',
  other: 'Other',
};

export const EVENT_TYPES: readonly EventType[] = ['rehearsal', 'service', 'concert', 'liturgical_feast', 'other'];

/** The server's words (internal/calendar), mirrored for the checks made before sending. */
export const EVENT_MESSAGES = {
  titleRequired: 'Title is required',
  badDate: 'Invalid date format provided for start or end time',
  // The form's own words for an end before the start; the server's answer
  // keeps §5's message (timeOrderMessage), shown as it comes.
  endBeforeStart: 'The event ends before it starts: choose an end after the start.',
} as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** timeKey writes a local time as HH:mm. */
export function timeKey(d: Date): string {
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const TIME = /^(\d{2}):(\d{2})$/;

/** localDateTime is the instant of a local date and HH:mm time; null when either is not valid. */
export function localDateTime(date: string, time: string): Date | null {
  const d = parseDateKey(date);
  const t = TIME.exec(time);
  if (!d || !t || Number(t[1]) > 23 || Number(t[2]) > 59) return null;
  d.setHours(Number(t[1]), Number(t[2]), 0, 0);
  return d;
}

/** allDayEnd is the exclusive end the API wants for an all-day event whose last day is given. */
export function allDayEnd(lastDay: string): string {
  return addDays(lastDay, 1);
}

/** allDayLastDay is the last day of an all-day event from its exclusive end; a start-only event lasts its start day. */
export function allDayLastDay(start: string, end: string | null | undefined): string {
  const s = start.slice(0, 10);
  if (!end) return s;
  const last = addDays(end.slice(0, 10), -1);
  return last < s ? s : last;
}

export interface NewEventSpan {
  start: Date;
  /** Exclusive, as FullCalendar gives a selection. */
  end: Date;
  allDay: boolean;
}

/** One hour, the length of a new timed event made by a click on a day. */
const DEFAULT_HOURS = 1;
/** A click on a day of the month grid suggests an evening rehearsal. */
const DEFAULT_START = '19:00';

/**
 * newEventValues starts the dialog for a new event: from a selected span
 * of the calendar, else today. A whole-day selection in the month grid
 * becomes a timed event on that day unless it spans several days.
 */
export function newEventValues(span: NewEventSpan | null, today = new Date()): EventFormValues {
  let startDate: string;
  let startTime = DEFAULT_START;
  let endDate: string;
  let endTime: string;
  let allDay = false;
  if (span && !span.allDay) {
    startDate = dateKey(span.start);
    startTime = timeKey(span.start);
    endDate = dateKey(span.end);
    endTime = timeKey(span.end);
  } else {
    startDate = dateKey(span?.start ?? today);
    const lastDay = span ? addDays(dateKey(span.end), -1) : startDate;
    allDay = lastDay > startDate;
    endDate = allDay ? lastDay : startDate;
    const end = localDateTime(startDate, startTime)!;
    end.setHours(end.getHours() + DEFAULT_HOURS);
    endTime = timeKey(end);
    if (!allDay) endDate = dateKey(end);
  }
  return {
    title: '',
    eventType: 'rehearsal',
    allDay,
    startDate,
    startTime,
    endDate,
    endTime,
    location: '',
    notes: '',
    status: 'published',
    rule: defaultRuleForm(startDate),
  };
}

/** eventValues fills the dialog from an event or occurrence as the server gave it, in local time. */
export function eventValues(event: CalendarEvent): EventFormValues {
  let startDate: string;
  let startTime: string;
  let endDate: string;
  let endTime: string;
  if (event.allDay) {
    startDate = event.start.slice(0, 10);
    endDate = allDayLastDay(event.start, event.end);
    startTime = DEFAULT_START;
    endTime = '20:00';
  } else {
    const start = new Date(event.start);
    const end = new Date(event.end);
    startDate = dateKey(start);
    startTime = timeKey(start);
    endDate = dateKey(end);
    endTime = timeKey(end);
  }
  return {
    title: event.title,
    eventType: event.eventType,
    allDay: event.allDay,
    startDate,
    startTime,
    endDate,
    endTime,
    location: event.location,
    notes: event.notes,
    status: event.status,
    rule: ruleForm(event.recurrenceRule, startDate),
  };
}

/** startEnd is what the form's dates and times send: instants, or all-day dates with an exclusive end; null when invalid. */
export function startEnd(values: EventFormValues): { start: string; end: string } | null {
  if (values.allDay) {
    if (!parseDateKey(values.startDate) || !parseDateKey(values.endDate)) return null;
    return { start: values.startDate, end: allDayEnd(values.endDate) };
  }
  const start = localDateTime(values.startDate, values.startTime);
  const end = localDateTime(values.endDate, values.endTime);
  if (!start || !end) return null;
  return { start: start.toISOString(), end: end.toISOString() };
}

/**
 * endFollowingStart is the end that keeps the event's length when its start
 * moves, as calendars do: moving Thursday's 19:30–21:30 rehearsal to 20:00
 * makes it end at 22:00, and moving its day moves the end's day. Null when
 * the end should stay: the start did not move, the end was edited in the
 * same change, or the old times were not a valid event.
 */
export function endFollowingStart(
  next: EventFormValues,
  previous: EventFormValues,
): Pick<EventFormValues, 'endDate' | 'endTime'> | null {
  if (next.allDay !== previous.allDay) return null;
  if (next.startDate === previous.startDate && (next.allDay || next.startTime === previous.startTime)) return null;
  if (next.endDate !== previous.endDate || next.endTime !== previous.endTime) return null;
  if (next.allDay) {
    const [from, to, end] = [previous.startDate, next.startDate, previous.endDate].map(parseDateKey);
    if (!from || !to || !end || end < from) return null;
    // Whole days between two local midnights, whatever daylight saving does between them.
    const utcDay = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
    const days = Math.round((utcDay(to) - utcDay(from)) / 86_400_000);
    return { endDate: addDays(previous.endDate, days), endTime: next.endTime };
  }
  const from = localDateTime(previous.startDate, previous.startTime);
  const to = localDateTime(next.startDate, next.startTime);
  const end = localDateTime(previous.endDate, previous.endTime);
  if (!from || !to || !end || end <= from) return null;
  const moved = new Date(end.getTime() + (to.getTime() - from.getTime()));
  return { endDate: dateKey(moved), endTime: timeKey(moved) };
}

/**
 * toEventInput is the body the dialog sends. timeZone is the zone whose
 * wall-clock time the event keeps across daylight-saving changes: the
 * choir's for a new event, the event's own for one being edited.
 */
export function toEventInput(values: EventFormValues, timeZone: string | null | undefined): EventInput {
  const when = startEnd(values) ?? { start: '', end: '' };
  const rule = toRule(values.rule);
  return {
    title: values.title.trim(),
    eventType: values.eventType,
    start: when.start,
    end: when.end,
    allDay: values.allDay,
    location: values.location.trim(),
    notes: values.notes.trim(),
    status: values.status,
    ...(timeZone ? { timeZone } : {}),
    ...(rule ? { recurrenceRule: rule } : {}),
  };
}

/** isoOf reads a sent start or end (a day, for an all-day event) as an instant to compare. */
function isoOf(when: string): string {
  return when.length === 10 ? `${when}T00:00:00.000Z` : when;
}

/**
 * validateEvent is what the dialog can check before sending, keyed as the
 * server's details are; the server checks again and says more.
 */
export function validateEvent(values: EventFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.title.trim()) errors.title = EVENT_MESSAGES.titleRequired;
  const when = startEnd(values);
  if (!when) errors.start = EVENT_MESSAGES.badDate;
  else if (new Date(isoOf(when.end)).getTime() <= new Date(isoOf(when.start)).getTime()) {
    errors.end = EVENT_MESSAGES.endBeforeStart;
  }
  return { ...errors, ...validateRuleForm(values.rule) };
}

/** dateIn is the date (YYYY-MM-DD) an instant falls on in a time zone; the browser's for an unknown zone. */
export function dateIn(instant: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
  } catch {
    return dateKey(instant);
  }
}

/**
 * movedEvent is the update a drag or resize sends: the event as it is, at
 * its new start and end. FullCalendar drops the end when an event crosses
 * between the all-day row and the hours; it then lasts a day or an hour.
 * An occurrence moved to another day for this and following or all events
 * takes its series' pattern along (shiftRule); null when the rule cannot.
 */
export function movedEvent(
  event: CalendarEvent,
  start: Date,
  end: Date | null,
  allDay: boolean,
  scope: EditScope | null = null,
): EventInput | null {
  let from: string;
  let to: string;
  if (allDay) {
    from = dateKey(start);
    to = end ? dateKey(end) : addDays(from, 1);
    if (to <= from) to = addDays(from, 1);
  } else {
    from = start.toISOString();
    to = (end ?? new Date(start.getTime() + DEFAULT_HOURS * 60 * 60 * 1000)).toISOString();
  }
  let rule = event.recurrenceRule;
  if (rule && event.isInstance && event.instanceDate && (scope === 'following' || scope === 'all')) {
    const day = allDay ? from : dateIn(start, rule.tzid || event.timeZone);
    const shifted = shiftRule(rule, event.instanceDate, day);
    if (!shifted) return null;
    rule = shifted;
  }
  return {
    title: event.title,
    eventType: event.eventType,
    start: from,
    end: to,
    allDay,
    location: event.location,
    notes: event.notes,
    status: event.status,
    timeZone: event.timeZone,
    ...(rule ? { recurrenceRule: rule } : {}),
  };
}
