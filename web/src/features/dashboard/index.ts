// The dashboard: what the app uses.

/** Pages for the router: each is loaded when its route is first visited. */
export const dashboardPages = {
  DashboardPage: () => import('./DashboardPage').then((m) => m.DashboardPage),
};
