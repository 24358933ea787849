// How the attendance page words and groups what the server counts, and the
// rules of taking attendance and of the minimum per part.
import { formatClock } from '../../components/format';
import { formatDay } from './format';
import type {
  AttendanceMark,
  AttendanceMember,
  AttendancePartCount,
  EventAttendance,
  LinkEvent,
  RsvpStatus,
} from './attendanceApi';

/** The answer buttons, in the words of the RSVP link screen (calendar §2). */
export const RSVP_CHOICES: readonly { status: RsvpStatus; label: string }[] = [
  { status: 'going', label: "I'll be there" },
  { status: 'maybe', label: 'Maybe' },
  { status: 'not_going', label: "Can't make it" },
];

/** The words of an answer, as the RSVP link pages write it ('Your answer: Maybe'). */
export function answerLabel(status: RsvpStatus): string {
  return RSVP_CHOICES.find((c) => c.status === status)?.label ?? status;
}

export const NOT_ANSWERED = 'You have not answered yet.';

export const ANSWERS_CLOSED = 'Answers are closed: this event has started.';
export const NOT_MARKABLE_YET = 'Attendance can be taken from the day of the event.';

export const MARK_CHOICES: readonly { value: AttendanceMark; label: string }[] = [
  { value: 'present', label: 'Present' },
  { value: 'late', label: 'Late' },
  { value: 'absent', label: 'Absent' },
  { value: 'excused', label: 'Excused' },
];

/** partLine: 'Tenor: 3 going, 1 maybe, 2 no answer', not going only when someone is. */
export function partLine(count: AttendancePartCount, name = count.part): string {
  const parts = [`${count.going} going`, `${count.maybe} maybe`];
  if (count.notGoing > 0) parts.push(`${count.notGoing} not going`);
  parts.push(`${count.noAnswer} no answer`);
  if (count.present > 0) parts.push(`${count.present} present`);
  return `${name}: ${parts.join(', ')}`;
}

export function belowMinimumText(part: string, minimum: number): string {
  return `${part} has fewer than ${minimum} confirmed singers`;
}

export const ANSWER_GROUPS: readonly { status: RsvpStatus | null; title: string }[] = [
  { status: 'going', title: 'Going' },
  { status: 'maybe', title: 'Maybe' },
  { status: 'not_going', title: "Can't make it" },
  { status: null, title: 'No answer' },
];

/** groupByAnswer puts the members under their answers, in the server's order (by last, then first name). */
export function groupByAnswer(members: readonly AttendanceMember[]) {
  return ANSWER_GROUPS.map((group) => ({ ...group, members: members.filter((m) => m.status === group.status) }));
}

export type Marks = Record<string, AttendanceMark | null>;

/**
 * prefillMarks is where taking attendance starts: the marks already taken,
 * else the answers (going present, can't make it absent); a maybe or no
 * answer stays unmarked, for the director to see who came.
 */
export function prefillMarks(members: readonly AttendanceMember[]): Marks {
  const marks: Marks = {};
  for (const m of members) {
    marks[m.userId] = m.mark ?? (m.status === 'going' ? 'present' : m.status === 'not_going' ? 'absent' : null);
  }
  return marks;
}

/**
 * marksToSend lists every marked member, and the ones whose mark was
 * taken away (null clears it on the server); the unmarked stay unsent.
 */
export function marksToSend(attendance: EventAttendance, marks: Marks) {
  return attendance.members
    .filter((m) => marks[m.userId] != null || m.mark != null)
    .map((m) => ({ userId: m.userId, mark: marks[m.userId] ?? null }));
}

export const MIN_PER_PART = 1;
export const MAX_PER_PART = 200;
export const MINIMUM_RULE = `Enter a whole number from ${MIN_PER_PART} to ${MAX_PER_PART}, or leave it empty for no warning`;

/** minimumError mirrors the server's rule for the minimum: empty, or a whole number from 1 to 200. */
export function minimumError(value: number | string): string | null {
  if (value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n >= MIN_PER_PART && n <= MAX_PER_PART ? null : MINIMUM_RULE;
}

/** memberName: 'Ada Lovelace', or the address for someone without a name. */
export function memberName(m: Pick<AttendanceMember, 'firstName' | 'lastName' | 'email'>): string {
  return `${m.firstName} ${m.lastName}`.trim() || m.email;
}

/** formatLinkEvent writes when an event is, from the dates and times the server gives in the choir's zone. */
export function formatLinkEvent(e: Pick<LinkEvent, 'startDate' | 'startTime' | 'endDate' | 'endTime' | 'allDay'>): string {
  const sameDay = e.endDate === e.startDate || !e.endDate;
  if (e.allDay) return sameDay ? formatDay(e.startDate) : `${formatDay(e.startDate)} – ${formatDay(e.endDate)}`;
  const start = `${formatDay(e.startDate)}, ${formatClock(e.startTime)}`;
  if (!e.endTime) return start;
  const end = formatClock(e.endTime);
  return sameDay ? `${start} – ${end}` : `${start} – ${formatDay(e.endDate)}, ${end}`;
}

/** attendancePath is an event's or occurrence's attendance page. */
export function attendancePath(eventId: string): string {
  return `/dashboard/calendar/attendance/${encodeURIComponent(eventId)}`;
}
