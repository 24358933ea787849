import { Button, type ButtonProps } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, HttpError, unwrap } from '../api/client';
import { forgetHeldAnswers, forgetQueuedAnswers } from '../features/calendar';
import { clearOnboardingState } from '../features/onboarding';
import { storeActiveChoirId } from './choir';
import { handleError } from './errors';
import { useSubmission } from './mutations';
import { clearOfflineData } from './pwa/clear';
import { forgetUnsentPractice } from './pwa/practiceOutbox';
import { sessionQueryKey } from './session';

/**
 * clearSignedInState forgets everything the signed-out visitor must not keep
 * (accounts §4.2 'Logout'): cached data (and the calendar answers held for
 * revalidation), the session's choir and invite, the remember-me flag, and
 * the onboarding wizard's keys (completion, plan, checkout), which would
 * otherwise carry over to the next user of the tab; and what was kept on the
 * device for offline use (the service worker deletes it too as the sign-out
 * goes by, before the page hears of it).
 * The session is then known to be empty, so the next page need not ask the
 * server.
 */
export function clearSignedInState(queryClient: QueryClient) {
  queryClient.clear();
  forgetHeldAnswers();
  forgetQueuedAnswers();
  forgetUnsentPractice();
  void clearOfflineData();
  queryClient.setQueryData(sessionQueryKey, { user: null, choirs: [] });
  storeActiveChoirId(null);
  clearOnboardingState();
  try {
    sessionStorage.removeItem('pendingInviteToken');
    localStorage.removeItem('rememberMe');
  } catch {
    // Storage unavailable: nothing was kept there.
  }
}

/** The sign-out failure message (accounts §8 'Sign-in and session' defaults). */
export const LOGOUT_FAILED = 'Logout failed';

/**
 * useSignOut ends the session, forgets the signed-in state and goes home (or
 * to the destination given, such as a page that also serves signed-out
 * visitors). signingOut holds while the request is out (and after it
 * succeeded); a failure is reported ('Logout failed', the cause to the
 * console) and the user may try again.
 */
export function useSignOut(destination = '/') {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useSubmission({
    mutationFn: async () => {
      // While still signed in: the next person on this browser must not get this one's push notices.
      if ('PushManager' in window) await import('../features/account').then((m) => m.forgetPushHere()).catch(() => undefined);
      try {
        unwrap(await api.POST('/auth/logout'));
      } catch (err) {
        // A 401 means the server already forgot the session: signed out all the same.
        if (!(err instanceof HttpError && err.status === 401)) throw err;
      }
    },
    onSuccess: () => {
      clearSignedInState(queryClient);
      navigate(destination, { replace: true });
    },
    onError: (err) => {
      handleError(err, LOGOUT_FAILED);
    },
  });
  const { submit } = logout;

  async function signOut() {
    try {
      await submit();
    } catch {
      // Reported by onError; the button is back for another try.
    }
  }

  return { signOut, signingOut: logout.submitting || logout.isSuccess };
}

/** SignOutButton signs the user out (see useSignOut); layout props pass to the button. */
export function SignOutButton(props: Omit<ButtonProps, 'leftSection' | 'disabled' | 'children'>) {
  const { signOut, signingOut } = useSignOut();
  return (
    <Button
      variant="default"
      {...props}
      leftSection={<IconLogout size={16} aria-hidden />}
      onClick={signOut}
      disabled={signingOut}
    >
      {signingOut ? 'Signing out...' : 'Sign Out'}
    </Button>
  );
}
