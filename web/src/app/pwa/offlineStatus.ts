// What the page knows of its connection: whether it is offline and when the
// answers on screen were last fetched. The service worker answers from its
// cache only when the network fails, and such an answer carries the time it
// was stored (src/sw/sw.ts); any answer without it came from the server. A
// request that fails for want of a network says the page is offline too, as
// navigator.onLine may say online on a network that reaches nothing.
import { useSyncExternalStore } from 'react';
import { api } from '../../api/client';
import { STORED_AT_HEADER } from '../../sw/rules';

export interface OfflineState {
  offline: boolean;
  /** When the oldest answer served from the cache since the last live one was stored; null when none. */
  keptSince: number | null;
  /** When the last live answer came (or the page loaded). */
  lastLive: number;
}

let state: OfflineState = {
  offline: typeof navigator !== 'undefined' && navigator.onLine === false,
  keptSince: null,
  lastLive: Date.now(),
};
const listeners = new Set<() => void>();

function set(next: Partial<OfflineState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/** noteAnswer records one answer: live, or kept and stored at storedAt. */
export function noteAnswer(storedAt: number | null) {
  if (storedAt === null) set({ offline: false, keptSince: null, lastLive: Date.now() });
  else set({ keptSince: Math.min(state.keptSince ?? Infinity, storedAt) });
}

let listening = false;

/** listenForConnection starts following the browser's connection and the app's answers (once). */
export function listenForConnection() {
  if (listening) return;
  listening = true;
  window.addEventListener('online', () => set({ offline: false }));
  window.addEventListener('offline', () => set({ offline: true }));
  api.use({
    onResponse: ({ response }) => {
      const storedAt = Number(response.headers.get(STORED_AT_HEADER));
      noteAnswer(storedAt > 0 ? storedAt : null);
    },
    onError: ({ error }) => {
      if (error instanceof TypeError) set({ offline: true });
    },
  });
}

// Followed from the moment the signed-in shell loads, before its first request.
listenForConnection();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** useOfflineState is the connection state; the page shows what it holds, last updated at `updatedAt`. */
export function useOfflineState(): { showOffline: boolean; updatedAt: number } {
  const s = useSyncExternalStore(subscribe, () => state);
  return { showOffline: s.offline || s.keptSince !== null, updatedAt: s.keptSince ?? s.lastLive };
}

/** resetOfflineState forgets what was noted (between tests). */
export function resetOfflineState() {
  set({ offline: false, keptSince: null, lastLive: Date.now() });
}
