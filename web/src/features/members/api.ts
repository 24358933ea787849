// Calls and cache keys of the members directory, the invitations an
// administrator sends, and the choir's voice parts (musical roles).
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';

export type ChoirMember = components['schemas']['ChoirMember'];
export type MemberUpdate = components['schemas']['MemberUpdate'];
export type MembershipRole = components['schemas']['MembershipRole'];
export type MusicalRole = components['schemas']['MusicalRole'];
export type Invitation = components['schemas']['Invitation'];
export type InvitationCreate = components['schemas']['InvitationCreate'];
export type InvitationImportResult = components['schemas']['InvitationImportResult'];
export type InvitationImportRow = components['schemas']['InvitationImportRow'];

/** The roles a membership can hold, most privileged first. */
export const MEMBERSHIP_ROLES: readonly MembershipRole[] = ['choir_admin', 'member', 'guest'];

/** Cache keys; under the choir's own key, so invalidating a choir refreshes these too. */
export const memberKeys = {
  members: (choirId: string) => ['choirs', choirId, 'members'] as const,
  invitations: (choirId: string) => ['choirs', choirId, 'invitations'] as const,
  musicalRoles: (choirId: string) => ['choirs', choirId, 'musical-roles'] as const,
};

const path = (choirId: string) => ({ params: { path: { choirId } } });
const memberPath = (choirId: string, userId: string) => ({ params: { path: { choirId, userId } } });

export function useMembers(choirId: string | null) {
  return useQuery({
    queryKey: memberKeys.members(choirId ?? ''),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/members', path(choirId ?? ''))),
    enabled: !!choirId,
  });
}

/** useInvitations lists the open invitations; only administrators may ask (enabled). */
export function useInvitations(choirId: string | null, enabled = true) {
  return useQuery({
    queryKey: memberKeys.invitations(choirId ?? ''),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/invitations', path(choirId ?? ''))),
    enabled: !!choirId && enabled,
  });
}

export function useMusicalRoles(choirId: string | null) {
  return useQuery({
    queryKey: memberKeys.musicalRoles(choirId ?? ''),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/musical-roles', path(choirId ?? ''))),
    enabled: !!choirId,
  });
}

/** membersExportUrl is the roster download; a plain link, so the session cookie rides along. */
export function membersExportUrl(choirId: string): string {
  return `/api/v1/choirs/${encodeURIComponent(choirId)}/members/export`;
}

export async function updateMember(choirId: string, userId: string, body: MemberUpdate): Promise<ChoirMember> {
  return unwrap(await api.PATCH('/choirs/{choirId}/members/{userId}', { ...memberPath(choirId, userId), body }));
}

export async function removeMember(choirId: string, userId: string): Promise<void> {
  unwrap(await api.DELETE('/choirs/{choirId}/members/{userId}', memberPath(choirId, userId)));
}

export async function setMemberMusicalRoles(choirId: string, userId: string, musicalRoleIds: string[]): Promise<ChoirMember> {
  return unwrap(
    await api.PUT('/choirs/{choirId}/members/{userId}/musical-roles', {
      ...memberPath(choirId, userId),
      body: { musicalRoleIds },
    }),
  );
}

export async function createInvitation(choirId: string, body: InvitationCreate): Promise<Invitation> {
  return unwrap(await api.POST('/choirs/{choirId}/invitations', { ...path(choirId), body }));
}

export async function importInvitations(choirId: string, csv: string): Promise<InvitationImportResult> {
  return unwrap(await api.POST('/choirs/{choirId}/invitations/import', { ...path(choirId), body: { csv } }));
}

export async function resendInvitation(choirId: string, invitationId: string): Promise<Invitation> {
  return unwrap(
    await api.POST('/choirs/{choirId}/invitations/{invitationId}/resend', {
      params: { path: { choirId, invitationId } },
    }),
  );
}

export async function revokeInvitation(choirId: string, invitationId: string): Promise<void> {
  unwrap(
    await api.DELETE('/choirs/{choirId}/invitations/{invitationId}', { params: { path: { choirId, invitationId } } }),
  );
}

export async function createMusicalRole(choirId: string, name: string): Promise<MusicalRole> {
  return unwrap(await api.POST('/choirs/{choirId}/musical-roles', { ...path(choirId), body: { name } }));
}

export async function renameMusicalRole(choirId: string, roleId: string, name: string): Promise<MusicalRole> {
  return unwrap(
    await api.PATCH('/choirs/{choirId}/musical-roles/{roleId}', { params: { path: { choirId, roleId } }, body: { name } }),
  );
}

export async function deleteMusicalRole(choirId: string, roleId: string): Promise<void> {
  unwrap(await api.DELETE('/choirs/{choirId}/musical-roles/{roleId}', { params: { path: { choirId, roleId } } }));
}

export async function reorderMusicalRoles(choirId: string, ids: string[]): Promise<MusicalRole[]> {
  return unwrap(await api.PUT('/choirs/{choirId}/musical-roles/order', { ...path(choirId), body: { ids } }));
}

/** memberSaved puts the member the server answered with into the cached directory. */
export function memberSaved(queryClient: QueryClient, choirId: string, saved: ChoirMember) {
  queryClient.setQueryData<ChoirMember[]>(memberKeys.members(choirId), (list) =>
    list?.map((m) => (m.userId === saved.userId ? saved : m)),
  );
}
