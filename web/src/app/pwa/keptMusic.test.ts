import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_MUSIC_CACHE } from '../../sw/rules';
import { clearOfflineData } from './clear';
import { expiryAfter, forgetKeptMusic, keepPiece, keptPiece, keptPieces, purgeExpiredMusic, removeKeptPiece, type KeptPiece } from './keptMusic';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date(2026, 10, 28, 15, 0).getTime(); // 28 November 2026, 15:00 on the device

function piece(musicId: string, expiresAt: number): KeptPiece {
  const url = `/api/v1/choirs/c1/music/${musicId}`;
  return { choirId: 'c1', musicId, title: musicId, files: [{ url: `${url}/attachments/a1/file`, bytes: 10, version: 'v1' }], answers: [url], expiresAt };
}

/** stored stands in for the browser's caches, holding the given addresses in the offline music cache. */
function stored(urls: string[]) {
  const kept = new Set(urls.map((u) => new URL(u, window.location.origin).href));
  const cache = {
    keys: async () => [...kept].map((url) => new Request(url)),
    delete: vi.fn(async (url: string | Request) => kept.delete(new URL(typeof url === 'string' ? url : url.url, window.location.origin).href)),
  };
  vi.stubGlobal('caches', {
    has: async (name: string) => name === OFFLINE_MUSIC_CACHE,
    open: async () => cache,
    delete: async () => true,
  });
  return kept;
}

describe('music made available offline, on the device', () => {
  afterEach(() => forgetKeptMusic());

  it('is kept until 30 days after the last event that uses it, and at least 30 days', () => {
    // The event is on 20 December: the music goes at the end of 19 January.
    expect(new Date(expiryAfter('2026-12-20', NOW))).toEqual(new Date(2027, 0, 20));
    expect(expiryAfter(null, NOW)).toBe(NOW + 30 * DAY);
    // An event already past (or today, early) keeps it 30 days from now.
    expect(expiryAfter('2026-11-01', NOW)).toBe(NOW + 30 * DAY);
    expect(expiryAfter('not a day', NOW)).toBe(NOW + 30 * DAY);
  });

  it('keeps the later removal date when a piece is made available again for an earlier event', () => {
    keepPiece(piece('m1', NOW + 60 * DAY));
    keepPiece(piece('m1', NOW + 31 * DAY));
    expect(keptPieces()).toHaveLength(1);
    expect(keptPiece('c1', 'm1')?.expiresAt).toBe(NOW + 60 * DAY);
  });

  it('removes at start the pieces whose time is up, with their files and answers, and what no record names, and keeps the others', async () => {
    const left = stored([
      '/api/v1/choirs/c1/music/cut-short/attachments/a1/file',
      '/api/v1/choirs/c1/music/old/attachments/a1/file',
      '/api/v1/choirs/c1/music/old',
      '/api/v1/choirs/c1/music/new/attachments/a1/file',
      '/api/v1/choirs/c1/music/new',
    ]);
    keepPiece(piece('old', NOW - 1));
    keepPiece(piece('new', NOW + DAY));
    await purgeExpiredMusic(NOW);
    expect(keptPieces().map((p) => p.musicId)).toEqual(['new']);
    expect([...left].map((u) => new URL(u).pathname)).toEqual(['/api/v1/choirs/c1/music/new/attachments/a1/file', '/api/v1/choirs/c1/music/new']);
  });

  it('removes a piece from this device when the singer says so', async () => {
    const left = stored(['/api/v1/choirs/c1/music/m1/attachments/a1/file', '/api/v1/choirs/c1/music/m1']);
    keepPiece(piece('m1', NOW + DAY));
    await removeKeptPiece('c1', 'm1');
    expect(keptPiece('c1', 'm1')).toBeNull();
    expect(left.size).toBe(0);
  });

  it('forgets the record at sign-out', async () => {
    stored([]);
    keepPiece(piece('m1', NOW + DAY));
    await clearOfflineData();
    expect(keptPieces()).toEqual([]);
    expect(localStorage.getItem('cantica.offlineMusic')).toBeNull();
  });
});
