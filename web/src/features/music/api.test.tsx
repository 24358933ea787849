// What each change re-reads: the library shows what the server kept only if
// the mutations invalidate the right answers (and no more).
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/api';
import { queryWrapper } from '../../test/render';
import {
  musicKeys,
  useArchiveMusic,
  useBulkTagMusic,
  useCreateMusic,
  useCreateTag,
  useDeleteMusic,
  useImportMusic,
  useMusicPiece,
} from './api';
import { apiError, CHOIR_ID, CHRISTMAS, json, LENT, noContent, pieceOf } from './testing';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderInClient<T>(hook: () => T) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const invalidated = vi.spyOn(client, 'invalidateQueries');
  const view = renderHook(hook, { wrapper: queryWrapper(client) });
  const keys = () => invalidated.mock.calls.map(([filters]) => filters?.queryKey);
  return { ...view, client, keys };
}

const PIECE = pieceOf({ id: 'm1', title: 'Ave' });
const PIECES_CHANGED = [
  musicKeys.lists(CHOIR_ID),
  musicKeys.storage(CHOIR_ID),
  musicKeys.numbers(CHOIR_ID),
  musicKeys.tags(CHOIR_ID),
  musicKeys.composers(CHOIR_ID),
];

describe('music mutations', () => {
  it('a new piece is cached as itself, and the pages, numbers, tag and composer counts are read again', async () => {
    stubFetch({ [`POST /choirs/${CHOIR_ID}/music`]: () => json(PIECE, 201) });
    const { result, client, keys } = renderInClient(() => useCreateMusic(CHOIR_ID));
    await act(() => result.current.submit({ title: 'Ave' }));
    expect(client.getQueryData(musicKeys.piece(CHOIR_ID, 'm1'))).toEqual(PIECE);
    await waitFor(() => expect(keys()).toEqual(PIECES_CHANGED));
  });

  it('archiving re-reads the pages only, and caches the piece as answered', async () => {
    const archived = { ...PIECE, isArchived: true };
    stubFetch({ [`POST /choirs/${CHOIR_ID}/music/m1/archive`]: () => json(archived) });
    const { result, client, keys } = renderInClient(() => useArchiveMusic(CHOIR_ID));
    await act(() => result.current.submit({ id: 'm1' }));
    expect(client.getQueryData(musicKeys.piece(CHOIR_ID, 'm1'))).toEqual(archived);
    await waitFor(() => expect(keys()).toEqual([musicKeys.lists(CHOIR_ID)]));
  });

  it('a deleted piece leaves the cache', async () => {
    stubFetch({ [`DELETE /choirs/${CHOIR_ID}/music/m1`]: () => noContent() });
    const { result, client, keys } = renderInClient(() => useDeleteMusic(CHOIR_ID));
    client.setQueryData(musicKeys.piece(CHOIR_ID, 'm1'), PIECE);
    await act(() => result.current.submit({ id: 'm1' }));
    expect(client.getQueryData(musicKeys.piece(CHOIR_ID, 'm1'))).toBeUndefined();
    await waitFor(() => expect(keys()).toEqual(PIECES_CHANGED));
  });

  it('bulk tagging re-reads the pages, the tags and each piece tagged', async () => {
    stubFetch({ [`POST /choirs/${CHOIR_ID}/music/bulk-tag`]: () => json({ done: ['m1', 'm2'], failed: [] }) });
    const { result, keys } = renderInClient(() => useBulkTagMusic(CHOIR_ID));
    await act(() => result.current.submit({ ids: ['m1', 'm2'], tagIds: [LENT.id] }));
    await waitFor(() =>
      expect(keys()).toEqual([
        musicKeys.lists(CHOIR_ID),
        musicKeys.tags(CHOIR_ID),
        musicKeys.piece(CHOIR_ID, 'm1'),
        musicKeys.piece(CHOIR_ID, 'm2'),
      ]),
    );
  });

  it('a new tag gets the default colour and joins the cached list in name order', async () => {
    const advent = { id: 't-advent', name: 'Advent', color: '#3b82f6', musicCount: 0 };
    const api = stubFetch({ [`POST /choirs/${CHOIR_ID}/tags`]: () => json(advent, 201) });
    const { result, client } = renderInClient(() => useCreateTag(CHOIR_ID));
    client.setQueryData(musicKeys.tags(CHOIR_ID), [CHRISTMAS, LENT]);
    await act(() => result.current.submit({ name: 'Advent' }));
    expect(api.bodies('POST', `/choirs/${CHOIR_ID}/tags`)).toEqual([{ name: 'Advent', color: '#3b82f6' }]);
    expect(client.getQueryData(musicKeys.tags(CHOIR_ID))).toEqual([advent, CHRISTMAS, LENT]);
  });

  it('an import re-reads everything it may have added to', async () => {
    stubFetch({ [`POST /choirs/${CHOIR_ID}/music/import`]: () => json({ created: 3, composersCreated: 1 }) });
    const { result, keys } = renderInClient(() => useImportMusic(CHOIR_ID));
    await act(() => result.current.submit({ csv: 'title\nAve\n' }));
    await waitFor(() =>
      expect(keys()).toEqual([
        ...PIECES_CHANGED,
        musicKeys.types(CHOIR_ID),
        musicKeys.categories(CHOIR_ID),
        musicKeys.voicings(CHOIR_ID),
      ]),
    );
  });
});

describe('music reads', () => {
  it('does not ask again for a piece the server refused', async () => {
    const api = stubFetch({ [`GET /choirs/${CHOIR_ID}/music/gone`]: () => apiError(404, 'NOT_FOUND', 'Music piece not found') });
    // The app's client retries; the library's reads retry only what may change on asking again.
    const client = new QueryClient({ defaultOptions: { queries: { retry: 1 } } });
    const { result } = renderHook(() => useMusicPiece(CHOIR_ID, 'gone'), { wrapper: queryWrapper(client) });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(api.count('GET', `/choirs/${CHOIR_ID}/music/gone`)).toBe(1);
  });
});
