import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';
import { useSubmission } from '../../app/mutations';
import { accountKeys } from './queries';

export type YourData = components['schemas']['YourData'];
export type DataExport = components['schemas']['DataExport'];

export const yourDataKey = [...accountKeys.all, 'privacy'] as const;

/** EXPORT_REQUESTED is the toast once an export is asked for. */
export const EXPORT_REQUESTED = 'Your export is being prepared. We will email you when it is ready.';

/**
 * useYourData reads the person's exports; while one is being made it asks
 * again every few seconds, so that the download appears without a reload.
 */
export function useYourData() {
  return useQuery({
    queryKey: yourDataKey,
    queryFn: async () => unwrap(await api.GET('/account/privacy')),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.exports.some((e) => e.status === 'pending') ? 3000 : false),
  });
}

/** useRequestExport asks the job queue for an export of the person's data. */
export function useRequestExport() {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async () => unwrap(await api.POST('/account/privacy/exports')),
    meta: { submission: { loadingMessage: 'Requesting your export...', successMessage: EXPORT_REQUESTED } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: yourDataKey }),
  });
}

/**
 * useRequestDeletion deletes the account, confirmed with the password, or,
 * with none (undefined), with the fresh provider sign-in the browser holds
 * the proof of; the server signs it out everywhere.
 */
export function useRequestDeletion() {
  return useSubmission({
    mutationFn: async (password?: string) =>
      unwrap(await api.POST('/account/privacy/deletion', { body: password === undefined ? {} : { password } })),
    meta: { submission: { loadingMessage: 'Deleting your account...', successMessage: null } },
  });
}

/** exportUrl is where a ready export downloads from. */
export function exportUrl(id: string): string {
  return `/api/v1/account/privacy/exports/${encodeURIComponent(id)}`;
}
