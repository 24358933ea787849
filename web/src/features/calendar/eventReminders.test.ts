import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REMINDER_FIELDS,
  REMINDER_DAYS_MESSAGE,
  REMINDER_SAME_MESSAGE,
  reminderDays,
  reminderErrors,
  reminderFields,
} from './eventReminders';

describe('event reminder fields', () => {
  it('follow the type unless the event has its own, and send its own largest first', () => {
    expect(reminderDays(DEFAULT_REMINDER_FIELDS)).toBeNull();
    expect(reminderDays({ reminderMode: 'own', reminderFirst: 2, reminderSecond: 10 })).toEqual([10, 2]);
    expect(reminderDays({ reminderMode: 'own', reminderFirst: 3, reminderSecond: '' })).toEqual([3]);
    expect(reminderDays({ reminderMode: 'own', reminderFirst: '', reminderSecond: '' })).toEqual([]);
  });

  it('read what the server holds', () => {
    expect(reminderFields({ days: null, typeDays: [7, 2], lastManual: null })).toEqual({ reminderMode: 'type', reminderFirst: 7, reminderSecond: 2 });
    expect(reminderFields({ days: [], typeDays: [7, 2], lastManual: null })).toEqual({ reminderMode: 'own', reminderFirst: '', reminderSecond: '' });
    expect(reminderFields({ days: [5], typeDays: [7, 2], lastManual: null })).toEqual({ reminderMode: 'own', reminderFirst: 5, reminderSecond: '' });
  });

  it('check days as the server does', () => {
    expect(reminderErrors({ reminderMode: 'type', reminderFirst: 99, reminderSecond: 0 })).toEqual({});
    expect(reminderErrors({ reminderMode: 'own', reminderFirst: 31, reminderSecond: 0 })).toEqual({
      reminderFirst: REMINDER_DAYS_MESSAGE,
      reminderSecond: REMINDER_DAYS_MESSAGE,
    });
    expect(reminderErrors({ reminderMode: 'own', reminderFirst: 4, reminderSecond: 4 })).toEqual({ reminderSecond: REMINDER_SAME_MESSAGE });
    expect(reminderErrors({ reminderMode: 'own', reminderFirst: 14, reminderSecond: 1 })).toEqual({});
  });
});
