import { queryOptions, useIsMutating, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { api, unwrap, type SessionUser } from '../api/client';
import type { components } from '../api/generated/schema';
import { handleError, normaliseError } from './errors';
import { useSubmission } from './mutations';
import { hasPermission, type Can, type Role, type RolePermissions } from './permissions';
import { sessionQuery, sessionQueryKey } from './session';
import {
  ACTIVE_CHOIR_KEY,
  GLOBAL_ADMIN_MODE,
  isActiveMembership,
  needsChoirSelection,
  readStoredChoirId,
  resolveActiveChoir,
  type ActiveChoir,
  type ChoirSummary,
  type Membership,
} from './activeChoir';

// The pure rules of which choir is current, for those that import them from here.
export * from './activeChoir';

export type ChoirDetails = components['schemas']['ChoirDetails'];

/** Pause after a choir switch (accounts §9). */
export const SWITCH_PAUSE_MS = 100;

/** choirQueryKey is the cache key of GET /choirs/{choirId} (the same as the choir pages' choirKeys.choir). */
export const choirQueryKey = (choirId: string) => ['choirs', choirId] as const;

// The stored choir id is per browser tab, like sessionStorage itself, so
// every component reading it agrees without a provider.
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

// A reload or a closed tab cuts a switch's request short, and the request
// then fails: the choice made just before must stay this tab's rather than
// be undone as if the server had refused it.
let leavingPage = false;
if (typeof window !== 'undefined') {
  const leave = () => {
    leavingPage = true;
  };
  window.addEventListener('beforeunload', leave);
  window.addEventListener('pagehide', leave);
  window.addEventListener('pageshow', () => {
    leavingPage = false;
  });
}

/** storeActiveChoirId remembers (or with null forgets) the session's active choir. */
export function storeActiveChoirId(choirId: string | null) {
  try {
    if (choirId === null) sessionStorage.removeItem(ACTIVE_CHOIR_KEY);
    else sessionStorage.setItem(ACTIVE_CHOIR_KEY, choirId);
  } catch {
    // Storage unavailable: the server's last-accessed choir still holds the choice.
  }
  emit();
}

/**
 * The key of the choir switch's mutation: one switch runs at a time in the
 * tab, and every component sees it running, whichever one started it.
 */
const switchChoirKey = ['account', 'active-choir'] as const;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function fetchChoir(choirId: string): Promise<ChoirDetails> {
  return unwrap(await api.GET('/choirs/{choirId}', { params: { path: { choirId } } }));
}

export interface ChoirState {
  /** The signed-in user, or null. */
  user: SessionUser | null;
  /** The user's active memberships, newest first. */
  choirs: Membership[];
  /** The choir the user works in, or null (none, or Global Admin Mode). */
  currentChoir: ChoirSummary | null;
  /** The membership of the current choir, when the user has one. */
  currentMembership: Membership | null;
  role: Role;
  /** The role → permission table the server sent with the session; null while signed out or loading. */
  rolePermissions: RolePermissions | null;
  /** can says whether the role holds a permission, by the server's table; nothing while it is unknown. */
  can: Can;
  isGlobalAdmin: boolean;
  /** The session's stored active choir id, as stored. */
  storedChoirId: string | null;
  /** Step 4 of the guards: the user must pick a choir on /select-choir. */
  needsSelection: boolean;
  switching: boolean;
  /** Switches to a choir, or with null to Global Admin Mode; resolves true on success. */
  switchChoir: (choirId: string | null) => Promise<boolean>;
  loading: boolean;
}

/**
 * useChoir gives the choir context of accounts §4.2: the user's choirs, the
 * current one, the role in it, and the switch between them.
 */
export function useChoir(): ChoirState {
  const queryClient = useQueryClient();
  const session = useQuery(sessionQuery);
  const storedChoirId = useSyncExternalStore(subscribe, readStoredChoirId, () => null);

  const user = session.data?.user ?? null;
  // Older servers and tests may answer without choirs.
  const memberships = useMemo(() => (user ? (session.data?.choirs ?? []) : []), [user, session.data?.choirs]);
  const choirs = useMemo(() => memberships.filter(isActiveMembership), [memberships]);
  const active = useMemo(
    () => resolveActiveChoir({ user, memberships, storedChoirId }),
    [user, memberships, storedChoirId],
  );
  // The server's table, so the app hides exactly what the server would refuse.
  const rolePermissions = user ? (session.data?.rolePermissions ?? null) : null;
  const role = active.role;
  const can = useCallback<Can>(
    (permission) => hasPermission(rolePermissions, role, permission),
    [rolePermissions, role],
  );

  // A global admin may work in a choir they are not a member of: fetch its name.
  const unknownChoirId = active.choirId !== null && active.choir === null ? active.choirId : null;
  const details = useQuery({
    queryKey: choirQueryKey(unknownChoirId ?? ''),
    queryFn: () => fetchChoir(unknownChoirId!),
    enabled: unknownChoirId !== null,
  });
  // A choir that cannot be read (gone, or no longer open to the user) is no choir.
  const effective: ActiveChoir =
    unknownChoirId !== null && details.isError ? { ...active, choirId: null, source: 'none' } : active;
  const currentChoir: ChoirSummary | null =
    active.choir ??
    (unknownChoirId && details.data
      ? {
          id: details.data.id,
          name: details.data.name,
          city: details.data.city,
          country: details.data.country,
          countryCode: details.data.countryCode,
        }
      : null);

  const { submit } = useSubmission({
    mutationKey: switchChoirKey,
    // The choice shows at once; the previous one comes back if the server refuses.
    mutationFn: async (choirId: string | null) => {
      const previous = readStoredChoirId();
      storeActiveChoirId(choirId ?? GLOBAL_ADMIN_MODE);
      try {
        unwrap(await api.PUT('/account/active-choir', { body: { choirId } }));
      } catch (err) {
        if (!leavingPage) storeActiveChoirId(previous);
        throw err;
      }
      return true;
    },
    onSuccess: async () => {
      await queryClient.refetchQueries({ queryKey: sessionQueryKey });
      await sleep(SWITCH_PAUSE_MS);
    },
    onError: (err) => {
      handleError(err, `Failed to switch choir: ${normaliseError(err).message}`);
    },
  });
  const switching = useIsMutating({ mutationKey: switchChoirKey }) > 0;

  const switchChoir = useCallback(
    async (choirId: string | null): Promise<boolean> => {
      // Another component's switch counts too: submit only knows its own.
      if (queryClient.isMutating({ mutationKey: switchChoirKey }) > 0) return false;
      try {
        return (await submit(choirId)) ?? false;
      } catch {
        // Reported by onError.
        return false;
      }
    },
    [queryClient, submit],
  );

  return {
    user,
    choirs,
    currentChoir,
    currentMembership: currentChoir ? (choirs.find((m) => m.choir.id === currentChoir.id) ?? null) : null,
    role,
    rolePermissions,
    can,
    isGlobalAdmin: user?.isGlobalAdmin ?? false,
    storedChoirId,
    needsSelection: user ? needsChoirSelection(effective, choirs, storedChoirId) : false,
    switching,
    switchChoir,
    loading: session.isPending || (unknownChoirId !== null && details.isPending),
  };
}

/** useChoirDetails reads one choir (GET /choirs/{choirId}): details, the caller's role and the member count. */
export function useChoirDetails(choirId: string | null | undefined) {
  return useQuery({ ...choirDetailsQuery(choirId ?? ''), enabled: !!choirId });
}

/** choirDetailsQuery reads a choir's details (GET /choirs/{choirId}). */
export function choirDetailsQuery(choirId: string) {
  return queryOptions({ queryKey: choirQueryKey(choirId), queryFn: () => fetchChoir(choirId) });
}
