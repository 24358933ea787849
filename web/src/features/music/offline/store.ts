// Storing pieces on the device for offline use (issue 31): their answers and
// files go into OFFLINE_MUSIC_CACHE under the addresses the app asks for, and
// the device's record (app/pwa/keptMusic.ts) says until when.
import { api, unwrap } from '../../../api/client';
import { expiryAfter, keepPiece, type KeptPiece } from '../../../app/pwa/keptMusic';
import { OFFLINE_MUSIC_CACHE, storedAsOf } from '../../../sw/rules';
import { readBody } from '../practice/recording';
import { localDay } from '../practice/tracker';

/** How far ahead the events that use a piece are looked for (the plans' range is at most 366 days). */
const LOOK_AHEAD_DAYS = 365;

/**
 * lastPlannedDays is, per piece, the last day of the coming year whose plan
 * uses it; pieces no plan uses are absent.
 */
export async function lastPlannedDays(choirId: string, musicIds: readonly string[], now = new Date()): Promise<Map<string, string>> {
  const until = new Date(now);
  until.setDate(until.getDate() + LOOK_AHEAD_DAYS);
  const plans = unwrap(
    await api.GET('/choirs/{choirId}/plans', { params: { path: { choirId }, query: { from: localDay(now), to: localDay(until) } } }),
  );
  const last = new Map<string, string>();
  for (const plan of plans) {
    for (const slot of plan.slots) {
      const id = slot.music?.id;
      if (id && musicIds.includes(id) && plan.date > (last.get(id) ?? '')) last.set(id, plan.date);
    }
  }
  return last;
}

export type PieceToKeep = Omit<KeptPiece, 'expiresAt'> & { lastEventDay: string | null };

/**
 * storePieces downloads the pieces' answers and files into the cache, telling
 * how many bytes of files have come, then records them. Asking the browser to
 * keep the storage (navigator.storage.persist) is the caller's, on the tap.
 */
export async function storePieces(pieces: readonly PieceToKeep[], onProgress: (bytes: number) => void, now = Date.now()): Promise<void> {
  const cache = await caches.open(OFFLINE_MUSIC_CACHE);
  let loaded = 0;
  for (const piece of pieces) {
    for (const url of piece.answers) {
      const response = await fetch(url, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`music: keep answer of piece ${piece.musicId}: HTTP ${response.status}`);
      const answer = storedAsOf(response, now);
      // The body is stored decoded.
      answer.headers.delete('Content-Encoding');
      answer.headers.delete('Content-Length');
      await cache.put(url, answer);
    }
    for (const file of piece.files) {
      // A file kept before (since replaced) would be answered from the cache.
      await cache.delete(file.url);
      const body = await download(file.url, (bytes) => onProgress(loaded + bytes));
      loaded += file.bytes;
      onProgress(loaded);
      await cache.put(file.url, body);
    }
    const { lastEventDay, ...record } = piece;
    keepPiece({ ...record, expiresAt: expiryAfter(lastEventDay, now) });
  }
}

/** download fetches a file whole, telling how many bytes have come; the answer is kept as the server gave it. */
async function download(url: string, onBytes: (bytes: number) => void): Promise<Response> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok || !response.body) throw new Error(`music: keep file: HTTP ${response.status}`);
  const body = await readBody(response, onBytes);
  const headers = new Headers();
  for (const name of ['Content-Type', 'Content-Disposition', 'ETag', 'Last-Modified']) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set('Content-Length', String(body.size));
  headers.set('Accept-Ranges', 'bytes');
  return new Response(body, { status: 200, headers });
}
