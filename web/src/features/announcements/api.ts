// Calls and cache keys of announcements: the choir's list (with the
// platform's), the unread count the sidebar and dashboard show, who has read
// one, and the writes of directors and of the platform's administrators.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';
import { useSubmission } from '../../app/mutations';

export type Announcement = components['schemas']['Announcement'];
export type AnnouncementInput = components['schemas']['AnnouncementInput'];
export type AnnouncementList = components['schemas']['AnnouncementList'];
export type AnnouncementReceipts = components['schemas']['AnnouncementReceipts'];

/** Cache keys; under the choir's own key, so invalidating a choir refreshes these too. */
export const announcementKeys = {
  all: (choirId: string) => ['choirs', choirId, 'announcements'] as const,
  list: (choirId: string) => ['choirs', choirId, 'announcements', 'list'] as const,
  unread: (choirId: string) => ['choirs', choirId, 'announcements', 'unread'] as const,
  receipts: (choirId: string, id: string) => ['choirs', choirId, 'announcements', 'receipts', id] as const,
  platform: ['platform-announcements'] as const,
};

const path = (choirId: string) => ({ params: { path: { choirId } } });
const itemPath = (choirId: string, announcementId: string) => ({ params: { path: { choirId, announcementId } } });

export function useAnnouncements(choirId: string | null) {
  return useQuery({
    queryKey: announcementKeys.list(choirId ?? ''),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/announcements', path(choirId ?? ''))),
    enabled: !!choirId,
  });
}

/** useUnreadAnnouncements is how many announcements the signed-in member has not read. */
export function useUnreadAnnouncements(choirId: string | null) {
  return useQuery({ ...unreadAnnouncementsQuery(choirId ?? ''), enabled: !!choirId });
}

/** The unread count's query; shared by the hook and the first page's warm-up (the sidebar shows it). */
export const unreadAnnouncementsQuery = (choirId: string) =>
  queryOptions({
    queryKey: announcementKeys.unread(choirId),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/announcements/unread', path(choirId))).count,
  });

export function useReceipts(choirId: string, announcementId: string | null) {
  return useQuery({
    queryKey: announcementKeys.receipts(choirId, announcementId ?? ''),
    queryFn: async () =>
      unwrap(await api.GET('/choirs/{choirId}/announcements/{announcementId}/receipts', itemPath(choirId, announcementId ?? ''))),
    enabled: !!announcementId,
  });
}

/** useChanged re-reads a choir's announcements (list, count, receipts) after a change. */
function useChanged(choirId: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: announcementKeys.all(choirId) });
}

export function useSaveAnnouncement(choirId: string) {
  const changed = useChanged(choirId);
  return useSubmission({
    mutationFn: async ({ id, body }: { id?: string; body: AnnouncementInput }) => {
      if (id) {
        unwrap(await api.PUT('/choirs/{choirId}/announcements/{announcementId}', { ...itemPath(choirId, id), body }));
      } else {
        unwrap(await api.POST('/choirs/{choirId}/announcements', { ...path(choirId), body }));
      }
    },
    onSettled: changed,
    meta: { submission: { successMessage: 'Announcement saved' } },
  });
}

export function useDeleteAnnouncement(choirId: string) {
  const changed = useChanged(choirId);
  return useSubmission({
    mutationFn: async (id: string) => {
      unwrap(await api.DELETE('/choirs/{choirId}/announcements/{announcementId}', itemPath(choirId, id)));
    },
    onSettled: changed,
    meta: { submission: { successMessage: 'Announcement deleted' } },
  });
}

/** useMarkRead marks an announcement read, or acknowledged. */
export function useMarkRead(choirId: string) {
  const changed = useChanged(choirId);
  return useSubmission({
    mutationFn: async ({ id, acknowledge }: { id: string; acknowledge: boolean }) => {
      unwrap(await api.POST('/choirs/{choirId}/announcements/{announcementId}/read', { ...itemPath(choirId, id), body: { acknowledge } }));
    },
    onSettled: changed,
    meta: { submission: { successMessage: null } },
  });
}

export function useRemind(choirId: string) {
  const changed = useChanged(choirId);
  return useSubmission({
    mutationFn: async (id: string) =>
      unwrap(await api.POST('/choirs/{choirId}/announcements/{announcementId}/remind', itemPath(choirId, id))),
    onSettled: changed,
    meta: { submission: { loadingMessage: 'Sending reminders...', successMessage: 'Reminder sent' } },
  });
}

export function usePlatformAnnouncements() {
  return useQuery({
    queryKey: announcementKeys.platform,
    queryFn: async () => unwrap(await api.GET('/platform-announcements')),
  });
}

export function useSavePlatformAnnouncement() {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async ({ id, body }: { id?: string; body: AnnouncementInput }) => {
      if (id) {
        unwrap(await api.PUT('/platform-announcements/{announcementId}', { params: { path: { announcementId: id } }, body }));
      } else {
        unwrap(await api.POST('/platform-announcements', { body }));
      }
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['platform-announcements'] }),
    meta: { submission: { successMessage: 'Announcement saved' } },
  });
}

export function useDeletePlatformAnnouncement() {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async (id: string) => {
      unwrap(await api.DELETE('/platform-announcements/{announcementId}', { params: { path: { announcementId: id } } }));
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['platform-announcements'] }),
    meta: { submission: { successMessage: 'Announcement deleted' } },
  });
}
