import { describe, expect, it } from 'vitest';
import type { MyAttendanceStanding } from './api';
import { standingSentence } from './standing';

const mine = (extra: Partial<MyAttendanceStanding>, absences = 2, missedMandatory = 0, lates = 0): MyAttendanceStanding => ({
  configured: true,
  rules: { maxAbsences: 3, period: 'concert', mandatoryTypes: [] },
  period: { from: '2026-09-01', to: '2026-12-20', concertTitle: 'Christmas concert' },
  standing: { userId: 'u1', name: 'Tom Tenor', absences, missedMandatory, lates, standing: 'warning' },
  ...extra,
});

describe('standingSentence', () => {
  it('says how many of the allowed absences are used, and before what', () => {
    expect(standingSentence(mine({}))).toBe('2 of 3 absences used before the Christmas concert.');
    expect(standingSentence(mine({ period: { from: '2026-09-01', to: '2027-08-31' } }, 1))).toBe('1 of 3 absences used this season.');
    expect(standingSentence(mine({ rules: { maxAbsences: 1, period: 'season', mandatoryTypes: [] } }, 0))).toBe(
      '0 of 1 absence used before the Christmas concert.',
    );
  });

  it('counts alone without a limit, and names a missed mandatory event', () => {
    expect(standingSentence(mine({ rules: { period: 'season', mandatoryTypes: ['concert'] } }, 1, 1))).toBe(
      '1 unexcused absence before the Christmas concert. You missed an event that may not be missed.',
    );
  });

  it('says how often the singer was late when lateness counts, and only then', () => {
    const three = { maxAbsences: 3, period: 'season' as const, mandatoryTypes: [], latesPerAbsence: 3 };
    expect(standingSentence(mine({ rules: three }, 2, 0, 4))).toBe(
      '2 of 3 absences used before the Christmas concert. You were late 4 times; every 3 lates count as one absence.',
    );
    expect(standingSentence(mine({ rules: { ...three, latesPerAbsence: 1 } }, 1, 0, 1))).toBe(
      '1 of 3 absences used before the Christmas concert. You were late once; each late counts as an absence.',
    );
    expect(standingSentence(mine({}, 2, 0, 4))).toBe('2 of 3 absences used before the Christmas concert.');
    expect(standingSentence(mine({ rules: three }, 2, 0, 0))).toBe('2 of 3 absences used before the Christmas concert.');
  });

  it('says nothing without rules', () => {
    expect(standingSentence({ configured: false })).toBeNull();
  });
});
