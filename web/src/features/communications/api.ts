import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';
import { useSubmission } from '../../app/mutations';

export type DigestSettings = components['schemas']['DigestSettings'];
export type DigestSettingsInput = components['schemas']['DigestSettingsInput'];
export type DigestWeekday = components['schemas']['DigestWeekday'];
export type DigestPreview = components['schemas']['DigestPreview'];
export type DigestRun = components['schemas']['DigestRun'];

export const communicationKeys = {
  digest: (choirId: string) => ['choirs', choirId, 'digest'] as const,
  preview: (choirId: string, userId: string) => ['choirs', choirId, 'digest', 'preview', userId] as const,
  runs: (choirId: string) => ['choirs', choirId, 'digest', 'runs'] as const,
};

const path = (choirId: string) => ({ params: { path: { choirId } } });

export function useDigestSettings(choirId: string) {
  return useQuery({
    queryKey: communicationKeys.digest(choirId),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/digest', path(choirId))),
  });
}

/** useSetDigestSettings saves the schedule; the page's copy of it follows. */
export function useSetDigestSettings(choirId: string) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async (body: DigestSettingsInput): Promise<DigestSettings> =>
      unwrap(await api.PUT('/choirs/{choirId}/digest', { ...path(choirId), body })),
    meta: { submission: {} },
    onSuccess: (saved) => queryClient.setQueryData(communicationKeys.digest(choirId), saved),
  });
}

/** useDigestPreview builds a member's digest as it would be sent now; always fresh. */
export function useDigestPreview(choirId: string, userId: string | null) {
  return useQuery({
    queryKey: communicationKeys.preview(choirId, userId ?? ''),
    queryFn: async () =>
      unwrap(await api.GET('/choirs/{choirId}/digest/preview', { params: { path: { choirId }, query: { userId: userId ?? '' } } })),
    enabled: !!userId,
    staleTime: 0,
  });
}

/** useSendTestDigest emails the caller their own digest; the page says where it went. */
export function useSendTestDigest(choirId: string) {
  return useSubmission({
    mutationFn: async () => unwrap(await api.POST('/choirs/{choirId}/digest/test', path(choirId))),
    meta: { submission: { loadingMessage: 'Sending the test digest...', successMessage: null } },
  });
}

export function useDigestRuns(choirId: string) {
  return useQuery({
    queryKey: communicationKeys.runs(choirId),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/digest/runs', path(choirId))),
  });
}
