// What the service worker keeps, in one place the app shares with it (the
// app deletes the same caches at sign-out). Nothing here touches the DOM or
// the worker's globals.

/** The private API answers kept for offline use. */
export const PRIVATE_API_CACHE = 'cantica-private-api';
/** The score and recordings of pieces made available offline. */
export const OFFLINE_MUSIC_CACHE = 'cantica-offline-music';
/** Every cache holding a signed-in user's data: deleted at sign-out. */
export const PRIVATE_CACHES = [PRIVATE_API_CACHE, OFFLINE_MUSIC_CACHE];
/** The header a kept answer carries: when it was stored (milliseconds since 1970). */
export const STORED_AT_HEADER = 'X-Cantica-Stored-At';

/** storedAsOf is an answer as it is kept: its body and headers, with when it was stored. */
export function storedAsOf(answer: Response, now = Date.now()): Response {
  const headers = new Headers(answer.headers);
  headers.set(STORED_AT_HEADER, String(now));
  return new Response(answer.body, { status: 200, statusText: answer.statusText, headers });
}

const CHOIR = '/api/v1/choirs/[^/]+';
const EVENT = `${CHOIR}/events/[^/]+`;
// The answers the signed-in app needs to show the calendar, the dashboard, an
// event and its music plan: who is signed in and their choirs, the choir, the
// calendar's ranges, feasts and the user's answers, the week, an event with
// its plan and the user's answer, plans by day. Every other /api/ answer is
// private to the server's no-store and is never kept.
const KEPT = [
  '/api/v1/auth/session',
  '/api/v1/account/calendar-preferences',
  CHOIR,
  `${CHOIR}/(events|rsvps|calendar-feasts|week|attendance-settings|plans|plans/next-service)`,
  `${CHOIR}/plans/[^/]+`,
  `${CHOIR}/plan-days/[^/]+`,
  EVENT,
  `${EVENT}/(plan|rsvp)`,
].map((path) => new RegExp(`^${path}$`));

/** isPrivateApiKept says whether the answer to a GET of this path is kept for offline use. */
export function isPrivateApiKept(pathname: string): boolean {
  return KEPT.some((path) => path.test(pathname));
}

/** isSignedInAppPage says whether a page is the signed-in app's (served offline from the precache). */
export function isSignedInAppPage(pathname: string): boolean {
  return /^\/(dashboard|account)(\/|$)/.test(pathname);
}

/** isEmailLinkPage says whether a page is one an email's link opens (calendar §2): it needs the server, and says so offline. */
export function isEmailLinkPage(pathname: string): boolean {
  return pathname.startsWith('/email/');
}
