/// <reference lib="webworker" />
// The service worker (issue 31), built by vite-plugin-pwa's injectManifest
// into dist/sw.js. It keeps:
// - the signed-in app's files (precached from the build's list, so a new
//   build installs a new worker, which waits for the user's "Reload");
// - the few private API answers the app shows offline (PRIVATE_API below:
//   the session, the calendar, the dashboard's week, event details and plans),
//   always asked of the network first and served from the cache only when
//   the network fails; nothing else of /api/ is kept.
// Signing out, or a session answer saying nobody is signed in, deletes every
// private cache before the page hears of it.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { isOfflineMusicAnswer, isOfflineMusicFile, offlineMusicAnswer, offlineMusicFile } from './offlineMusic';
import { registerPush } from './push';
import { isPrivateApiKept, isSignedInAppPage, PRIVATE_CACHES, PRIVATE_API_CACHE, STORED_AT_HEADER } from './rules';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// cleanURLs and directoryIndex off: '/' is the landing page and '/login' the
// public app, never the precached index.html.
precacheAndRoute(self.__WB_MANIFEST, { cleanURLs: false, directoryIndex: '' });
cleanupOutdatedCaches();
// The first worker takes the open page at once, so that what it loads next
// is kept for offline use; a later one waits for the user's "Reload".
clientsClaim();
registerPush(self);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

async function deletePrivateCaches() {
  await Promise.all(PRIVATE_CACHES.map((name) => caches.delete(name)));
}

/** restamp is a kept answer stored again as of now (the server said it is unchanged). */
function restamp(kept: Response): Response {
  const headers = new Headers(kept.headers);
  headers.set(STORED_AT_HEADER, String(Date.now()));
  return new Response(kept.body, { status: 200, statusText: kept.statusText, headers });
}

async function privateApi(request: Request): Promise<Response> {
  const cache = await caches.open(PRIVATE_API_CACHE);
  const kept = await cache.match(request, { ignoreVary: true });
  // The page revalidates the answers it holds (the calendar's ETags); when the
  // cache does not hold that same answer, ask for the whole answer, so it can be kept.
  const asked =
    request.headers.has('If-None-Match') && request.headers.get('If-None-Match') !== kept?.headers.get('ETag')
      ? withoutValidators(request)
      : request;
  let response: Response;
  try {
    response = await fetch(asked);
  } catch (err) {
    if (!kept) throw err;
    // The page reads when it was stored from the header (app/pwa/offlineStatus.ts).
    return kept;
  }
  if (response.status === 304 && kept) {
    await cache.put(request, restamp(kept));
  } else if (response.status === 200) {
    if (new URL(request.url).pathname === '/api/v1/auth/session') {
      const session = (await response.clone().json().catch(() => null)) as { user?: unknown } | null;
      if (!session?.user) {
        await deletePrivateCaches();
        return response;
      }
    }
    await cache.put(request, restamp(response.clone()));
  }
  return response;
}

function withoutValidators(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete('If-None-Match');
  headers.delete('If-Modified-Since');
  return new Request(request, { headers });
}

async function signOut(request: Request): Promise<Response> {
  const response = await fetch(request);
  // Signed out (or the server had already forgotten the session): nothing private stays.
  if (response.ok || response.status === 401) await deletePrivateCaches();
  return response;
}

async function signedInPage(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (err) {
    // Offline: the app's page; it shows what the private cache holds, or asks to sign in.
    const page = await matchPrecache('index.html');
    if (!page) throw err;
    return page;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === 'POST' && url.pathname === '/api/v1/auth/logout') {
    event.respondWith(signOut(request));
  } else if (request.method === 'GET' && isOfflineMusicFile(url)) {
    event.respondWith(offlineMusicFile(request));
  } else if (request.method === 'GET' && isOfflineMusicAnswer(url)) {
    event.respondWith(offlineMusicAnswer(request));
  } else if (request.method === 'GET' && isPrivateApiKept(url.pathname)) {
    event.respondWith(privateApi(request));
  } else if (request.mode === 'navigate' && isSignedInAppPage(url.pathname)) {
    event.respondWith(signedInPage(request));
  }
});
