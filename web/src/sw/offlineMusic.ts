// The service worker's side of "Make available offline" (issue 31). The page
// stores a piece's files and its answers in OFFLINE_MUSIC_CACHE under the very
// addresses the piece page and the practice studio ask for (same-origin
// /api/v1/… paths, never a storage address), so nothing needs mapping:
// - a kept file is answered from the cache first, a Range request with the
//   part asked for (206), so that an audio element seeks without a signal,
//   and pdf.js reads a score in pieces as it does online;
// - a kept piece's answers (the piece, its markers, the singer's own practice
//   of it) are asked of the network first and answered from the cache only
//   when the network fails; a live answer refreshes the kept one.
// Nothing is stored here that the page did not store: a piece not made
// available offline goes to the network as before.
import { createPartialResponse } from 'workbox-range-requests';
import { OFFLINE_MUSIC_CACHE, storedAsOf } from './rules';

const PIECE = '^/api/v1/choirs/[^/]+/music/[^/]+';
const FILE = new RegExp(`${PIECE}/attachments/[^/]+/file$`);
const PIECE_ANSWER = new RegExp(`${PIECE}(/markers|/practice/me)?$`);

/** isOfflineMusicFile says whether a GET of this address is a piece's file as the page plays or shows it (not a download). */
export function isOfflineMusicFile(url: URL): boolean {
  return FILE.test(url.pathname) && url.search === '';
}

/** isOfflineMusicAnswer says whether a GET of this address is a piece's answer the studio needs offline. */
export function isOfflineMusicAnswer(url: URL): boolean {
  return PIECE_ANSWER.test(url.pathname) && url.search === '';
}

/** The caches a worker has; tests pass a stand-in. */
export type CacheSource = Pick<CacheStorage, 'match' | 'open' | 'has'>;

function kept(storage: CacheSource, request: Request): Promise<Response | undefined> {
  // match with cacheName never creates the cache (sign-out deleted it on purpose).
  return storage.match(request.url, { cacheName: OFFLINE_MUSIC_CACHE, ignoreVary: true, ignoreSearch: false });
}

/**
 * offlineMusicFile answers a piece's file: from the cache when the piece was
 * made available offline (with the range asked for), from the network otherwise.
 */
export async function offlineMusicFile(request: Request, storage: CacheSource = caches, network = fetch): Promise<Response> {
  const file = await kept(storage, request);
  if (!file) return network(request);
  return request.headers.has('Range') ? createPartialResponse(request, file) : file;
}

/**
 * offlineMusicAnswer answers a piece's answer from the network, and from the
 * cache when the network fails and the piece was made available offline.
 */
export async function offlineMusicAnswer(request: Request, storage: CacheSource = caches, network = fetch): Promise<Response> {
  let response: Response;
  try {
    response = await network(request);
  } catch (err) {
    const answer = await kept(storage, request);
    if (!answer) throw err;
    return answer;
  }
  if (response.status === 200 && (await storage.has(OFFLINE_MUSIC_CACHE)) && (await kept(storage, request))) {
    const cache = await storage.open(OFFLINE_MUSIC_CACHE);
    await cache.put(request.url, storedAsOf(response.clone()));
  }
  return response;
}
