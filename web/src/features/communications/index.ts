// Communications: what the app may use.

/** Pages for the router: each is loaded when its route is first visited. */
export const communicationsPages = {
  CommunicationsPage: () => import('./CommunicationsPage').then((m) => m.CommunicationsPage),
};
