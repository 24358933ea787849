// The global admin's overview: the job queue (issue 27).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';
import { useSubmission } from '../../app/mutations';

export type JobQueue = components['schemas']['JobQueue'];
export type JobFailure = components['schemas']['JobFailure'];

export const globalAdminKeys = {
  jobQueue: ['global-admin', 'job-queue'] as const,
};

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
