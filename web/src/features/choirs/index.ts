// Choirs: what the app and other features may use.
export { choirKeys, useCalendarTypes, type CalendarType } from './api';
export { ChoirRegistrationForm } from './ChoirRegistrationForm';
export { calendarUploadLabel } from './choirType';

/** Pages for the router: each is loaded when its route is first visited. */
export const choirPages = {
  ChoirSettingsPage: () => import('./ChoirSettingsPage').then((m) => m.ChoirSettingsPage),
  CreateChoirPage: () => import('./CreateChoirPage').then((m) => m.CreateChoirPage),
  SelectChoirPage: () => import('./SelectChoirPage').then((m) => m.SelectChoirPage),
  SettingsPage: () => import('./SettingsPage').then((m) => m.SettingsPage),
};
