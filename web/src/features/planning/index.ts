// Music planning (issue 18): what the app and other features may use. Only
// lazily loaded pages, so that planning's code stays in its own chunk.

/** Pages for the router: each is loaded when its route is first visited. */
export const planningPages = {
  DesktopPlanPage: () => import('./DesktopPlanPage').then((m) => m.DesktopPlanPage),
};
