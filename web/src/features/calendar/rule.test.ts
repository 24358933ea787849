import { describe, expect, it } from 'vitest';
import type { RecurrenceRule } from './api';
import { defaultRuleForm, ordinalOf, ruleForm, shiftRule, toRule, validateRuleForm, weekdayOf, type RuleForm } from './rule';

const EASTER_ID = '11111111-1111-4111-8111-111111111111';

// Every type of calendar §3, as the server stores it.
const RULES: [string, RecurrenceRule][] = [
  ['weekly, every 2 weeks on Tuesday and Thursday', { type: 'weekly_on_days', weeklyInterval: 2, weeklyDays: ['tuesday', 'thursday'] }],
  ['weekly with an end date', { type: 'weekly_on_days', weeklyInterval: 1, weeklyDays: ['sunday'], endDate: '2026-12-31' }],
  ['yearly on a date', { type: 'fixed_date', month: 'december', day: 25 }],
  ['monthly on a date', { type: 'fixed_date', day: 31 }],
  ['the third Thursday of every month', { type: 'calendar_structure', occurrence: 'third', weekday: 'thursday' }],
  ['the last Sunday of October', { type: 'calendar_structure', occurrence: 'last', weekday: 'sunday', month: 'october' }],
  [
    '2 weeks before Easter',
    { type: 'relative_to_feast', offset: 2, unit: 'weeks', direction: 'before', feastId: EASTER_ID },
  ],
  [
    '3 days after Easter, in its own zone',
    { type: 'relative_to_feast', offset: 3, unit: 'days', direction: 'after', feastId: EASTER_ID, tzid: 'America/New_York' },
  ],
  ['the Sunday before a feast', { type: 'weekday_relative_to_feast', weekday: 'sunday', direction: 'before', feastId: EASTER_ID }],
];

describe('rule builder', () => {
  it.each(RULES)('reads and writes back %s unchanged', (_name, rule) => {
    expect(toRule(ruleForm(rule, '2026-05-10'))).toEqual(rule);
  });

  it('sends no rule for an event that does not repeat', () => {
    expect(toRule(defaultRuleForm('2026-05-10'))).toBeUndefined();
    expect(ruleForm(undefined, '2026-05-10').type).toBe('none');
  });

  it.each<[string, Partial<RuleForm>, RecurrenceRule]>([
    [
      'weekly: days in week order, whatever the order ticked',
      { type: 'weekly_on_days', weeklyInterval: 1, weeklyDays: ['thursday', 'tuesday'] },
      { type: 'weekly_on_days', weeklyInterval: 1, weeklyDays: ['tuesday', 'thursday'] },
    ],
    ['fixed date, every month: no month', { type: 'fixed_date', month: '', day: 1 }, { type: 'fixed_date', day: 1 }],
    [
      'fixed date, one month',
      { type: 'fixed_date', month: 'february', day: 29 },
      { type: 'fixed_date', month: 'february', day: 29 },
    ],
    [
      'calendar structure: only its own fields',
      { type: 'calendar_structure', occurrence: 'first', weekday: 'monday', month: 'september', day: 9, offset: 4 },
      { type: 'calendar_structure', occurrence: 'first', weekday: 'monday', month: 'september' },
    ],
    [
      'relative to a feast',
      { type: 'relative_to_feast', offset: 40, unit: 'days', direction: 'after', feastId: EASTER_ID },
      { type: 'relative_to_feast', offset: 40, unit: 'days', direction: 'after', feastId: EASTER_ID },
    ],
    [
      'weekday relative to a feast, with an end',
      { type: 'weekday_relative_to_feast', weekday: 'saturday', direction: 'after', feastId: EASTER_ID, endDate: '2030-01-01' },
      { type: 'weekday_relative_to_feast', weekday: 'saturday', direction: 'after', feastId: EASTER_ID, endDate: '2030-01-01' },
    ],
  ])('builds %s', (_name, form, want) => {
    expect(toRule({ ...defaultRuleForm('2026-05-10'), ...form })).toEqual(want);
  });

  it('starts its choices from the event date', () => {
    // Thursday 21 May 2026: the third Thursday of May.
    expect(defaultRuleForm('2026-05-21')).toMatchObject({
      type: 'none',
      weeklyInterval: 1,
      weeklyDays: ['thursday'],
      month: 'may',
      day: 21,
      occurrence: 'third',
      weekday: 'thursday',
      offset: 1,
      unit: 'weeks',
      direction: 'before',
      feastId: '',
      endDate: '',
    });
  });

  it.each([
    ['2026-05-01', 'friday', 'first'],
    ['2026-05-14', 'thursday', 'second'],
    ['2026-05-28', 'thursday', 'fourth'],
    ['2026-05-29', 'friday', 'last'],
    ['2026-05-31', 'sunday', 'last'],
  ])('%s is the %s %s of its month', (date, weekday, ordinal) => {
    expect(weekdayOf(date)).toBe(weekday);
    expect(ordinalOf(date)).toBe(ordinal);
  });

  it('reads names in any case, and keeps unknown ones to the defaults', () => {
    const stored = { type: 'calendar_structure', occurrence: 'Second', weekday: 'WEDNESDAY', month: 'Smarch' };
    const form = ruleForm(stored as unknown as RecurrenceRule, '2026-05-10');
    expect(form).toMatchObject({ occurrence: 'second', weekday: 'wednesday', month: '' });
  });
});

