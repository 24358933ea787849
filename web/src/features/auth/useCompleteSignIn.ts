import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { notify } from '../../app/notify';
import { fetchSession, sessionQueryKey } from '../../app/session';
import { acceptPendingInvite } from '../invitations/acceptPending';

/** Storage keys of accounts §3. */
export const REMEMBER_ME_KEY = 'rememberMe';

export const WELCOME_BACK = 'Welcome back!';
const DEFAULT_DESTINATION = '/dashboard';

// Pages a signed-in user must not be sent back to.
const SIGNED_OUT_PAGES = ['/login', '/register', '/forgot-password', '/reset-password', '/auth/callback'];

/**
 * returnPath is where a sign-in ends: the page the access guard remembered in
 * location.state.from (path and query), else /dashboard.
 */
export function returnPath(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown; hash?: unknown } } | null)?.from;
  const pathname = typeof from?.pathname === 'string' ? from.pathname : '';
  // Only paths inside this app: one leading slash, never '//host'.
  if (!pathname.startsWith('/') || pathname.startsWith('//') || SIGNED_OUT_PAGES.includes(pathname)) {
    return DEFAULT_DESTINATION;
  }
  const search = typeof from?.search === 'string' ? from.search : '';
  const hash = typeof from?.hash === 'string' ? from.hash : '';
  return `${pathname}${search}${hash}`;
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
 * the remembered page or /dashboard. rememberMe undefined (a sign-in that
 * began elsewhere) leaves the flag alone. An invitation stored before the
 * sign-in is accepted on the way; once joined, the user goes to /dashboard.
 */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    async (rememberMe?: boolean) => {
      rememberSignIn(rememberMe);
      await queryClient.fetchQuery({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: 0 });
      notify.success(WELCOME_BACK);
      const joined = await acceptPendingInvite(queryClient);
      void navigate(joined ? DEFAULT_DESTINATION : returnPath(location.state), { replace: true });
    },
    [queryClient, navigate, location.state],
  );
}
