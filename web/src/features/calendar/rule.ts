// The rule builder's state and the RecurrenceRule JSON it stands for
// (calendar document §3, §5). Names go to the server in lowercase English.
import type { RecurrenceRule } from './api';
import { parseDateKey } from './range';

export type RuleType = RecurrenceRule['type'];
export type Weekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';
export type Month =
  | 'january'
  | 'february'
  | 'march'
  | 'april'
  | 'may'
  | 'june'
  | 'july'
  | 'august'
  | 'september'
  | 'october'
  | 'november'
  | 'december';
export type Ordinal = NonNullable<RecurrenceRule['occurrence']>;
export type Unit = NonNullable<RecurrenceRule['unit']>;
export type Direction = NonNullable<RecurrenceRule['direction']>;

/** Monday first, as the rule builder lists them. */
export const WEEKDAYS: readonly Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
export const MONTHS: readonly Month[] = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
export const ORDINALS: readonly Ordinal[] = ['first', 'second', 'third', 'fourth', 'last'];

/** capitalise: 'tuesday' → 'Tuesday'. */
export function capitalise(name: string): string {
  return name ? name[0].toUpperCase() + name.slice(1) : name;
}

/** The choices of the 'Repeats' select, in order. */
export const RULE_TYPE_OPTIONS: readonly { value: RuleType | 'none'; label: string }[] = [
  { value: 'none', label: 'Does not repeat' },
  { value: 'weekly_on_days', label: 'Weekly on days' },
  { value: 'fixed_date', label: 'On a date (yearly or monthly)' },
  { value: 'calendar_structure', label: 'On a weekday of a month (e.g. third Thursday)' },
  { value: 'relative_to_feast', label: 'Relative to a feast (e.g. 2 weeks before Easter)' },
  { value: 'weekday_relative_to_feast', label: 'Weekday before or after a feast' },
];

/** The month select's value for 'Every month' (no month in the rule). */
export const EVERY_MONTH = '';

/**
 * RuleForm is what the rule builder holds. Every type's fields are kept, so
 * switching types and back loses nothing; only the chosen type's fields are
 * sent.
 */
export interface RuleForm {
  type: RuleType | 'none';
  weeklyInterval: number;
  weeklyDays: Weekday[];
  /** EVERY_MONTH for every month. */
  month: Month | typeof EVERY_MONTH;
  day: number;
  occurrence: Ordinal;
  weekday: Weekday;
  offset: number;
  unit: Unit;
  direction: Direction;
  feastId: string;
  /** YYYY-MM-DD, or '' for no end. */
  endDate: string;
  /** A zone the stored rule carries, kept as it is. */
  tzid: string;
}

const JS_WEEKDAYS: readonly Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** weekdayOf names the weekday of a YYYY-MM-DD date; Monday for anything else. */
export function weekdayOf(date: string): Weekday {
  const d = parseDateKey(date);
  return d ? JS_WEEKDAYS[d.getDay()] : 'monday';
}

/** ordinalOf is which of its weekday in the month a date is: the fifth counts as the last. */
export function ordinalOf(date: string): Ordinal {
  const d = parseDateKey(date);
  if (!d) return 'first';
  return ORDINALS[Math.min(Math.ceil(d.getDate() / 7), 5) - 1];
}

/** defaultRuleForm is a rule builder that does not repeat, its choices taken from the event's start date. */
export function defaultRuleForm(startDate: string): RuleForm {
  const d = parseDateKey(startDate);
  return {
    type: 'none',
    weeklyInterval: 1,
    weeklyDays: [weekdayOf(startDate)],
    month: d ? MONTHS[d.getMonth()] : 'january',
    day: d ? d.getDate() : 1,
    occurrence: ordinalOf(startDate),
    weekday: weekdayOf(startDate),
    offset: 1,
    unit: 'weeks',
    direction: 'before',
    feastId: '',
    endDate: '',
    tzid: '',
  };
}

const lower = (s: string | undefined) => (s ?? '').trim().toLowerCase();

function oneOf<T extends string>(value: string | undefined, list: readonly T[], fallback: T): T {
  const v = lower(value);
  return (list as readonly string[]).includes(v) ? (v as T) : fallback;
}

/** weekdaysOf is a stored rule's weekly days that name a weekday, lowercased. */
function weekdaysOf(rule: RecurrenceRule): Weekday[] {
  return (rule.weeklyDays ?? []).map(lower).filter((d): d is Weekday => (WEEKDAYS as string[]).includes(d));
}

/** ruleForm reads a stored rule into the builder; absent fields keep the defaults of the start date. */
export function ruleForm(rule: RecurrenceRule | null | undefined, startDate: string): RuleForm {
  const base = defaultRuleForm(startDate);
  if (!rule) return base;
  const days = weekdaysOf(rule);
  return {
    type: rule.type,
    weeklyInterval: rule.weeklyInterval && rule.weeklyInterval > 0 ? rule.weeklyInterval : base.weeklyInterval,
    weeklyDays: rule.type === 'weekly_on_days' ? WEEKDAYS.filter((d) => days.includes(d)) : base.weeklyDays,
    month:
      rule.type === 'fixed_date' || rule.type === 'calendar_structure'
        ? oneOf<Month | typeof EVERY_MONTH>(rule.month, MONTHS, EVERY_MONTH)
        : base.month,
    day: rule.day ?? base.day,
    occurrence: oneOf(rule.occurrence, ORDINALS, base.occurrence),
    weekday: oneOf(rule.weekday, WEEKDAYS, base.weekday),
    offset: rule.offset ?? base.offset,
    unit: oneOf(rule.unit, ['days', 'weeks'] as const, base.unit),
    direction: oneOf(rule.direction, ['before', 'after'] as const, base.direction),
    feastId: rule.feastId ?? '',
    endDate: rule.endDate ?? '',
    tzid: rule.tzid ?? '',
  };
}

