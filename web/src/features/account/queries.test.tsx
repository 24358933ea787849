import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryKey } from '../../app/session';
import { apiError, json, noContent, stubFetch } from '../../test/api';
import {
  accountKeys,
  useActivateTotp,
  useDisableTotp,
  useDisconnectIdentity,
  useEndSession,
  useRegenerateRecoveryCodes,
  useUpdateProfile,
  type ConnectedAccounts,
  type Identity,
  type Profile,
  type SessionInfo,
} from './queries';
import { queryWrapper } from '../../test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** renderWithClient renders a hook in a fresh query client and records the keys it invalidates. */
function renderWithClient<T>(hook: () => T) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidated: QueryKey[] = [];
  vi.spyOn(client, 'invalidateQueries').mockImplementation(async (filters) => {
    if (filters?.queryKey) invalidated.push(filters.queryKey);
  });
  const wrapper = queryWrapper(client);
  const { result } = renderHook(hook, { wrapper });
  return { client, invalidated, result };
}

const session = (id: string) => ({ id, userAgent: 'Firefox' }) as SessionInfo;
const identity = (id: string) => ({ id, provider: 'google' }) as Identity;

describe('the account mutations keep the cache in step with the server', () => {
  it('useUpdateProfile stores the saved profile and reads the session again', async () => {
    const saved = { id: 'u1', firstName: 'Ada' } as Profile;
    stubFetch({ 'PATCH /account/profile': () => json(saved) });
    const { client, invalidated, result } = renderWithClient(() => useUpdateProfile());
    await act(() => result.current.submit({ firstName: 'Ada' }));
    expect(client.getQueryData(accountKeys.profile)).toEqual(saved);
    expect(invalidated).toEqual([sessionQueryKey]);
  });

  it('useEndSession drops the ended session and reads the list again', async () => {
    stubFetch({ 'DELETE /account/sessions/:id': () => noContent() });
    const { client, invalidated, result } = renderWithClient(() => useEndSession());
    client.setQueryData(accountKeys.sessions, [session('a'), session('b')]);
    await act(() => result.current.submit(session('b')));
    expect(client.getQueryData(accountKeys.sessions)).toEqual([session('a')]);
    expect(invalidated).toEqual([accountKeys.sessions]);
  });

  it('useEndSession reads the list again when the server refuses', async () => {
    stubFetch({ 'DELETE /account/sessions/:id': () => apiError(404, 'NOT_FOUND', 'Session not found') });
    const { client, invalidated, result } = renderWithClient(() => useEndSession());
    client.setQueryData(accountKeys.sessions, [session('a'), session('b')]);
    await act(() => expect(result.current.submit(session('b'))).rejects.toThrow());
    expect(client.getQueryData(accountKeys.sessions)).toEqual([session('a'), session('b')]);
    expect(invalidated).toEqual([accountKeys.sessions]);
  });

  it('useDisconnectIdentity drops the account, then reads the session and the list again', async () => {
    stubFetch({ 'DELETE /account/identities/:id': () => noContent() });
    const { client, invalidated, result } = renderWithClient(() => useDisconnectIdentity());
    client.setQueryData<ConnectedAccounts>(accountKeys.identities, {
      hasPassword: true,
      identities: [identity('g'), identity('m')],
    } as ConnectedAccounts);
    await act(() => result.current.submit(identity('g')));
    expect(client.getQueryData<ConnectedAccounts>(accountKeys.identities)?.identities).toEqual([identity('m')]);
    expect(invalidated).toEqual([sessionQueryKey, accountKeys.identities]);
  });

  it('turning two-factor authentication on or off reads the status, the profile and the session again', async () => {
    stubFetch({
      'POST /account/mfa/totp/activate': () => json({ recoveryCodes: ['one'] }),
      'POST /account/mfa/totp/disable': () => noContent(),
    });
    const on = renderWithClient(() => useActivateTotp());
    await act(() => on.result.current.submit('123456'));
    expect(on.invalidated).toEqual([accountKeys.mfa, accountKeys.profile, sessionQueryKey]);
    const off = renderWithClient(() => useDisableTotp());
    await act(() => off.result.current.submit('123456'));
    expect(off.invalidated).toEqual([accountKeys.mfa, accountKeys.profile, sessionQueryKey]);
  });

  it('new recovery codes read only the two-factor status again', async () => {
    stubFetch({ 'POST /account/mfa/recovery-codes': () => json({ recoveryCodes: ['one'] }) });
    const { invalidated, result } = renderWithClient(() => useRegenerateRecoveryCodes());
    await act(() => result.current.submit('123456'));
    expect(invalidated).toEqual([accountKeys.mfa]);
  });
});
