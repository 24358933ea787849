// The calendar's public face: what the app and other features may use.
export { forgetHeldAnswers, useEvents, usePrewarmedEvents, type CalendarEvent } from './api';
export { CalendarPage } from './CalendarPage';
export { eventColor } from './colors';
export { formatWhen } from './format';
export { planMusicVersion, PlanMusicRedirect } from './PlanMusicRedirect';
export { addDays, dateKey, parseDateKey, prewarmRange } from './range';
