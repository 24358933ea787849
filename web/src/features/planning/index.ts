// Music planning's public face: what the app and other features may use.
export { EventPlanSection } from './EventPlanSection';
export { SungForSection } from './SungForSection';

/** Pages of planning for the router, each its own chunk. */
export const planningPages = {
  NextServiceRedirect: () => import('./NextServiceRedirect').then((m) => m.NextServiceRedirect),
  PhonePlanPage: () => import('./PhonePlanPage').then((m) => m.PhonePlanPage),
  MusicUsagePage: () => import('./MusicUsagePage').then((m) => m.MusicUsagePage),
};
