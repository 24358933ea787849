// What the page knows of its connection: whether the browser is offline and
// when the answers on screen were last fetched. The service worker tells the
// page of each private answer it serves whether it came from the network or
// from its cache, with the time it was stored (src/sw/sw.ts); messages sent
// before the page listened wait in the browser until it does.
import { useSyncExternalStore } from 'react';

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

type AnswerMessage = { type: 'cantica-answer'; live: boolean; storedAt?: number };

/** noteAnswer records one answer the service worker served. */
export function noteAnswer(message: AnswerMessage) {
  if (message.live) set({ keptSince: null, lastLive: Date.now() });
  else if (message.storedAt) set({ keptSince: Math.min(state.keptSince ?? Infinity, message.storedAt) });
}

let listening = false;

/** listenToServiceWorker starts following the browser's connection and the worker's messages (once). */
export function listenToServiceWorker() {
  if (listening) return;
  listening = true;
  window.addEventListener('online', () => set({ offline: false }));
  window.addEventListener('offline', () => set({ offline: true }));
  set({ offline: navigator.onLine === false });
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as AnswerMessage | null;
    if (data?.type === 'cantica-answer') noteAnswer(data);
  });
  navigator.serviceWorker.startMessages();
}

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
