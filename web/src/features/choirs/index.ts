// Choirs: what the app and other features may use.
export { choirKeys, useCalendarTypes, type CalendarType } from './api';
export { ChoirRegistrationForm } from './ChoirRegistrationForm';
export { ChoirSettingsPage } from './ChoirSettingsPage';
export { calendarUploadLabel } from './choirType';
export { CreateChoirPage } from './CreateChoirPage';
export { SelectChoirPage } from './SelectChoirPage';
export { SettingsPage } from './SettingsPage';
