// Calls and cache keys of choir policies and attendance rules: the choir's
// policies as the reader sees them (with counts for directors), who has
// acknowledged one, its versions, the rules and the members' standing, and
// the writes.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';
import { useSubmission } from '../../app/mutations';

export type Policy = components['schemas']['Policy'];
export type PolicyInput = components['schemas']['PolicyInput'];
export type PolicyList = components['schemas']['PolicyList'];
export type PolicyAcknowledgements = components['schemas']['PolicyAcknowledgements'];
export type AttendanceRules = components['schemas']['AttendanceRules'];
export type AttendanceRulesView = components['schemas']['AttendanceRulesView'];
export type AttendanceStandingList = components['schemas']['AttendanceStandingList'];
export type MemberStanding = components['schemas']['MemberStanding'];
export type MyAttendanceStanding = components['schemas']['MyAttendanceStanding'];

/** Cache keys; under the choir's own key, so invalidating a choir refreshes these too. */
export const policyKeys = {
  all: (choirId: string) => ['choirs', choirId, 'policies'] as const,
  list: (choirId: string) => ['choirs', choirId, 'policies', 'list'] as const,
  acknowledgements: (choirId: string, id: string) => ['choirs', choirId, 'policies', 'acknowledgements', id] as const,
  versions: (choirId: string, id: string) => ['choirs', choirId, 'policies', 'versions', id] as const,
  rules: (choirId: string) => ['choirs', choirId, 'policies', 'rules'] as const,
  standing: (choirId: string) => ['choirs', choirId, 'policies', 'standing'] as const,
  myStanding: (choirId: string) => ['choirs', choirId, 'policies', 'my-standing'] as const,
};

const path = (choirId: string) => ({ params: { path: { choirId } } });
const itemPath = (choirId: string, policyId: string) => ({ params: { path: { choirId, policyId } } });

/** The choir's policies as the reader sees them; shared by the hook and the dashboard's warm-up. */
export const policiesQuery = (choirId: string) =>
  queryOptions({
    queryKey: policyKeys.list(choirId),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/policies', path(choirId))),
  });

export function usePolicies(choirId: string | null) {
  return useQuery({ ...policiesQuery(choirId ?? ''), enabled: !!choirId });
}

export function useAcknowledgements(choirId: string, policyId: string | null) {
  return useQuery({
    queryKey: policyKeys.acknowledgements(choirId, policyId ?? ''),
    queryFn: async () =>
      unwrap(await api.GET('/choirs/{choirId}/policies/{policyId}/acknowledgements', itemPath(choirId, policyId ?? ''))),
    enabled: !!policyId,
  });
}

export function useVersions(choirId: string, policyId: string | null) {
  return useQuery({
    queryKey: policyKeys.versions(choirId, policyId ?? ''),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/policies/{policyId}/versions', itemPath(choirId, policyId ?? ''))),
    enabled: !!policyId,
  });
}

export function useRules(choirId: string | null) {
  return useQuery({
    queryKey: policyKeys.rules(choirId ?? ''),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/attendance-rules', path(choirId ?? ''))),
    enabled: !!choirId,
  });
}

export function useStanding(choirId: string | null) {
  return useQuery({
    queryKey: policyKeys.standing(choirId ?? ''),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/attendance-standing', path(choirId ?? ''))),
    enabled: !!choirId,
  });
}

/** Where the signed-in member stands against the attendance rules; shared by the hook and the dashboard's warm-up. */
export const myStandingQuery = (choirId: string) =>
  queryOptions({
    queryKey: policyKeys.myStanding(choirId),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/attendance-standing/me', path(choirId))),
  });

export function useMyStanding(choirId: string | null) {
  return useQuery({ ...myStandingQuery(choirId ?? ''), enabled: !!choirId });
}

/** useChanged re-reads a choir's policies, rules and standing after a change. */
function useChanged(choirId: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: policyKeys.all(choirId) });
}

export function useSavePolicy(choirId: string) {
  const changed = useChanged(choirId);
  return useSubmission({
    mutationFn: async ({ id, body }: { id?: string; body: PolicyInput }) => {
      if (id) {
        unwrap(await api.PUT('/choirs/{choirId}/policies/{policyId}', { ...itemPath(choirId, id), body }));
      } else {
        unwrap(await api.POST('/choirs/{choirId}/policies', { ...path(choirId), body }));
      }
    },
    onSettled: changed,
    meta: { submission: { successMessage: 'Policy saved' } },
  });
}

export function useDeletePolicy(choirId: string) {
  const changed = useChanged(choirId);
  return useSubmission({
    mutationFn: async (id: string) => {
      unwrap(await api.DELETE('/choirs/{choirId}/policies/{policyId}', itemPath(choirId, id)));
    },
    onSettled: changed,
    meta: { submission: { successMessage: 'Policy deleted' } },
  });
}

export function useAcknowledge(choirId: string) {
  const changed = useChanged(choirId);
  return useSubmission({
    mutationFn: async ({ id, version }: { id: string; version: number }) => {
      unwrap(await api.POST('/choirs/{choirId}/policies/{policyId}/acknowledge', { ...itemPath(choirId, id), body: { version } }));
    },
    onSettled: changed,
    meta: { submission: { successMessage: 'Thank you: acknowledged' } },
  });
}

export function useRemindPolicy(choirId: string) {
  const changed = useChanged(choirId);
  return useSubmission({
    mutationFn: async (id: string) => unwrap(await api.POST('/choirs/{choirId}/policies/{policyId}/remind', itemPath(choirId, id))),
    onSettled: changed,
    meta: { submission: { loadingMessage: 'Sending reminders...', successMessage: 'Reminder sent' } },
  });
}

export function useSaveRules(choirId: string) {
  const changed = useChanged(choirId);
  return useSubmission({
    mutationFn: async (body: AttendanceRules) => {
      unwrap(await api.PUT('/choirs/{choirId}/attendance-rules', { ...path(choirId), body }));
    },
    onSettled: changed,
    meta: { submission: { successMessage: 'Attendance rules saved' } },
  });
}
