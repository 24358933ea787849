// What a saved choir changes in the cache: its own answer, and the session,
// whose memberships carry the choir's name.
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryKey } from '../../app/session';
import { json, stubFetch } from '../../test/api';
import { BACH, details } from '../../test/fixtures';
import { choirKeys, useUpdateChoir, useUpdateChoirAffiliation } from './api';
import { queryWrapper } from '../../test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderInClient<T>(hook: () => T) {
  const client = new QueryClient();
  const invalidated = vi.spyOn(client, 'invalidateQueries');
  const wrapper = queryWrapper(client);
  const view = renderHook(hook, { wrapper });
  return { ...view, client, keys: () => invalidated.mock.calls.map(([filters]) => filters?.queryKey) };
}

describe('choir mutations', () => {
  const id = BACH.choir.id;

  it('keeps the saved details and re-reads the session', async () => {
    const saved = details(BACH, { name: 'Leeds Bach Choir' });
    stubFetch({ [`PATCH /choirs/${id}`]: () => json(saved) });
    const { result, client, keys } = renderInClient(() => useUpdateChoir(id));
    await act(() => result.current.submit({ name: 'Leeds Bach Choir', city: 'Leeds' }));
    expect(client.getQueryData(choirKeys.choir(id))).toEqual(saved);
    expect(keys()).toEqual([sessionQueryKey]);
  });

  it('keeps the saved affiliation and re-reads the session', async () => {
    const saved = details(BACH, { religiousAffiliationId: 'a-2' });
    stubFetch({ [`PUT /choirs/${id}/affiliation`]: () => json(saved) });
    const { result, client, keys } = renderInClient(() => useUpdateChoirAffiliation(id));
    await act(() => result.current.submit('a-2'));
    expect(client.getQueryData(choirKeys.choir(id))).toEqual(saved);
    expect(keys()).toEqual([sessionQueryKey]);
  });
});
