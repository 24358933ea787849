// What each change re-reads: the pages show what the server kept only if
// the mutations invalidate the right answers (and no more).
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { choirQueryKey } from '../../app/choir';
import { sessionQueryKey } from '../../app/session';
import { ada } from '../../test/fixtures';
import {
  memberKeys,
  useDeleteMusicalRole,
  useRemoveMember,
  useRenameMusicalRole,
  useSetMemberVoiceParts,
  useSetMyVoiceParts,
  useUpdateMember,
} from './api';
import { stubFetch } from '../../test/api';
import { ADA, apiError, CHOIR_ID, GRACE, json, MEMBERS, SOPRANO, TENOR } from './testing';
import { queryWrapper } from '../../test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** renderInClient renders a hook in a query client that knows who is signed in and the directory. */
function renderInClient<T>(hook: () => T) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(sessionQueryKey, { user: ada, choirs: [] });
  client.setQueryData(memberKeys.members(CHOIR_ID), MEMBERS);
  const invalidated = vi.spyOn(client, 'invalidateQueries');
  const wrapper = queryWrapper(client);
  const view = renderHook(hook, { wrapper });
  const keys = () => invalidated.mock.calls.map(([filters]) => filters?.queryKey);
  return { ...view, client, keys };
}

describe('members mutations', () => {
  it("re-reads the directory, the choir and one's own session after a change to one's own membership", async () => {
    const saved = { ...ADA, role: 'member' as const };
    stubFetch({ [`PATCH /choirs/${CHOIR_ID}/members/${ADA.userId}`]: () => json(saved) });
    const { result, client, keys } = renderInClient(() => useUpdateMember(CHOIR_ID));
    await act(() => result.current.submit({ userId: ADA.userId, body: { role: 'member' } }));
    expect(client.getQueryData(memberKeys.members(CHOIR_ID))).toContainEqual(saved);
    await waitFor(() =>
      expect(keys()).toEqual(
        expect.arrayContaining([memberKeys.members(CHOIR_ID), choirQueryKey(CHOIR_ID), sessionQueryKey]),
      ),
    );
  });

  it("leaves the session alone after a change to someone else's membership, even a refused one", async () => {
    stubFetch({
      [`DELETE /choirs/${CHOIR_ID}/members/${GRACE.userId}`]: () => apiError(409, 'CONFLICT', 'Not now'),
    });
    const { result, keys } = renderInClient(() => useRemoveMember(CHOIR_ID));
    await act(() => result.current.submit({ userId: GRACE.userId }).catch(() => undefined));
    await waitFor(() => expect(keys()).toEqual([memberKeys.members(CHOIR_ID), choirQueryKey(CHOIR_ID)]));
  });

  it("re-reads the directory after an administrator sets a member's voice parts", async () => {
    const saved = { ...GRACE, musicalRoles: [TENOR] };
    stubFetch({ [`PUT /choirs/${CHOIR_ID}/members/${GRACE.userId}/musical-roles`]: () => json(saved) });
    const { result, client, keys } = renderInClient(() => useSetMemberVoiceParts(CHOIR_ID));
    await act(() => result.current.submit({ userId: GRACE.userId, musicalRoleIds: [TENOR.id] }));
    expect(client.getQueryData(memberKeys.members(CHOIR_ID))).toContainEqual(saved);
    await waitFor(() => expect(keys()).toEqual([memberKeys.members(CHOIR_ID), choirQueryKey(CHOIR_ID)]));
  });

  it("only stores the server's answer when a singer sets their own voice parts", async () => {
    const saved = { ...ADA, musicalRoles: [SOPRANO, TENOR] };
    stubFetch({ [`PUT /choirs/${CHOIR_ID}/members/${ADA.userId}/musical-roles`]: () => json(saved) });
    const { result, client, keys } = renderInClient(() => useSetMyVoiceParts(CHOIR_ID));
    await act(() => result.current.submit({ userId: ADA.userId, musicalRoleIds: [SOPRANO.id, TENOR.id] }));
    expect(client.getQueryData(memberKeys.members(CHOIR_ID))).toContainEqual(saved);
    expect(keys()).toEqual([]);
  });

  it('re-reads the voice parts and the directory after a rename, and after a refused removal', async () => {
    stubFetch({
      [`PATCH /choirs/${CHOIR_ID}/musical-roles/${SOPRANO.id}`]: () => json({ ...SOPRANO, name: 'Sopranos' }),
      [`DELETE /choirs/${CHOIR_ID}/musical-roles/${TENOR.id}`]: () => apiError(500, 'INTERNAL', 'Broken'),
    });
    const rename = renderInClient(() => useRenameMusicalRole(CHOIR_ID));
    await act(() => rename.result.current.submit({ roleId: SOPRANO.id, name: 'Sopranos' }));
    expect(rename.keys()).toEqual([memberKeys.musicalRoles(CHOIR_ID), memberKeys.members(CHOIR_ID)]);

    const removal = renderInClient(() => useDeleteMusicalRole(CHOIR_ID));
    await act(() => removal.result.current.submit(TENOR).catch(() => undefined));
    await waitFor(() => expect(removal.keys()).toEqual([memberKeys.musicalRoles(CHOIR_ID), memberKeys.members(CHOIR_ID)]));
  });
});
