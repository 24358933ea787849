// How the email-link pages word an event and an answer.
import { formatClock, formatWeekdayDate } from '../../components/format';
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

/** formatDay: '2026-12-03' → 'Thu, 3 Dec 2026', the app's date with its weekday (the date is already the choir's). */
export const formatDay = formatWeekdayDate;

/**
 * formatWhen words when an event happens, in the choir's zone as the server
 * gave it: 'Thu, 3 Dec 2026, 19:30–21:30' (in the reader's locale); all-day events show
 * their date or dates only.
 */
export function formatWhen(e: Pick<LinkEvent, 'allDay' | 'startDate' | 'startTime' | 'endDate' | 'endTime'>): string {
  const sameDay = e.startDate === e.endDate;
  if (e.allDay) return sameDay ? formatDay(e.startDate) : `${formatDay(e.startDate)} – ${formatDay(e.endDate)}`;
  if (sameDay) return `${formatDay(e.startDate)}, ${formatClock(e.startTime)}–${formatClock(e.endTime)}`;
  return `${formatDay(e.startDate)}, ${formatClock(e.startTime)} – ${formatDay(e.endDate)}, ${formatClock(e.endTime)}`;
}

/** eventTypeLabel: 'liturgical_feast' → 'Liturgical feast', as the calendar words the types. */
export function eventTypeLabel(type: string): string {
  const words = type.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
