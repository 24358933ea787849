// Liturgical feasts: what the app and other features may use.
export { formatFeastDate } from './format';

/** Pages for the router: each is loaded when its route is first visited. */
export const feastPages = {
  CalendarImportPage: () => import('./CalendarImportPage').then((m) => m.CalendarImportPage),
  MasterFeastsPage: () => import('./MasterFeastsPage').then((m) => m.MasterFeastsPage),
};
