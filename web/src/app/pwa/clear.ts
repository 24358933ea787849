import { PRIVATE_CACHES } from '../../sw/rules';
import { forgetKeptMusic } from './keptMusic';

/**
 * clearOfflineData deletes what was kept on this device for offline use: the
 * private answers and the music made available offline, with its record (the service worker
 * also does so when it sees the sign-out go by). Never throws.
 */
export async function clearOfflineData(): Promise<void> {
  forgetKeptMusic();
  try {
    if (typeof caches !== 'undefined') await Promise.all(PRIVATE_CACHES.map((name) => caches.delete(name)));
  } catch {
    // Storage unavailable: nothing was kept.
  }
}
