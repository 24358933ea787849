// The browser's offer to install the app (Chromium's beforeinstallprompt),
// held until the user taps "Install Cantica" in the account menu.
import { useSyncExternalStore } from 'react';

interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

/** listenForInstallOffer keeps the browser's install offer instead of its own mini-bar (once). */
let listening = false;
export function listenForInstallOffer() {
  if (listening) return;
  listening = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    changed();
  });
}

/** The web app manifest vite-plugin-pwa writes (vite.config.ts's manifestFilename). */
export const MANIFEST_URL = '/manifest.webmanifest';

/**
 * linkManifest names the manifest to the browser, which then fetches it and
 * its icon. The build takes its link out of index.html (scripts/prerender.mjs)
 * and the app calls this once its first page has painted, so that those
 * requests do not hold a phone's connections while the page's scripts load.
 */
export function linkManifest() {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST_URL;
  document.head.append(link);
}

/** installOffer is the held offer, or null. */
export function useInstallOffer(): InstallPromptEvent | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => offer,
  );
}

/** promptInstall shows the browser's install dialog; the offer is used up. */
export async function promptInstall() {
  const held = offer;
  offer = null;
  changed();
  await held?.prompt();
}

/** isIosSafari says whether installing is Safari's Share → Add to Home Screen (no install offer there). */
export function isIosSafari(userAgent = navigator.userAgent): boolean {
  return /iP(hone|ad|od)/.test(userAgent) && !/CriOS|FxiOS|EdgiOS/.test(userAgent);
}

/** isInstalled says whether the app runs from the home screen already. */
export function isInstalled(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}
