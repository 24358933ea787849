// Liturgical feasts: what the app and other features may use.
export { CalendarImportPage } from './CalendarImportPage';
export { formatFeastDate } from './format';
export { MasterFeastsPage } from './MasterFeastsPage';
