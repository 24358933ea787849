// The music library: what the app and other features may use. Only types
// and the lazy pages, so that the library's code stays in its own chunk.
export type { MusicPiece, MusicSummary, Tag, Composer, Attachment } from './api';

/** Pages for the router: each is loaded when its route is first visited. */
export const musicPages = {
  MusicLibraryPage: () => import('./MusicLibraryPage').then((m) => m.MusicLibraryPage),
  MusicPiecePage: () => import('./MusicPiecePage').then((m) => m.MusicPiecePage),
};
