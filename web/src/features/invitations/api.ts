// The public invitation calls: read an invitation by its token, and accept it.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';
import { storeActiveChoirId } from '../../app/choir';
import { useSubmission } from '../../app/mutations';
import { notify } from '../../app/notify';
import { sessionQuery, sessionQueryKey } from '../../app/session';
import { forgetPendingInvite, rememberInvitedChoir } from './storage';

export type InvitationPreview = components['schemas']['InvitationPreview'];
export type InvitationAccepted = components['schemas']['InvitationAccepted'];

export async function fetchInvitation(token: string): Promise<InvitationPreview> {
  return unwrap(await api.GET('/invitations/{token}', { params: { path: { token } } }));
}

/**
 * recordJoin keeps what an accepted invitation changed: the joined choir
 * becomes this session's choir, the pending token goes, and the session is
 * read again so the guards see the new membership.
 */
async function recordJoin(queryClient: QueryClient, joined: InvitationAccepted): Promise<void> {
  storeActiveChoirId(joined.choirId);
  rememberInvitedChoir(joined.choirId);
  forgetPendingInvite();
  try {
    await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
  } catch {
    // The membership exists all the same; the next page reads the session again.
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }
}

/** The one toast of a registration through an invitation that joined the choir. */
export function welcomeMessage(choirName: string): string {
  return `Welcome to ${choirName}!`;
}

/**
 * useWelcomeToChoir ends a registration through an invitation's link that
 * the server signed in and joined to the choir: the one toast 'Welcome to
 * {choir}!' (shown first, so that it goes along to the dashboard), then
 * the join is recorded as any acceptance is.
 */
export function useWelcomeToChoir(): (joined: InvitationAccepted) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (joined: InvitationAccepted) => {
      notify.success(welcomeMessage(joined.choirName));
      await recordJoin(queryClient, joined);
    },
    [queryClient],
  );
}

/**
 * useAcceptInvitation joins the signed-in user to an invitation's choir (and
 * makes it their last-accessed choir), then records the join (recordJoin).
 * It shows nothing itself: the invitation page and the end of a sign-in each
 * say what happened in their own way.
 */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async (token: string): Promise<InvitationAccepted> =>
      unwrap(await api.POST('/invitations/{token}/accept', { params: { path: { token } } })),
    onSuccess: (joined) => recordJoin(queryClient, joined),
  });
}

// UUID v4: version nibble 4, variant 8, 9, a or b.
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** isInviteToken says whether a token has the invitation token format (accounts §3, §5). */
export function isInviteToken(token: string): boolean {
  return UUID_V4.test(token);
}
