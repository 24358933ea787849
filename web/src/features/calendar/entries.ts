// What FullCalendar draws: the server's events and occurrences in their
// type's colour, drafts marked, and the choir's feasts as all-day entries.
import type { EventInput as CalendarEntry } from '@fullcalendar/core';
import type { CalendarEvent, EventList, FeastEntry } from './api';
import { eventColor, textColorOn } from './colors';
import { addDays } from './range';

export type { CalendarEntry };

/** What an entry carries back to the page when clicked or moved. */
export type EntryProps = { kind: 'event'; event: CalendarEvent } | { kind: 'feast'; feast: FeastEntry };

export const DRAFT_SUFFIX = ' (Draft)';
export const FEAST_CLASS = 'cantica-feast';
export const DRAFT_CLASS = 'cantica-draft';

/** eventEntry draws one event; only administrators may drag it (editable). */
export function eventEntry(event: CalendarEvent, editable: boolean): CalendarEntry {
  const color = eventColor(event.eventType);
  const draft = event.status === 'draft';
  const props: EntryProps = { kind: 'event', event };
  return {
    id: event.id,
    title: draft ? `${event.title}${DRAFT_SUFFIX}` : event.title,
    start: event.start,
    end: event.end,
    allDay: event.allDay,
    editable,
    // A draft is an outline: dashed border of its colour on the page's background.
    backgroundColor: draft ? 'var(--cantica-draft-bg)' : color,
    borderColor: color,
    textColor: draft ? 'var(--cantica-draft-text)' : textColorOn(color),
    classNames: draft ? [DRAFT_CLASS] : [],
    extendedProps: props,
  };
}

/** feastEntry draws a feast: an all-day entry of 24 hours in a muted style that cannot be moved. */
export function feastEntry(feast: FeastEntry): CalendarEntry {
  const props: EntryProps = { kind: 'feast', feast };
  return {
    id: `feast-${feast.id}`,
    title: feast.name,
    start: feast.date,
    end: addDays(feast.date, 1),
    allDay: true,
    editable: false,
    backgroundColor: 'var(--cantica-feast-bg)',
    borderColor: 'var(--cantica-feast-border)',
    textColor: 'var(--cantica-feast-text)',
    classNames: [FEAST_CLASS],
    extendedProps: props,
  };
}

/** calendarEntries draws a range: the choir's feasts and its events. */
export function calendarEntries(list: EventList | undefined, editable: boolean): CalendarEntry[] {
  if (!list) return [];
  return [...list.feasts.map(feastEntry), ...list.events.map((e) => eventEntry(e, editable))];
}
