/// <reference types="vite-plugin-pwa/vanillajs" />
// Loaded by ServiceWorkerSetup after the signed-in app's first page: the
// worker's registration (vite-plugin-pwa's, over workbox-window) is no part
// of the start-up code, and the pages before sign-in never load it.
import { registerSW } from 'virtual:pwa-register';

export interface ServiceWorkerHooks {
  /** A new build's worker is installed and waiting; calling reload activates it and reloads the page. */
  onNewVersion: (reload: () => void) => void;
  /** The first worker has just taken the page (nothing it loaded before was kept for offline use). */
  onFirstControl: () => void;
}

export function startServiceWorker({ onNewVersion, onFirstControl }: ServiceWorkerHooks) {
  if (!('serviceWorker' in navigator)) return;
  if (!navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener('controllerchange', onFirstControl, { once: true });
  }
  const update = registerSW({
    onNeedRefresh: () => onNewVersion(() => void update(true)),
  });
}
