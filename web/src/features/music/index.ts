// The music library: what the app and other features may use.

/** Pages for the router: each is loaded when its route is first visited. */
export const musicPages = {
  MusicPiecePage: () => import('./MusicPiecePage').then((m) => m.MusicPiecePage),
};
