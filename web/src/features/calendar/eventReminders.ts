// The event form's reminder fields: an event follows its type's automatic
// reminders (set on the communications page) or has its own, at most two,
// each 1 to 30 days before.
import type { EventReminders } from './remindersApi';

export interface ReminderFields {
  reminderMode: 'type' | 'own';
  /** Days before; '' for none. */
  reminderFirst: number | string;
  reminderSecond: number | string;
}

export const REMINDER_DAYS_MESSAGE = 'Choose 1 to 30 days, or leave it empty';
export const REMINDER_SAME_MESSAGE = 'Choose two different days';

export const DEFAULT_REMINDER_FIELDS: ReminderFields = { reminderMode: 'type', reminderFirst: 7, reminderSecond: 2 };

/** reminderFields are the form's fields for an event's reminders as the server holds them. */
export function reminderFields(r: EventReminders): ReminderFields {
  const days = r.days ?? r.typeDays;
  return { reminderMode: r.days ? 'own' : 'type', reminderFirst: days[0] ?? '', reminderSecond: days[1] ?? '' };
}

/** reminderDays is what to save: null to follow the type, else the days, largest first. */
export function reminderDays(v: ReminderFields): number[] | null {
  if (v.reminderMode === 'type') return null;
  return [v.reminderFirst, v.reminderSecond]
    .filter((d) => d !== '')
    .map(Number)
    .sort((a, b) => b - a);
}

const badDays = (d: number | string) => d !== '' && (!Number.isInteger(Number(d)) || Number(d) < 1 || Number(d) > 30);

/** reminderErrors checks the fields as the server will. */
export function reminderErrors(v: ReminderFields): Record<string, string> {
  if (v.reminderMode === 'type') return {};
  const errors: Record<string, string> = {};
  if (badDays(v.reminderFirst)) errors.reminderFirst = REMINDER_DAYS_MESSAGE;
  if (badDays(v.reminderSecond)) errors.reminderSecond = REMINDER_DAYS_MESSAGE;
  if (!errors.reminderFirst && !errors.reminderSecond && v.reminderFirst !== '' && Number(v.reminderFirst) === Number(v.reminderSecond)) {
    errors.reminderSecond = REMINDER_SAME_MESSAGE;
  }
  return errors;
}
