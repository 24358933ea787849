// The device's record of the pieces made available offline (issue 31): which
// addresses of OFFLINE_MUSIC_CACHE belong to which piece, and until when they
// are kept — 30 days after the last event that uses the piece, as it was known
// when the piece was made available. A deviceList (a few entries in
// localStorage, read synchronously to show "Available offline" at once).
// Expired pieces are removed when the signed-in app starts; sign-out deletes
// the cache and this record (clearOfflineData).
import { useSyncExternalStore } from 'react';
import { OFFLINE_MUSIC_CACHE } from '../../sw/rules';
import { deviceList } from './deviceList';

/** How long music stays after the last event that uses it. */
export const KEEP_AFTER_LAST_EVENT_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface KeptFile {
  /** The address the page and the studio ask for: the cache's key. */
  url: string;
  bytes: number;
  /** The attachment's last change, so a replaced file is noticed. */
  version: string;
}

export interface KeptPiece {
  choirId: string;
  musicId: string;
  title: string;
  files: KeptFile[];
  /** The piece's answers kept with it (the piece, its markers, my practice of it). */
  answers: string[];
  /** When it is removed, in milliseconds since 1970. */
  expiresAt: number;
}

export const KEPT_MUSIC_KEY = 'cantica.offlineMusic';

const record = deviceList<KeptPiece>(KEPT_MUSIC_KEY);
const save = record.save;

export const keptPieces = record.items;

/** isRecordOf says whether a record is of this choir's piece. */
export const isRecordOf = (p: KeptPiece, choirId: string, musicId: string) => p.choirId === choirId && p.musicId === musicId;

/**
 * expiryAfter is when music used last on lastEventDay (YYYY-MM-DD, or null
 * when no upcoming event uses it) is removed: 30 days after the end of that
 * day, and never sooner than 30 days from now.
 */
export function expiryAfter(lastEventDay: string | null, now: number): number {
  const [y, m, d] = (lastEventDay ?? '').split('-').map(Number);
  const endOfDay = lastEventDay && y && m && d ? new Date(y, m - 1, d + 1).getTime() : 0;
  return Math.max(now, endOfDay) + KEEP_AFTER_LAST_EVENT_DAYS * DAY_MS;
}

/** keepPiece records a piece stored for offline use; a later expiry already recorded stays. */
export function keepPiece(piece: KeptPiece) {
  const before = keptPieces().find((p) => isRecordOf(p, piece.choirId, piece.musicId));
  const expiresAt = Math.max(piece.expiresAt, before?.expiresAt ?? 0);
  save([...keptPieces().filter((p) => p !== before), { ...piece, expiresAt }]);
}

export function keptPiece(choirId: string, musicId: string): KeptPiece | null {
  return keptPieces().find((p) => isRecordOf(p, choirId, musicId)) ?? null;
}

async function deleteStored(pieces: KeptPiece[]) {
  if (pieces.length === 0 || typeof caches === 'undefined' || !(await caches.has(OFFLINE_MUSIC_CACHE))) return;
  const cache = await caches.open(OFFLINE_MUSIC_CACHE);
  await Promise.all(pieces.flatMap((p) => [...p.files.map((f) => f.url), ...p.answers]).map((url) => cache.delete(url)));
}

/** removeKeptPiece deletes a piece's files and answers from this device ("Remove from this device"). */
export async function removeKeptPiece(choirId: string, musicId: string): Promise<void> {
  const piece = keptPiece(choirId, musicId);
  if (!piece) return;
  save(keptPieces().filter((p) => p !== piece));
  await deleteStored([piece]);
}

/**
 * purgeExpiredMusic removes the pieces whose time is up, and anything in the
 * cache no record names (a download cut short); run when the signed-in app
 * starts. Never throws.
 */
export async function purgeExpiredMusic(now = Date.now()): Promise<void> {
  const expired = keptPieces().filter((p) => p.expiresAt <= now);
  if (expired.length > 0) save(keptPieces().filter((p) => !expired.includes(p)));
  try {
    if (typeof caches === 'undefined' || !(await caches.has(OFFLINE_MUSIC_CACHE))) return;
    const cache = await caches.open(OFFLINE_MUSIC_CACHE);
    const named = new Set(keptPieces().flatMap((p) => [...p.files.map((f) => f.url), ...p.answers]));
    const stale = (await cache.keys()).filter((r) => !named.has(new URL(r.url).pathname));
    await Promise.all(stale.map((r) => cache.delete(r)));
  } catch {
    // Storage unavailable: nothing left to delete.
  }
}

/** forgetKeptMusic empties the record (sign-out, which deletes the cache itself). */
export function forgetKeptMusic() {
  save([]);
}

/** useKeptPieces is this device's record of the pieces made available offline. */
export function useKeptPieces(): KeptPiece[] {
  return useSyncExternalStore(record.subscribe, keptPieces);
}

/** useKeptPiece is this device's record of a piece made available offline, or null. */
export function useKeptPiece(choirId: string, musicId: string): KeptPiece | null {
  return useKeptPieces().find((p) => isRecordOf(p, choirId, musicId)) ?? null;
}
