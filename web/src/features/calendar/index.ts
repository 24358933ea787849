// The calendar's public face: what the app and other features may use.
export { forgetHeldAnswers, useEvents, usePrewarmedEvents, type CalendarEvent } from './api';
export { eventColor } from './colors';
export { formatWhen } from './format';
export { planMusicVersion } from './planMusic';
export { addDays, dateKey, eventLink, parseDateKey, prewarmRange } from './range';
export { ANSWERS_CLOSED, RSVP_CHOICES } from './attendance';
export { useAnswerEvent, type RsvpStatus } from './attendanceApi';
export { forgetQueuedAnswers, useAnswerOutbox } from './outbox';

/** What the calendar shows first, asked for before it renders when the app opens on it (app/firstPage.ts). */
export const warmCalendar = () => import('./CalendarPage').then((m) => m.warmCalendar);

/** Pages for the router: each is loaded, FullCalendar with it, when its route is first visited. */
export const calendarPages = {
  CalendarPage: () => import('./CalendarPage').then((m) => m.CalendarPage),
  PlanMusicRedirect: () => import('./PlanMusicRedirect').then((m) => m.PlanMusicRedirect),
  AttendancePage: () => import('./AttendancePage').then((m) => m.AttendancePage),
};
