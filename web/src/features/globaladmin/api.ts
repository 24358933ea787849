// The global admin's overview: the platform at a glance (issue 30) and the job queue (issue 27).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';
import { useSubmission } from '../../app/mutations';

export type JobQueue = components['schemas']['JobQueue'];
export type JobFailure = components['schemas']['JobFailure'];

export type PlatformOverview = components['schemas']['PlatformOverview'];
export type ChoirUsage = components['schemas']['ChoirUsage'];
export type SignInDay = components['schemas']['SignInDay'];

export const globalAdminKeys = {
  jobQueue: ['global-admin', 'job-queue'] as const,
  overview: ['global-admin', 'overview'] as const,
};

/** usePlatformOverview reads the platform's figures: choirs, members, sign-ins, mail, storage, calendars. */
export function usePlatformOverview() {
  return useQuery({
    queryKey: globalAdminKeys.overview,
    queryFn: async () => unwrap(await api.GET('/admin/overview')),
  });
}

/** useJobQueue reads the queue's counts and failures. */
export function useJobQueue() {
  return useQuery({
    queryKey: globalAdminKeys.jobQueue,
    queryFn: async () => unwrap(await api.GET('/admin/jobs')),
  });
}

/** useRetryJob runs a failed job again; the answer is the queue after it. */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async (jobId: string) =>
      unwrap(await api.POST('/admin/jobs/{jobId}/retry', { params: { path: { jobId } } })),
    onSuccess: (queue) => queryClient.setQueryData(globalAdminKeys.jobQueue, queue),
  });
}
