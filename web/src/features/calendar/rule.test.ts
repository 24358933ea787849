import { describe, expect, it } from 'vitest';
import type { RecurrenceRule } from './api';
import { defaultRuleForm, ordinalOf, ruleForm, toRule, validateRuleForm, weekdayOf, type RuleForm } from './rule';

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
