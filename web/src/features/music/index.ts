// The music library: what the app and other features may use. Only types,
// lazily loaded components and the skeleton shown while one loads, so that the
// library's code stays in its own chunk.
import type { QueryClient } from '@tanstack/react-query';
import { createElement, lazy } from 'react';

export type { MusicPiece, MusicSummary, Tag, Composer, Attachment } from './api';

/** Pages for the router: each is loaded when its route is first visited. */
export const musicPages = {
  MusicLibraryPage: () => import('./MusicLibraryPage').then((m) => m.MusicLibraryPage),
  MusicPiecePage: () => import('./MusicPiecePage').then((m) => m.MusicPiecePage),
};

type CardModule = typeof import('./practice/YourPracticeCard');
let loadedCard: CardModule | undefined;
const loadCard = () => import('./practice/YourPracticeCard').then((m) => (loadedCard = m));
const LazyPracticeCard = lazy(() => loadCard().then((m) => ({ default: m.YourPracticeCard })));

/**
 * The dashboard's "Your practice" card ({ choirId }), loaded with the dashboard's first render of
 * it. Once its code is in (the warm-up below), it renders at once: React.lazy would still suspend
 * on its first render and show the card's skeleton for a moment, a second commit of the page.
 */
export function YourPracticeCard(props: { choirId: string }) {
  return createElement(loadedCard?.YourPracticeCard ?? LazyPracticeCard, props);
}

/**
 * Loads the "Your practice" card's code and asks for its figures, for a dashboard not yet
 * rendered (the app's first page): the card then renders with the page, not after it.
 */
export const warmYourPractice = (queryClient: QueryClient, choirId: string) =>
  loadCard().then((m) => m.warmYourPractice(queryClient, choirId));

/** The "Your practice" card's stand-in while its code and data load (no music code of its own). */
export { YourPracticeLoading } from './practice/YourPracticeLoading';

/** "Make this music available offline" for an event's pieces ({ choirId, musicIds, label }), loaded with its first render. */
export const OfflineMusic = lazy(() => import('./offline/OfflineMusic').then((m) => ({ default: m.OfflineMusic })));
