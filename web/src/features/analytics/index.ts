// Analytics (issue 28): what the app uses. The pages are loaded lazily, so
// that the analytics code stays in its own chunk.

/** Pages for the router: each is loaded when its route is first visited. */
export const analyticsPages = {
  AnalyticsPage: () => import('./AnalyticsPage').then((m) => m.AnalyticsPage),
  MyAnalyticsPage: () => import('./MyAnalyticsPage').then((m) => m.MyAnalyticsPage),
};
