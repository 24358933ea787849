// The help center: what the app and other features may use.
export { GUIDE_FOR_ROUTE, guideFor, guideForPath } from './guideRoutes';

/** Pages for the router: each is loaded when its route is first visited. */
export const helpPages = {
  HelpCenterPage: () => import('./HelpCenterPage').then((m) => m.HelpCenterPage),
  GuidePage: () => import('./GuidePage').then((m) => m.GuidePage),
};
