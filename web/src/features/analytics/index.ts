// Analytics (issue 28): the page is loaded lazily, so that its code and
// the chart library stay in a chunk of their own.

/** Pages for the router: each is loaded when its route is first visited. */
export const analyticsPages = {
  AnalyticsPage: () => import('./AnalyticsPage').then((m) => m.AnalyticsPage),
};
