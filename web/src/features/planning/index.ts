// Music planning (issue 18): what the app and other features may use. The
// pages are loaded lazily, so that planning's code stays in its own chunk;
// the event panel's and the piece page's sections are small and static.
export { EventPlanSection } from './EventPlanSection';
export { SungForSection } from './SungForSection';

/** Pages for the router: each is loaded when its route is first visited. */
export const planningPages = {
  DesktopPlanPage: () => import('./DesktopPlanPage').then((m) => m.DesktopPlanPage),
  NextServiceRedirect: () => import('./NextServiceRedirect').then((m) => m.NextServiceRedirect),
  PhonePlanPage: () => import('./PhonePlanPage').then((m) => m.PhonePlanPage),
  MusicUsagePage: () => import('./MusicUsagePage').then((m) => m.MusicUsagePage),
};
