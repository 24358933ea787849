import { describe, expect, it } from 'vitest';
import { formatLinkEvent, marksToSend, minimumError, MINIMUM_RULE, partLine, prefillMarks } from './attendance';
import type { AttendanceMember, EventAttendance } from './attendanceApi';
import { formatClock } from '../../components/format';
import { formatDay } from './format';

const member = (userId: string, extra: Partial<AttendanceMember> = {}): AttendanceMember => ({
  userId,
  firstName: 'A',
  lastName: userId,
  email: `${userId}@example.com`,
  voiceParts: [],
  status: null,
  answeredAt: null,
  mark: null,
  ...extra,
});

describe('attendance wording and rules', () => {
  it('words a part’s counts, not going and present only when someone is', () => {
    const tenor = { part: 'Tenor', going: 3, maybe: 1, notGoing: 0, noAnswer: 2, present: 0, belowMinimum: false };
    expect(partLine(tenor)).toBe('Tenor: 3 going, 1 maybe, 2 no answer');
    expect(partLine({ ...tenor, notGoing: 1, present: 2 })).toBe('Tenor: 3 going, 1 maybe, 1 not going, 2 no answer, 2 present');
    expect(partLine(tenor, 'Total')).toBe('Total: 3 going, 1 maybe, 2 no answer');
  });

  it('prefills from marks, else going present and not going absent, leaving maybe and no answer unmarked', () => {
    const members = [
      member('a', { status: 'going' }),
      member('b', { status: 'not_going' }),
      member('c', { status: 'maybe' }),
      member('d'),
      member('e', { status: 'not_going', mark: 'excused' }),
    ];
    expect(prefillMarks(members)).toEqual({ a: 'present', b: 'absent', c: null, d: null, e: 'excused' });
  });

  it('sends the marked members and clears a mark taken away, leaving the unmarked out', () => {
    const attendance = { members: [member('a'), member('b', { mark: 'present' }), member('c')] } as EventAttendance;
    expect(marksToSend(attendance, { a: 'absent', b: null, c: null })).toEqual([
      { userId: 'a', mark: 'absent' },
      { userId: 'b', mark: null },
    ]);
  });

  it('takes a minimum of 1 to 200 whole singers, or none', () => {
    for (const ok of ['', 1, 200, 7]) expect(minimumError(ok)).toBeNull();
    for (const bad of [0, 201, 2.5, -1, 'x']) expect(minimumError(bad)).toBe(MINIMUM_RULE);
  });

  it('writes when an event is from the dates and times of the choir’s zone', () => {
    const day = formatDay('2026-05-12');
    const timed = { startDate: '2026-05-12', startTime: '19:30', endDate: '2026-05-12', endTime: '21:30', allDay: false };
    // The times are the choir's, written as the reader's locale writes times (7:30 PM in the United States).
    const [evening, late, night] = ['19:30', '21:30', '01:00'].map(formatClock);
    expect(formatLinkEvent(timed)).toBe(`${day}, ${evening} – ${late}`);
    expect(formatLinkEvent({ ...timed, endDate: '2026-05-13', endTime: '01:00' })).toBe(
      `${day}, ${evening} – ${formatDay('2026-05-13')}, ${night}`,
    );
    const allDay = { ...timed, startTime: '', endTime: '', allDay: true };
    expect(formatLinkEvent(allDay)).toBe(day);
    expect(formatLinkEvent({ ...allDay, endDate: '2026-05-14' })).toBe(`${day} – ${formatDay('2026-05-14')}`);
  });
});
