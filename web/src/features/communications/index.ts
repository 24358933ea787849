// Communications: what the app and other features may use.

/** Pages for the router: each is loaded when its route is first visited. */
export const communicationPages = {
  CommunicationsPage: () => import('./CommunicationsPage').then((m) => m.CommunicationsPage),
};