/** toRule is the RecurrenceRule JSON of the builder's state, or undefined when the event does not repeat. */
export function toRule(form: RuleForm): RecurrenceRule | undefined {
  let rule: RecurrenceRule;
  switch (form.type) {
    case 'none':
      return undefined;
    case 'weekly_on_days':
      rule = {
        type: 'weekly_on_days',
        weeklyInterval: form.weeklyInterval,
        weeklyDays: WEEKDAYS.filter((d) => form.weeklyDays.includes(d)),
      };
      break;
    case 'fixed_date':
      rule = { type: 'fixed_date', ...(form.month ? { month: form.month } : {}), day: form.day };
      break;
    case 'calendar_structure':
      rule = {
        type: 'calendar_structure',
        occurrence: form.occurrence,
        weekday: form.weekday,
        ...(form.month ? { month: form.month } : {}),
      };
      break;
    case 'relative_to_feast':
      rule = {
        type: 'relative_to_feast',
        offset: form.offset,
        unit: form.unit,
        direction: form.direction,
        feastId: form.feastId,
      };
      break;
    case 'weekday_relative_to_feast':
      rule = { type: 'weekday_relative_to_feast', weekday: form.weekday, direction: form.direction, feastId: form.feastId };
      break;
  }
  if (form.endDate) rule.endDate = form.endDate;
  if (form.tzid) rule.tzid = form.tzid;
  return rule;
}

/** Client-side messages, the server's own words (internal/recurrence). */
export const RULE_MESSAGES = {
  weeklyDays: 'Select at least one day',
  weeklyInterval: 'Interval must be at least 1',
  day: 'Day must be between 1 and 31',
  offset: 'Offset must be at least 1',
  feastId: 'Choose a feast',
} as const;

/**
 * validateRuleForm checks what the builder can tell before asking the
 * server, keyed as the server's details are (recurrenceRule.{field}).
 */
export function validateRuleForm(form: RuleForm): Record<string, string> {
  const errors: Record<string, string> = {};
  const add = (field: keyof typeof RULE_MESSAGES) => {
    errors[`recurrenceRule.${field}`] = RULE_MESSAGES[field];
  };
  switch (form.type) {
    case 'weekly_on_days':
      if (form.weeklyDays.length === 0) add('weeklyDays');
      if (!Number.isInteger(form.weeklyInterval) || form.weeklyInterval < 1) add('weeklyInterval');
      break;
    case 'fixed_date':
      if (!Number.isInteger(form.day) || form.day < 1 || form.day > 31) add('day');
      break;
    case 'relative_to_feast':
      if (!Number.isInteger(form.offset) || form.offset < 1) add('offset');
      if (!form.feastId) add('feastId');
      break;
    case 'weekday_relative_to_feast':
      if (!form.feastId) add('feastId');
      break;
    default:
      break;
  }
  return errors;
}

/** Said when a series cannot follow one of its occurrences to another day. */
export const SERIES_MOVE_MESSAGE = "This series' repeat rule cannot move to that day. Move this event only, or edit the series.";

/**
 * shiftRule is the rule of a series after one of its occurrences was dragged
 * from one day to another (YYYY-MM-DD, in the series' zone) and the move was
 * applied to this and following or all events: the pattern moves with it, so
 * the dropped occurrence stays where it was put. Null when the rule cannot
 * say the moved pattern: a weekday next to a feast keeps no fixed distance
 * from it, a feast-relative rule cannot fall on the feast itself, and every
 * second week's days cannot cross into another week.
 */
export function shiftRule(rule: RecurrenceRule, from: string, to: string): RecurrenceRule | null {
  const a = parseDateKey(from);
  const b = parseDateKey(to);
  if (!a || !b) return null;
  const delta = Math.round((b.getTime() - a.getTime()) / 86_400_000);
  if (delta === 0) return rule;
  switch (rule.type) {
    case 'weekly_on_days': {
      const days = weekdaysOf(rule);
      const moved = days.map((d) => WEEKDAYS.indexOf(d) + delta);
      if ((rule.weeklyInterval ?? 1) > 1 && moved.some((i) => i < 0 || i > 6)) return null;
      const shifted = moved.map((i) => WEEKDAYS[((i % 7) + 7) % 7]);
      return { ...rule, weeklyDays: WEEKDAYS.filter((d) => shifted.includes(d)) };
    }
    case 'fixed_date':
      return { ...rule, ...(rule.month ? { month: MONTHS[b.getMonth()] } : {}), day: b.getDate() };
    case 'calendar_structure': {
      const daysInMonth = new Date(b.getFullYear(), b.getMonth() + 1, 0).getDate();
      const stillLast = rule.occurrence === 'last' && b.getDate() + 7 > daysInMonth;
      return {
        ...rule,
        occurrence: stillLast ? 'last' : ordinalOf(to),
        weekday: weekdayOf(to),
        ...(rule.month ? { month: MONTHS[b.getMonth()] } : {}),
      };
    }
    case 'relative_to_feast': {
      const sign = rule.direction === 'after' ? 1 : -1;
      const days = sign * (rule.offset ?? 0) * (rule.unit === 'weeks' ? 7 : 1) + delta;
      if (days === 0) return null;
      const weeks = rule.unit === 'weeks' && days % 7 === 0;
      return {
        ...rule,
        offset: Math.abs(weeks ? days / 7 : days),
        unit: weeks ? 'weeks' : 'days',
        direction: days > 0 ? 'after' : 'before',
      };
    }
    default:
      return null;
  }
}
