import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { notify } from '../../app/notify';
import { sessionQuery } from '../../app/session';
import { useAcceptPendingInvite } from '../invitations';

/** Storage keys of accounts §3. */
export const REMEMBER_ME_KEY = 'rememberMe';
/**
 * Session-storage key of the page a social sign-in should end on: the
 * guard's location.state.from does not survive the trip to the provider.
 */
export const SOCIAL_RETURN_KEY = 'socialSignInReturnTo';

export const WELCOME_BACK = 'Welcome back!';
export const DEFAULT_DESTINATION = '/dashboard';

// Pages a signed-in user must not be sent back to.
const SIGNED_OUT_PAGES = ['/login', '/register', '/forgot-password', '/reset-password', '/auth/callback'];

/**
 * safeReturnPath accepts only a path of this app: one leading '/', never
 * '//host' (nor '/\host', which browsers read the same way), and not a
 * signed-out page. Anything else is null.
 */
export function safeReturnPath(path: unknown): string | null {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null;
  const pathname = path.split(/[?#]/, 1)[0];
  if (SIGNED_OUT_PAGES.includes(pathname)) return null;
  return path;
}

/** fromPath is the page the access guard remembered in location.state.from (path, query and hash), or null. */
function fromPath(state: unknown): string | null {
  const from = (state as { from?: { pathname?: unknown; search?: unknown; hash?: unknown } } | null)?.from;
  if (typeof from?.pathname !== 'string') return null;
  const search = typeof from.search === 'string' ? from.search : '';
  const hash = typeof from.hash === 'string' ? from.hash : '';
  return safeReturnPath(`${from.pathname}${search}${hash}`);
}

/**
 * returnPath is where a sign-in ends: the page the access guard remembered in
 * location.state.from (path and query), else /dashboard.
 */
export function returnPath(state: unknown): string {
  return fromPath(state) ?? DEFAULT_DESTINATION;
}

/**
 * rememberSocialReturn keeps the guard's requested page (from location.state)
 * across the round trip to a social provider, in session storage; without
 * one it forgets any older page.
 */
export function rememberSocialReturn(state: unknown): void {
  const path = fromPath(state);
  try {
    if (path) sessionStorage.setItem(SOCIAL_RETURN_KEY, path);
    else sessionStorage.removeItem(SOCIAL_RETURN_KEY);
  } catch {
    // Storage unavailable: the sign-in ends on the default page.
  }
}

/** takeSocialReturn reads and forgets the page rememberSocialReturn kept, if it is still a safe one. */
export function takeSocialReturn(): string | null {
  try {
    const path = sessionStorage.getItem(SOCIAL_RETURN_KEY);
    sessionStorage.removeItem(SOCIAL_RETURN_KEY);
    return safeReturnPath(path);
  } catch {
    return null;
  }
}

/** rememberSignIn keeps the remember-me flag of accounts §3 (value 'true'); undefined leaves it as it is. */
export function rememberSignIn(rememberMe: boolean | undefined): void {
  if (rememberMe === undefined) return;
  try {
    if (rememberMe) localStorage.setItem(REMEMBER_ME_KEY, 'true');
    else localStorage.removeItem(REMEMBER_ME_KEY);
  } catch {
    // Storage blocked: the server's cookie still carries the choice.
  }
}

/**
 * useCompleteSignIn finishes a sign-in (accounts §4.3): the session is read
 * again (with the user's choirs, which the guards need), the remember-me flag
 * is stored, 'Welcome back!' shows and the user goes (history replaced) to
 * the remembered page or /dashboard. The remembered page is the guard's
 * location.state.from, or for a social sign-in that came back here for its
 * second factor, the page kept before leaving for the provider.
 * rememberMe undefined (a sign-in that began elsewhere) leaves the flag
 * alone. An invitation stored before the sign-in is accepted on the way;
 * once joined, the user goes to /dashboard.
 */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const acceptPendingInvite = useAcceptPendingInvite();
  return useCallback(
    async (rememberMe?: boolean) => {
      rememberSignIn(rememberMe);
      await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
      notify.success(WELCOME_BACK);
      const joined = await acceptPendingInvite();
      const kept = takeSocialReturn();
      void navigate(joined ? DEFAULT_DESTINATION : (fromPath(location.state) ?? kept ?? DEFAULT_DESTINATION), {
        replace: true,
      });
    },
    [queryClient, navigate, location.state, acceptPendingInvite],
  );
}
