// Stand-ins for pages of later issues.

/** Pages for the router: each is loaded when its route is first visited. */
export const placeholderPages = {
  ComingSoonPage: () => import('./ComingSoonPage').then((m) => m.ComingSoonPage),
};
