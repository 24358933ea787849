import { Blob as NodeBlob } from 'node:buffer';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isOfflineMusicAnswer, isOfflineMusicFile, offlineMusicAnswer, offlineMusicFile, type CacheSource } from './offlineMusic';
import { OFFLINE_MUSIC_CACHE, STORED_AT_HEADER } from './rules';

const ORIGIN = 'https://cantica.example.org';
const FILE = `${ORIGIN}/api/v1/choirs/c1/music/m1/attachments/a1/file`;
const PIECE = `${ORIGIN}/api/v1/choirs/c1/music/m1`;

/** kept is a stand-in for the worker's caches holding the given answers in the offline music cache. */
function kept(answers: Record<string, Response>) {
  const entries = new Map(Object.entries(answers));
  const put = vi.fn(async (url: string, response: Response) => void entries.set(url, response.clone()));
  const storage: CacheSource = {
    has: async (name) => name === OFFLINE_MUSIC_CACHE,
    match: async (url, options) => (options?.cacheName === OFFLINE_MUSIC_CACHE ? entries.get(String(url))?.clone() : undefined),
    open: async () => ({ put }) as unknown as Cache,
  };
  return { storage, put, entries };
}

const recording = () =>
  new Response(new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]), { headers: { 'Content-Type': 'audio/mpeg', 'Content-Length': '10' } });
const noSignal = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));

describe('music made available offline, in the service worker', () => {
  // A worker's Response and Blob are one family; jsdom's Blob is not the
  // Blob of Node's Response, which Workbox's range answer checks for.
  beforeEach(() => vi.stubGlobal('Blob', NodeBlob));

  it('answers a seek in a kept recording with the bytes asked for (206), without the network', async () => {
    const { storage } = kept({ [FILE]: recording() });
    const response = await offlineMusicFile(new Request(FILE, { headers: { Range: 'bytes=2-5' } }), storage, noSignal);
    expect(response.status).toBe(206);
    expect(response.headers.get('Content-Range')).toBe('bytes 2-5/10');
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([2, 3, 4, 5]);
    expect(noSignal).not.toHaveBeenCalled();
  });

  it('answers a kept file whole when no range is asked, and an open-ended range to its end', async () => {
    const { storage } = kept({ [FILE]: recording() });
    const whole = await offlineMusicFile(new Request(FILE), storage, noSignal);
    expect(whole.status).toBe(200);
    expect((await whole.arrayBuffer()).byteLength).toBe(10);
    const tail = await offlineMusicFile(new Request(FILE, { headers: { Range: 'bytes=7-' } }), storage, noSignal);
    expect(tail.status).toBe(206);
    expect([...new Uint8Array(await tail.arrayBuffer())]).toEqual([7, 8, 9]);
  });

  it('asks the network for a file that was not made available offline', async () => {
    const { storage } = kept({});
    const network = vi.fn(async () => new Response('live', { status: 206 }));
    const response = await offlineMusicFile(new Request(FILE, { headers: { Range: 'bytes=0-3' } }), storage, network);
    expect(await response.text()).toBe('live');
    expect(network).toHaveBeenCalledOnce();
  });

  it('answers a kept piece from the network while there is one, refreshing what is kept, and from the cache without one', async () => {
    const { storage, put } = kept({ [PIECE]: new Response('{"title":"old"}', { headers: { [STORED_AT_HEADER]: '1' } }) });
    const live = await offlineMusicAnswer(new Request(PIECE), storage, async () => new Response('{"title":"new"}'));
    expect(await live.text()).toBe('{"title":"new"}');
    expect(put).toHaveBeenCalledOnce();
    const [, refreshed] = put.mock.calls[0];
    expect(await refreshed.text()).toBe('{"title":"new"}');
    expect(Number(refreshed.headers.get(STORED_AT_HEADER))).toBeGreaterThan(1);

    const offline = await offlineMusicAnswer(new Request(PIECE), storage, noSignal);
    expect(await offline.text()).toBe('{"title":"new"}');
  });

  it('keeps nothing of a piece that was not made available offline', async () => {
    const { storage, put } = kept({});
    await offlineMusicAnswer(new Request(PIECE), storage, async () => new Response('{}'));
    expect(put).not.toHaveBeenCalled();
    await expect(offlineMusicAnswer(new Request(PIECE), storage, noSignal)).rejects.toThrow(TypeError);
  });

  it('takes only a piece’s files as played and its answers, never a download or another choir’s page', () => {
    expect(isOfflineMusicFile(new URL(FILE))).toBe(true);
    expect(isOfflineMusicFile(new URL(`${FILE}?download=true`))).toBe(false);
    expect(isOfflineMusicFile(new URL(`${ORIGIN}/api/v1/choirs/c1/music/m1/attachments`))).toBe(false);
    expect(isOfflineMusicAnswer(new URL(PIECE))).toBe(true);
    expect(isOfflineMusicAnswer(new URL(`${PIECE}/markers`))).toBe(true);
    expect(isOfflineMusicAnswer(new URL(`${PIECE}/practice/me`))).toBe(true);
    expect(isOfflineMusicAnswer(new URL(`${PIECE}/practice`))).toBe(false);
    expect(isOfflineMusicAnswer(new URL(`${ORIGIN}/api/v1/choirs/c1/music`))).toBe(false);
  });
});
