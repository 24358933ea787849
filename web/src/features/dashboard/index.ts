// The dashboard: what the app uses.

/** Pages for the router: each is loaded when its route is first visited. */
export const dashboardPages = {
  DashboardPage: () => import('./DashboardPage').then((m) => m.DashboardPage),
};

/** What the dashboard shows first, asked for before it renders when the app opens on it (app/firstPage.ts). */
export const warmDashboard = () => import('./DashboardPage').then((m) => m.warmDashboard);
