// Which choir the signed-in user works in (accounts §4.2): pure rules on the
// session's answer and this tab's stored choice, with no React and no query
// library, so that the entry's early reads (earlyReads.ts) can use them
// before the app's code has loaded. choir.tsx re-exports them.
import type { Session, SessionUser } from '../api/client';
import type { components } from '../api/generated/schema';
import { hasPermission, type Can, type Role } from './permissions';

export type Membership = components['schemas']['Membership'];
export type ChoirSummary = components['schemas']['ChoirSummary'];

/** Session-storage key of the choir chosen for this browser session (accounts §3). */
export const ACTIVE_CHOIR_KEY = 'activeChoirId';
/** The stored value of Global Admin Mode: a global admin working in no choir. */
export const GLOBAL_ADMIN_MODE = 'none';

/** isActiveMembership: the membership counts (is_active, status 'active'). */
export function isActiveMembership(m: Membership): boolean {
  return m.isActive && m.status === 'active';
}

/** Where the current choir came from. */
export type ChoirSource = 'stored' | 'last-accessed' | 'first-active' | 'none';

export interface ActiveChoir {
  /** The current choir's id, or null when there is none (or Global Admin Mode). */
  choirId: string | null;
  /** The current choir from the user's memberships; null when none, or when a global admin works in a choir they do not belong to. */
  choir: ChoirSummary | null;
  role: Role;
  source: ChoirSource;
}

export interface ResolveInput {
  user: Pick<SessionUser, 'isGlobalAdmin' | 'lastAccessedChoirId'> | null;
  /** All of the user's memberships, newest first, active or not. */
  memberships: readonly Membership[];
  /** The session's stored active choir id (sessionStorage activeChoirId). */
  storedChoirId: string | null;
}

const NO_CHOIR = { choirId: null, choir: null } as const;

/**
 * resolveActiveChoir applies the selection rules of accounts §4.2.
 *
 * A global admin acts as global_admin, in the stored choir when it is one of
 * their choirs, else in the last-accessed one; a stored 'none' or no
 * last-accessed choir is Global Admin Mode (no choir).
 *
 * Everyone else gets the stored or else the last-accessed choir, each only if
 * that membership is active; otherwise the first active membership; with no
 * active membership the role falls back to member with no choir.
 */
export function resolveActiveChoir({ user, memberships, storedChoirId }: ResolveInput): ActiveChoir {
  const active = memberships.filter(isActiveMembership);
  const activeById = (id: string | null | undefined) => (id ? active.find((m) => m.choir.id === id) : undefined);
  const stored = storedChoirId === GLOBAL_ADMIN_MODE ? null : storedChoirId;

  if (!user) return { ...NO_CHOIR, role: 'member', source: 'none' };
  if (user.isGlobalAdmin) {
    if (storedChoirId === GLOBAL_ADMIN_MODE) return { ...NO_CHOIR, role: 'global_admin', source: 'none' };
    const storedMembership = activeById(stored);
    if (storedMembership) {
      return { choirId: storedMembership.choir.id, choir: storedMembership.choir, role: 'global_admin', source: 'stored' };
    }
    const last = user.lastAccessedChoirId;
    if (last) {
      // A global admin may work in any choir; the summary comes from a membership when there is one.
      const known = memberships.find((m) => m.choir.id === last);
      return { choirId: last, choir: known?.choir ?? null, role: 'global_admin', source: 'last-accessed' };
    }
    return { ...NO_CHOIR, role: 'global_admin', source: 'none' };
  }

  const storedMembership = activeById(stored);
  if (storedMembership) {
    return { choirId: storedMembership.choir.id, choir: storedMembership.choir, role: storedMembership.role, source: 'stored' };
  }
  const lastMembership = activeById(user.lastAccessedChoirId);
  if (lastMembership) {
    return { choirId: lastMembership.choir.id, choir: lastMembership.choir, role: lastMembership.role, source: 'last-accessed' };
  }
  const first = active[0];
  if (first) return { choirId: first.choir.id, choir: first.choir, role: first.role, source: 'first-active' };
  return { ...NO_CHOIR, role: 'member', source: 'none' };
}

/**
 * needsChoirSelection is step 4 of the guards (accounts §4.10): no choir has
 * been chosen, and the stored active choir id is missing or not among the
 * user's choirs. Falling back to the first of several choirs is not a choice
 * (the user picks on /select-choir); with a single choir it is the only one.
 */
export function needsChoirSelection(
  active: ActiveChoir,
  choirs: readonly Membership[],
  storedChoirId: string | null,
): boolean {
  const chosen = active.choirId !== null && !(active.source === 'first-active' && choirs.length > 1);
  if (chosen) return false;
  const storedValid = storedChoirId !== null && choirs.some((m) => m.choir.id === storedChoirId);
  return !storedValid;
}

/** readStoredChoirId reads the session's active choir id ('none' in Global Admin Mode). */
export function readStoredChoirId(): string | null {
  try {
    return sessionStorage.getItem(ACTIVE_CHOIR_KEY);
  } catch {
    return null;
  }
}

/**
 * firstPageChoir is the choir a page opened from the address works in, with
 * what the user may do there, from the session's answer and this tab's stored
 * choice; null when nobody is signed in, there is no choir, or one must first
 * be chosen (the guards then take the user elsewhere). The first page's
 * warm-up (firstPage.ts) and the early reads (earlyReads.ts) ask for its data.
 */
export function firstPageChoir(session: Session): { choirId: string; can: Can } | null {
  const { user, choirs, rolePermissions } = session;
  if (!user) return null;
  const memberships = choirs ?? [];
  const storedChoirId = readStoredChoirId();
  const active = resolveActiveChoir({ user, memberships, storedChoirId });
  if (!active.choirId || needsChoirSelection(active, memberships.filter(isActiveMembership), storedChoirId)) return null;
  return { choirId: active.choirId, can: (permission) => hasPermission(rolePermissions ?? null, active.role, permission) };
}
