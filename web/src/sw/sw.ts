/// <reference lib="webworker" />
// The service worker (issue 31), built by vite-plugin-pwa's injectManifest
// into dist/sw.js. It keeps:
// - the signed-in app's files (precached from the build's list, so a new
//   build installs a new worker, which waits for the user's "Reload");
// - the few private API answers the app shows offline (rules.ts: the session,
//   the calendar, the dashboard's week, event details and plans), always
//   asked of the network first and served from the cache when the network
//   fails or is slow (privateApi.ts); nothing else of /api/ is kept.
// An email link opened without a signal gets a page saying so (needsSignal.ts).
// Signing out, or a session answer saying nobody is signed in, deletes every
// private cache before the page hears of it.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { needsSignal } from './needsSignal';
import { privateApi } from './privateApi';
import { isOfflineMusicAnswer, isOfflineMusicFile, offlineMusicAnswer, offlineMusicFile } from './offlineMusic';
import { registerPush } from './push';
import { isEmailLinkPage, isPrivateApiKept, isSignedInAppPage, PRIVATE_CACHES, PRIVATE_API_CACHE } from './rules';

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
    event.respondWith(
      caches.open(PRIVATE_API_CACHE).then((cache) =>
        privateApi(request, {
          cache,
          // Called on the worker's global scope: fetch taken away from it throws "Illegal invocation".
          fetch: (asked) => fetch(asked),
          waitUntil: (work) => event.waitUntil(work),
          forgetPrivateData: deletePrivateCaches,
        }),
      ),
    );
  } else if (request.mode === 'navigate' && isSignedInAppPage(url.pathname)) {
    event.respondWith(signedInPage(request));
  } else if (request.mode === 'navigate' && isEmailLinkPage(url.pathname)) {
    event.respondWith(fetch(request).catch(() => needsSignal(request.url)));
  }
});
