// Session-storage keys of the invitation flows (accounts §3). The guards
// (app/guards.tsx) read the same keys, so the names come from there.
import { JUST_REGISTERED_KEY, PENDING_INVITE_KEY } from '../../app/guards';
import { readSession, removeSession, writeSession } from '../../app/storage';

/** The choir an invitation just joined the user to (accounts §4.6 'remember the invited choir id'). */
export const INVITE_PROCESSED_KEY = 'inviteProcessedChoirId';

export function readPendingInvite(): string | null {
  return readSession(PENDING_INVITE_KEY);
}

/** rememberPendingInvite keeps an invitation to accept once the visitor has signed in. */
export function rememberPendingInvite(token: string): void {
  writeSession(PENDING_INVITE_KEY, token);
}

export function forgetPendingInvite(): void {
  removeSession(PENDING_INVITE_KEY);
}

/**
 * markRegisteredWithInvite flags a sign-up that carried an invitation: until
 * the membership shows up, the guards show 'Setting up your account...'
 * instead of sending the new user to create a choir.
 */
export function markRegisteredWithInvite(): void {
  writeSession(JUST_REGISTERED_KEY, 'true');
}

export function rememberInvitedChoir(choirId: string): void {
  writeSession(INVITE_PROCESSED_KEY, choirId);
}
