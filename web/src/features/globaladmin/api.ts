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

export type ChoirSubscriptionList = components['schemas']['ChoirSubscriptionList'];
export type ChoirSubscription = components['schemas']['ChoirSubscription'];

export const globalAdminKeys = {
  jobQueue: ['global-admin', 'job-queue'] as const,
  overview: ['global-admin', 'overview'] as const,
  subscriptions: ['global-admin', 'subscriptions'] as const,
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

/** useChoirSubscriptions reads every choir's plan, standing, usage and price, and the monthly revenue (issue 29). */
export function useChoirSubscriptions() {
  return useQuery({
    queryKey: globalAdminKeys.subscriptions,
    queryFn: async () => unwrap(await api.GET('/admin/subscriptions')),
  });
}

/** useSetChoirComped makes a choir free of charge, or charged again; the revenue changes with it, so the list is read again. */
export function useSetChoirComped() {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async ({ choirId, comped }: { choirId: string; comped: boolean }) =>
      unwrap(await api.PUT('/admin/subscriptions/{choirId}/comped', { params: { path: { choirId } }, body: { comped } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: globalAdminKeys.subscriptions }),
  });
}
