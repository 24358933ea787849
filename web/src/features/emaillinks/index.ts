// The public pages of emailed links: nothing else of the app imports them.

/** Pages for the router: each is loaded when its route is first visited. */
export const emailLinkPages = {
  EventPage: () => import('./EventPage').then((m) => m.EventPage),
  PracticePage: () => import('./PracticePage').then((m) => m.PracticePage),
  RsvpPage: () => import('./RsvpPage').then((m) => m.RsvpPage),
  UnsubscribePage: () => import('./UnsubscribePage').then((m) => m.UnsubscribePage),
};
