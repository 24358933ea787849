// Accepting the invitation stored before a sign-in: shared by the two ways a
// sign-in ends (password/two-factor, and the social sign-in callback).
import { useCallback } from 'react';
import { HttpError } from '../../api/client';
import { handleError } from '../../app/errors';
import { notify } from '../../app/notify';
import { useAcceptInvitation } from './api';
import { forgetPendingInvite, readPendingInvite } from './storage';

export const JOINED_CHOIR_MESSAGE = 'Successfully joined choir!';
export const PENDING_INVITE_FAILED = 'Failed to process invitation. Please try again or contact support.';
/** Pause after an invite acceptance before moving on (accounts §9). */
export const INVITE_ACCEPT_PAUSE_MS = 100;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * isUnusableInvitation: the server says this invitation can never be
 * accepted (malformed 400, unknown 404, expired or used 409). A mismatch
 * (403) or a failure to reach the server may pass later, so those keep it.
 */
export function isUnusableInvitation(err: unknown): boolean {
  return err instanceof HttpError && [400, 404, 409].includes(err.status);
}

/**
 * useAcceptPendingInvite gives the function that accepts the invitation
 * stored before sign-in, if any (accounts §2.10, §4.7). It resolves true
 * when the user joined (or already belonged to) the choir — the caller then
 * goes to /dashboard — and false when there was nothing to accept or it
 * failed, after the error toast; the caller then carries on to its usual
 * destination.
 */
export function useAcceptPendingInvite(): () => Promise<boolean> {
  const { submit } = useAcceptInvitation();
  return useCallback(async () => {
    const token = readPendingInvite();
    if (!token) return false;
    try {
      if (!(await submit(token))) return false;
      notify.success(JOINED_CHOIR_MESSAGE);
      await sleep(INVITE_ACCEPT_PAUSE_MS);
      return true;
    } catch (err) {
      // Kept otherwise, so the guards can lead back to /accept-invite, which explains.
      if (isUnusableInvitation(err)) forgetPendingInvite();
      handleError(err, PENDING_INVITE_FAILED);
      return false;
    }
  }, [submit]);
}
