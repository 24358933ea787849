// Words for attendance rules and standing, shared by the director's table
// and the singer's own card.
import type { MemberStanding, MyAttendanceStanding } from './api';

export const EVENT_TYPE_LABELS: Record<string, string> = {
  rehearsal: 'Rehearsal',
  service: 'Service',
  concert: 'Concert',
  liturgical_feast: 'Liturgical feast',
  other: 'Other',
};

export const STANDING_LABELS: Record<MemberStanding['standing'], string> = {
  meets: 'Meets',
  warning: 'Warning',
  does_not_meet: 'Does not meet',
};

export const STANDING_COLORS: Record<MemberStanding['standing'], string> = {
  meets: 'teal.9',
  warning: 'yellow.4',
  does_not_meet: 'red.9',
};

/** periodPhrase names the period absences are counted in: "before the Christmas concert" or "this season". */
export function periodPhrase(concertTitle?: string): string {
  return concertTitle ? `before the ${concertTitle.replace(/^the\s+/i, '')}` : 'this season';
}

/** latesRule words the rule "K lates count as one absence". */
export function latesRule(latesPerAbsence: number): string {
  return latesPerAbsence === 1 ? 'each late counts as an absence' : `every ${latesPerAbsence} lates count as one absence`;
}

/**
 * standingSentence is a member's absences against the rules, as they read
 * it: "2 of 3 absences used before the Christmas concert". With no limit,
 * the count alone; a missed mandatory event is said too, and, when the
 * rules count lateness, how often they were late.
 */
export function standingSentence(s: MyAttendanceStanding): string | null {
  if (!s.configured || !s.standing || !s.rules) return null;
  const when = periodPhrase(s.period?.concertTitle);
  const used = s.standing.absences;
  const max = s.rules.maxAbsences;
  const plural = (n: number) => (n === 1 ? 'absence' : 'absences');
  let text =
    max === undefined || max === null
      ? `${used} unexcused ${plural(used)} ${when}.`
      : `${used} of ${max} ${plural(max)} used ${when}.`;
  const missed = s.standing.missedMandatory;
  if (missed > 0) text += ` You missed ${missed === 1 ? 'an event' : `${missed} events`} that may not be missed.`;
  const k = s.rules.latesPerAbsence;
  const lates = s.standing.lates;
  if (k != null && lates > 0) text += ` You were late ${lates === 1 ? 'once' : `${lates} times`}; ${latesRule(k)}.`;
  return text;
}