describe('validateRuleForm', () => {
  const base = defaultRuleForm('2026-05-10');

  it.each<[string, Partial<RuleForm>, Record<string, string>]>([
    ['no repeat', { type: 'none', weeklyDays: [] }, {}],
    ['weekly with no day', { type: 'weekly_on_days', weeklyDays: [] }, { 'recurrenceRule.weeklyDays': 'Select at least one day' }],
    ['weekly every 0 weeks', { type: 'weekly_on_days', weeklyInterval: 0 }, { 'recurrenceRule.weeklyInterval': 'Interval must be at least 1' }],
    ['a day 32', { type: 'fixed_date', day: 32 }, { 'recurrenceRule.day': 'Day must be between 1 and 31' }],
    [
      'no offset and no feast',
      { type: 'relative_to_feast', offset: 0, feastId: '' },
      { 'recurrenceRule.offset': 'Offset must be at least 1', 'recurrenceRule.feastId': 'Choose a feast' },
    ],
    ['a weekday before no feast', { type: 'weekday_relative_to_feast', feastId: '' }, { 'recurrenceRule.feastId': 'Choose a feast' }],
    ['a complete feast rule', { type: 'relative_to_feast', offset: 2, feastId: EASTER_ID }, {}],
  ])('%s', (_name, form, want) => {
    expect(validateRuleForm({ ...base, ...form })).toEqual(want);
  });
});

describe('shiftRule', () => {
  const EASTER = '00000000-0000-4000-8000-00000000e001';

  it('moves weekly days with the dragged occurrence, wrapping round the week', () => {
    const rule: RecurrenceRule = { type: 'weekly_on_days', weeklyInterval: 1, weeklyDays: ['tuesday', 'sunday'], tzid: 'Europe/Berlin' };
    // Tuesday 2026-05-12 to Wednesday 2026-05-13.
    expect(shiftRule(rule, '2026-05-12', '2026-05-13')).toEqual({ ...rule, weeklyDays: ['monday', 'wednesday'] });
    // A week and a day back: Tuesday to the Monday before last.
    expect(shiftRule(rule, '2026-05-12', '2026-05-04')).toEqual({ ...rule, weeklyDays: ['monday', 'saturday'] });
    expect(shiftRule(rule, '2026-05-12', '2026-05-12')).toBe(rule);
  });

  it('refuses to move every second week across a week boundary, which would change the weeks it falls in', () => {
    const rule: RecurrenceRule = { type: 'weekly_on_days', weeklyInterval: 2, weeklyDays: ['friday', 'saturday'] };
    expect(shiftRule(rule, '2026-05-15', '2026-05-16')).toEqual({ ...rule, weeklyDays: ['saturday', 'sunday'] });
    expect(shiftRule(rule, '2026-05-15', '2026-05-17')).toBeNull();
  });

  it('takes the new day, and month when yearly, for a fixed date', () => {
    expect(shiftRule({ type: 'fixed_date', month: 'december', day: 24 }, '2026-12-24', '2026-12-23')).toEqual({
      type: 'fixed_date',
      month: 'december',
      day: 23,
    });
    expect(shiftRule({ type: 'fixed_date', day: 31, endDate: '2027-06-30' }, '2026-07-31', '2026-08-01')).toEqual({
      type: 'fixed_date',
      day: 1,
      endDate: '2027-06-30',
    });
  });

  it('names the weekday and which one of the month the occurrence was dropped on', () => {
    // The third Thursday of November 2026 is the 19th; the Friday after is the third Friday.
    expect(shiftRule({ type: 'calendar_structure', occurrence: 'third', weekday: 'thursday', month: 'november' }, '2026-11-19', '2026-11-20')).toEqual({
      type: 'calendar_structure',
      occurrence: 'third',
      weekday: 'friday',
      month: 'november',
    });
    // The last Thursday (the 26th) to Wednesday the 25th: still the last Wednesday of November.
    expect(shiftRule({ type: 'calendar_structure', occurrence: 'last', weekday: 'thursday' }, '2026-11-26', '2026-11-25')).toEqual({
      type: 'calendar_structure',
      occurrence: 'last',
      weekday: 'wednesday',
    });
    // The fourth Thursday to the Sunday after, the 29th: the fifth, which the rules call the last.
    expect(shiftRule({ type: 'calendar_structure', occurrence: 'fourth', weekday: 'thursday' }, '2026-11-26', '2026-11-29')).toMatchObject({
      occurrence: 'last',
      weekday: 'sunday',
    });
  });

  it('moves a feast-relative rule by the same days, across the feast if need be', () => {
    const twoWeeksBefore: RecurrenceRule = { type: 'relative_to_feast', offset: 2, unit: 'weeks', direction: 'before', feastId: EASTER };
    expect(shiftRule(twoWeeksBefore, '2027-03-14', '2027-03-21')).toEqual({ ...twoWeeksBefore, offset: 1 });
    expect(shiftRule(twoWeeksBefore, '2027-03-14', '2027-03-13')).toEqual({ ...twoWeeksBefore, offset: 15, unit: 'days' });
    expect(shiftRule(twoWeeksBefore, '2027-03-14', '2027-04-04')).toEqual({ ...twoWeeksBefore, offset: 1, direction: 'after' });
    // Onto the feast itself: a feast-relative rule's offset is at least 1.
    expect(shiftRule(twoWeeksBefore, '2027-03-14', '2027-03-28')).toBeNull();
  });

  it('cannot move a weekday next to a feast by a fixed number of days', () => {
    const sundayBefore: RecurrenceRule = { type: 'weekday_relative_to_feast', weekday: 'sunday', direction: 'before', feastId: EASTER };
    expect(shiftRule(sundayBefore, '2026-10-25', '2026-10-24')).toBeNull();
    expect(shiftRule(sundayBefore, '2026-10-25', '2026-10-25')).toBe(sundayBefore);
  });
});
