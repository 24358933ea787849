import type { QueryClient } from '@tanstack/react-query';
import { choirStandingQuery } from '../features/billing';
import { firstPageChoir } from './activeChoir';
import { pagePath } from './earlyReads';
import type { Can } from './permissions';
import { sessionQuery } from './session';

/** A page's warmer asks for its first data, as its components' queries, and returns what it asked. */
type Warmer = (queryClient: QueryClient, choirId: string, can: Can) => Promise<unknown>[];

/**
 * The pages whose first data is asked for before they render, by path; each loaded when its page
 * opens, so the app's first download carries none of them.
 */
const WARMERS: Record<string, () => Promise<Warmer>> = {
  '/dashboard': () => import('../features/dashboard').then((m) => m.warmDashboard()),
  '/dashboard/calendar': () => import('../features/calendar').then((m) => m.warmCalendar()),
};

/** How long the first render waits for the first page's data, at most: a slow answer does not hold the shell. */
export const FIRST_PAGE_WAIT_MS = 1_000;

/**
 * warmFirstPage asks for the data of the page the app opens on as soon as
 * the session is in, while the page's code still loads; it resolves when the
 * answers are in (or refused), or after FIRST_PAGE_WAIT_MS at most. The app
 * renders after it (main.tsx), behind the loading shell that index.html
 * already shows: the page's components then find their answers and render
 * once. Rendered before, the page renders empty, then again with each
 * answer, and an answer that arrives in the middle of a render makes React
 * start that render over in one block — which a phone's processor pays for
 * in the second the singer waits. Only the first page: later ones are opened
 * from a page already shown. Asks nothing when the session or the choir is
 * not known, or the choir must first be chosen (the guards then take the
 * singer elsewhere).
 */
export function warmFirstPage(queryClient: QueryClient, pathname: string): Promise<void> {
  const warmer = WARMERS[pagePath(pathname)];
  if (!warmer) return Promise.resolve();
  const warmed = (async () => {
    const choir = firstPageChoir(await queryClient.fetchQuery(sessionQuery));
    if (!choir) return;
    // The plan's banners are above every page: their answer is asked with the page's.
    const shell = queryClient.prefetchQuery(choirStandingQuery(choir.choirId));
    await Promise.allSettled([shell, ...(await warmer())(queryClient, choir.choirId, choir.can)]);
  })().catch(() => {});
  return Promise.race([warmed, new Promise<void>((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))]);
}
