// Calls and cache keys of the members directory, the invitations an
// administrator sends, and the choir's voice parts (musical roles).
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';
import { choirQueryKey } from '../../app/choir';
import { useSubmission } from '../../app/mutations';
import { sessionQueryKey, useSession } from '../../app/session';

export type ChoirMember = components['schemas']['ChoirMember'];
export type MemberUpdate = components['schemas']['MemberUpdate'];
export type MembershipRole = components['schemas']['MembershipRole'];
export type MusicalRole = components['schemas']['MusicalRole'];
export type Invitation = components['schemas']['Invitation'];
export type InvitationCreate = components['schemas']['InvitationCreate'];
export type InvitationImportResult = components['schemas']['InvitationImportResult'];
export type InvitationImportRow = components['schemas']['InvitationImportRow'];
export type InvitationImportPreview = components['schemas']['InvitationImportPreview'];
export type InvitationImportPreviewRow = components['schemas']['InvitationImportPreviewRow'];

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

// The mutations below re-read what they changed without waiting for it: the
// form or button is free again as soon as the server has answered.

/**
 * useMemberChanged re-reads what a change to a membership may have touched,
 * whether it was made or refused, so the directory shows what the server
 * kept: the directory, the choir (its member count) and, for one's own
 * membership, the session (one's role in the shell and the guards).
 */
function useMemberChanged(choirId: string) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return (userId: string) => {
    void queryClient.invalidateQueries({ queryKey: memberKeys.members(choirId) });
    void queryClient.invalidateQueries({ queryKey: choirQueryKey(choirId), exact: true });
    if (userId === user?.id) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  };
}

/** useUpdateMember changes a member's role or whether they are active. */
export function useUpdateMember(choirId: string) {
  const queryClient = useQueryClient();
  const changed = useMemberChanged(choirId);
  return useSubmission({
    mutationFn: async ({ userId, body }: { userId: string; body: MemberUpdate }) =>
      unwrap(await api.PATCH('/choirs/{choirId}/members/{userId}', { ...memberPath(choirId, userId), body })),
    onSuccess: (saved) => memberSaved(queryClient, choirId, saved),
    onSettled: (_saved, _err, { userId }) => changed(userId),
  });
}

/** useRemoveMember takes a member out of the choir. */
export function useRemoveMember(choirId: string) {
  const changed = useMemberChanged(choirId);
  return useSubmission({
    mutationFn: async ({ userId }: { userId: string }) => {
      unwrap(await api.DELETE('/choirs/{choirId}/members/{userId}', memberPath(choirId, userId)));
    },
    onSettled: (_data, _err, { userId }) => changed(userId),
  });
}

const setVoiceParts = async (choirId: string, { userId, musicalRoleIds }: VoicePartsChange) =>
  unwrap(
    await api.PUT('/choirs/{choirId}/members/{userId}/musical-roles', {
      ...memberPath(choirId, userId),
      body: { musicalRoleIds },
    }),
  );

interface VoicePartsChange {
  userId: string;
  musicalRoleIds: string[];
}

/**
 * useSetMemberVoiceParts sets a member's voice parts, an administrator's
 * choice: the member the server answered with goes into the directory,
 * which is read again as after any change to a member.
 */
export function useSetMemberVoiceParts(choirId: string) {
  const queryClient = useQueryClient();
  const changed = useMemberChanged(choirId);
  return useSubmission({
    mutationFn: (change: VoicePartsChange) => setVoiceParts(choirId, change),
    onSuccess: (saved) => memberSaved(queryClient, choirId, saved),
    onSettled: (_saved, _err, { userId }) => changed(userId),
  });
}

/**
 * useSetMyVoiceParts sets a singer's own voice parts. The server's answer is
 * all that changed, so it goes into the directory without reading it again.
 */
export function useSetMyVoiceParts(choirId: string) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: (change: VoicePartsChange) => setVoiceParts(choirId, change),
    onSuccess: (saved) => memberSaved(queryClient, choirId, saved),
  });
}

/** useInvitationsChanged re-reads the open invitations. */
function useInvitationsChanged(choirId: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: memberKeys.invitations(choirId) });
}

/** useCreateInvitation invites one person; the list of open invitations is read again. */
export function useCreateInvitation(choirId: string) {
  const changed = useInvitationsChanged(choirId);
  return useSubmission({
    mutationFn: async (body: InvitationCreate) =>
      unwrap(await api.POST('/choirs/{choirId}/invitations', { ...path(choirId), body })),
    onSuccess: changed,
  });
}

/**
 * usePreviewInvitationImport asks what importing CSV rows would do, row by
 * row; the server sends and saves nothing.
 */
