// The global admin's overview: what the router may load.

/** Pages for the router: each is loaded when its route is first visited. */
export const globalAdminPages = {
  GlobalAdminPage: () => import('./GlobalAdminPage').then((m) => m.GlobalAdminPage),
  SubscriptionsPage: () => import('./SubscriptionsPage').then((m) => m.SubscriptionsPage),
};
