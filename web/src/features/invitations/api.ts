// The public invitation calls: read an invitation by its token, and accept it.
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';

export type InvitationPreview = components['schemas']['InvitationPreview'];
export type InvitationAccepted = components['schemas']['InvitationAccepted'];

export async function fetchInvitation(token: string): Promise<InvitationPreview> {
  return unwrap(await api.GET('/invitations/{token}', { params: { path: { token } } }));
}

/** acceptInvitation joins the signed-in user to the invitation's choir (and makes it their last-accessed choir). */
export async function acceptInvitation(token: string): Promise<InvitationAccepted> {
  return unwrap(await api.POST('/invitations/{token}/accept', { params: { path: { token } } }));
}

// UUID v4: version nibble 4, variant 8, 9, a or b.
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** isInviteToken says whether a token has the invitation token format (accounts §3, §5). */
export function isInviteToken(token: string): boolean {
  return UUID_V4.test(token);
}