export function usePreviewInvitationImport(choirId: string) {
  return useSubmission({
    mutationFn: async (csv: string) =>
      unwrap(await api.POST('/choirs/{choirId}/invitations/import/preview', { ...path(choirId), body: { csv } })),
  });
}

/** useImportInvitations invites everyone in CSV rows; the list of open invitations is read again. */
export function useImportInvitations(choirId: string) {
  const changed = useInvitationsChanged(choirId);
  return useSubmission({
    mutationFn: async (csv: string) =>
      unwrap(await api.POST('/choirs/{choirId}/invitations/import', { ...path(choirId), body: { csv } })),
    onSuccess: changed,
  });
}

const invitationPath = (choirId: string, invitationId: string) => ({ params: { path: { choirId, invitationId } } });

/** useResendInvitation sends an invitation again; the list is read again whether or not it was sent. */
export function useResendInvitation(choirId: string) {
  const changed = useInvitationsChanged(choirId);
  return useSubmission({
    mutationFn: async ({ id }: Pick<Invitation, 'id'>) =>
      unwrap(await api.POST('/choirs/{choirId}/invitations/{invitationId}/resend', invitationPath(choirId, id))),
    onSettled: changed,
  });
}

/** useRevokeInvitation revokes an invitation; the list is read again whether or not it was revoked. */
export function useRevokeInvitation(choirId: string) {
  const changed = useInvitationsChanged(choirId);
  return useSubmission({
    mutationFn: async ({ id }: Pick<Invitation, 'id'>) => {
      unwrap(await api.DELETE('/choirs/{choirId}/invitations/{invitationId}', invitationPath(choirId, id)));
    },
    onSettled: changed,
  });
}

/**
 * useVoicePartsChanged re-reads the voice parts, and the directory, where
 * their names and order show through the members' parts.
 */
function useVoicePartsChanged(choirId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: memberKeys.musicalRoles(choirId) });
    void queryClient.invalidateQueries({ queryKey: memberKeys.members(choirId) });
  };
}

/** useCreateMusicalRole adds a voice part at the end of the list. */
export function useCreateMusicalRole(choirId: string) {
  const queryClient = useQueryClient();
  const changed = useVoicePartsChanged(choirId);
  return useSubmission({
    mutationFn: async (name: string) =>
      unwrap(await api.POST('/choirs/{choirId}/musical-roles', { ...path(choirId), body: { name } })),
    onSuccess: (added) => {
      queryClient.setQueryData<MusicalRole[]>(memberKeys.musicalRoles(choirId), (list) => (list ? [...list, added] : list));
      changed();
    },
  });
}

/** useRenameMusicalRole renames a voice part. */
export function useRenameMusicalRole(choirId: string) {
  const changed = useVoicePartsChanged(choirId);
  return useSubmission({
    mutationFn: async ({ roleId, name }: { roleId: string; name: string }) =>
      unwrap(
        await api.PATCH('/choirs/{choirId}/musical-roles/{roleId}', { params: { path: { choirId, roleId } }, body: { name } }),
      ),
    onSuccess: changed,
  });
}

/** useDeleteMusicalRole removes a voice part; the lists are read again whether or not it was removed. */
export function useDeleteMusicalRole(choirId: string) {
  const changed = useVoicePartsChanged(choirId);
  return useSubmission({
    mutationFn: async ({ id }: Pick<MusicalRole, 'id'>) => {
      unwrap(await api.DELETE('/choirs/{choirId}/musical-roles/{roleId}', { params: { path: { choirId, roleId: id } } }));
    },
    onSettled: changed,
  });
}

/**
 * useReorderMusicalRoles puts the voice parts in the given order and keeps
 * the order the server answered with; the lists are read again either way.
 */
export function useReorderMusicalRoles(choirId: string) {
  const queryClient = useQueryClient();
  const changed = useVoicePartsChanged(choirId);
  return useSubmission({
    mutationFn: async (ids: string[]) =>
      unwrap(await api.PUT('/choirs/{choirId}/musical-roles/order', { ...path(choirId), body: { ids } })),
    onSuccess: (saved) => queryClient.setQueryData(memberKeys.musicalRoles(choirId), saved),
    onSettled: changed,
  });
}

/** memberSaved puts the member the server answered with into the cached directory. */
function memberSaved(queryClient: QueryClient, choirId: string, saved: ChoirMember) {
  queryClient.setQueryData<ChoirMember[]>(memberKeys.members(choirId), (list) =>
    list?.map((m) => (m.userId === saved.userId ? saved : m)),
  );
}
