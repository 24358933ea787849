// How the email-link pages word an event and an answer.
import type { LinkEvent, RsvpStatus } from './api';

/** The three answers, in the order of their buttons, with the buttons' words. */
export const RSVP_CHOICES: readonly { status: RsvpStatus; label: string }[] = [
  { status: 'going', label: "I'll be there" },
  { status: 'maybe', label: 'Maybe' },
  { status: 'not_going', label: "Can't make it" },
];

export function statusLabel(status: RsvpStatus): string {
  return RSVP_CHOICES.find((c) => c.status === status)?.label ?? status;
}

/** asStatus reads an answer from a URL segment or fragment; anything else is none. */
export function asStatus(value: string | null | undefined): RsvpStatus | null {
  return RSVP_CHOICES.find((c) => c.status === value)?.status ?? null;
}

const DAY = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** formatDay: '2026-12-03' → 'Thursday 3 December 2026' (the date is already the choir's). */
export function formatDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return DAY.formatToParts(new Date(Date.UTC(y, m - 1, d)))
    .filter((p) => p.type !== 'literal')
    .map((p) => p.value)
    .join(' ');
}

/**
 * formatWhen words when an event happens, in the choir's zone as the server
 * gave it: 'Thursday 3 December 2026, 19:30–21:30'; all-day events show
 * their date or dates only.
 */
export function formatWhen(e: Pick<LinkEvent, 'allDay' | 'startDate' | 'startTime' | 'endDate' | 'endTime'>): string {
  const sameDay = e.startDate === e.endDate;
  if (e.allDay) return sameDay ? formatDay(e.startDate) : `${formatDay(e.startDate)} – ${formatDay(e.endDate)}`;
  if (sameDay) return `${formatDay(e.startDate)}, ${e.startTime}–${e.endTime}`;
  return `${formatDay(e.startDate)}, ${e.startTime} – ${formatDay(e.endDate)}, ${e.endTime}`;
}

/** eventTypeLabel: 'liturgical_feast' → 'Liturgical feast', as the calendar words the types. */
export function eventTypeLabel(type: string): string {
  const words = type.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * zonePlace names a time zone as people read it, by its place:
 * 'America/New_York' → 'New York time'; UTC by its name.
 */
export function zonePlace(tz: string): string {
  if (!tz || tz === 'UTC' || tz === 'Etc/UTC' || tz === 'Etc/GMT') return 'UTC';
  if (tz.startsWith('Etc/')) return tz.slice(4);
  return `${tz.slice(tz.lastIndexOf('/') + 1).replace(/_/g, ' ')} time`;
}
