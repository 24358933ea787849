// The first page's reads, asked as soon as the few lines of the entry
// src/early.ts have loaded rather than once the app's code has: on a phone
// the app's code takes seconds to come, and the page's data then came a
// round trip after it. The API client takes each answer in place of the
// request it would have made (api/early.ts). No React and no query library
// here, nor in anything this imports: this module's chunk must not wait for
// theirs.
import type { Session } from '../api/client';
import { API_PATH, askEarly, keepEarly } from '../api/early';
import { calendarReads } from '../features/calendar/earlyReads';
import { dashboardReads } from '../features/dashboard/earlyReads';
import { firstPageChoir } from './activeChoir';
import type { Can } from './permissions';

/** A page's first reads: API paths (under /api/v1) of the choir's data it shows first. */
export type PageReads = (choirId: string, can: Can) => string[];

/** The pages whose reads are asked early, by path: the same as firstPage.ts's WARMERS. */
const PAGES: Record<string, PageReads> = {
  '/dashboard': dashboardReads,
  '/dashboard/calendar': calendarReads,
};

const urlOf = (path: string) => new URL(API_PATH + path, window.location.origin).href;

/** pagePath is the page an address opens, as PAGES and firstPage.ts's WARMERS name it: no trailing slash. */
export const pagePath = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

/**
 * startEarlyReads asks who is signed in (index.html's preload answers) and,
 * for a page of PAGES, that page's reads in the choir the app will open it
 * in (firstPageChoir, as the warm-up), the plan's banners with them.
 */
export function startEarlyReads(pathname: string): void {
  const page = PAGES[pagePath(pathname)];
  if (!page) return;
  const session = askEarly(urlOf('/auth/session'));
  // The app reads the session's answer too: it takes a copy.
  keepEarly(urlOf('/auth/session'), session.then((response) => response.clone()));
  void session
    .then(async (response) => {
      if (!response.ok) return;
      const choir = firstPageChoir((await response.json()) as Session);
      if (!choir) return;
      for (const path of [`/choirs/${choir.choirId}/billing/standing`, ...page(choir.choirId, choir.can)]) askEarly(urlOf(path));
    })
    .catch(() => {});
}
