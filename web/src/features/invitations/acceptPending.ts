// Accepting an invitation and recording the choir it joined: shared by the
// invitation page and the two ways a sign-in ends (password/two-factor, and
// the social sign-in callback).
import type { QueryClient } from '@tanstack/react-query';
import { HttpError } from '../../api/client';
import { storeActiveChoirId } from '../../app/choir';
import { handleError } from '../../app/errors';
import { notify } from '../../app/notify';
import { fetchSession, sessionQueryKey } from '../../app/session';
import { acceptInvitation, type InvitationAccepted } from './api';
import { forgetPendingInvite, readPendingInvite, rememberInvitedChoir } from './storage';

export const JOINED_CHOIR_MESSAGE = 'Successfully joined choir!';
export const PENDING_INVITE_FAILED = 'Failed to process invitation. Please try again or contact support.';
/** Pause after an invite acceptance before moving on (accounts §9). */
export const INVITE_ACCEPT_PAUSE_MS = 100;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * recordJoin keeps what an accepted invitation changed: the joined choir
 * becomes this session's choir, the pending token goes, and the session is
 * read again so the guards see the new membership.
 */
export async function recordJoin(queryClient: QueryClient, joined: InvitationAccepted): Promise<void> {
  storeActiveChoirId(joined.choirId);
  rememberInvitedChoir(joined.choirId);
  forgetPendingInvite();
  try {
    await queryClient.fetchQuery({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: 0 });
  } catch {
    // The membership exists all the same; the next page reads the session again.
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }
}

/**
 * isUnusableInvitation: the server says this invitation can never be
 * accepted (malformed 400, unknown 404, expired or used 409). A mismatch
 * (403) or a failure to reach the server may pass later, so those keep it.
 */
export function isUnusableInvitation(err: unknown): boolean {
  return err instanceof HttpError && [400, 404, 409].includes(err.status);
}

/**
 * acceptPendingInvite accepts the invitation stored before sign-in, if any
 * (accounts §2.10, §4.7). It resolves true when the user joined (or already
 * belonged to) the choir — the caller then goes to /dashboard — and false
 * when there was nothing to accept or it failed, after the error toast; the
 * caller then carries on to its usual destination.
 */
export async function acceptPendingInvite(queryClient: QueryClient): Promise<boolean> {
  const token = readPendingInvite();
  if (!token) return false;
  try {
    const joined = await acceptInvitation(token);
    await recordJoin(queryClient, joined);
    notify.success(JOINED_CHOIR_MESSAGE);
    await sleep(INVITE_ACCEPT_PAUSE_MS);
    return true;
  } catch (err) {
    // Kept otherwise, so the guards can lead back to /accept-invite, which explains.
    if (isUnusableInvitation(err)) forgetPendingInvite();
    handleError(err, PENDING_INVITE_FAILED);
    return false;
  }
}
