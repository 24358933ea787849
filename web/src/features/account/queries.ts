import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';
import { useSubmission } from '../../app/mutations';
import { sessionQueryKey } from '../../app/session';

export type Profile = components['schemas']['Profile'];
export type ProfileUpdate = components['schemas']['ProfileUpdate'];
export type SessionInfo = components['schemas']['SessionInfo'];
export type Identity = components['schemas']['Identity'];
export type ConnectedAccounts = components['schemas']['ConnectedAccounts'];
export type MfaStatus = components['schemas']['MfaStatus'];
export type TotpEnrollment = components['schemas']['TotpEnrollment'];
export type PasswordChange = components['schemas']['ChangePasswordRequest'];

/** Cache keys of the account pages. */
export const accountKeys = {
  all: ['account'] as const,
  profile: ['account', 'profile'] as const,
  sessions: ['account', 'sessions'] as const,
  identities: ['account', 'identities'] as const,
  mfa: ['account', 'mfa'] as const,
};

export function useProfile() {
  return useQuery({
    queryKey: accountKeys.profile,
    queryFn: async () => unwrap(await api.GET('/account/profile')),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: accountKeys.sessions,
    queryFn: async () => unwrap(await api.GET('/account/sessions')),
    // Where the user is signed in changes without this page knowing.
    staleTime: 0,
  });
}

export function useIdentities() {
  return useQuery({
    queryKey: accountKeys.identities,
    queryFn: async () => unwrap(await api.GET('/account/identities')),
  });
}

export function useMfaStatus() {
  return useQuery({
    queryKey: accountKeys.mfa,
    queryFn: async () => unwrap(await api.GET('/account/mfa')),
  });
}

/** updateProfile sends a PATCH and returns the profile the server kept. */
export const PASSWORD_CHANGED_MESSAGE = 'Password changed. You were signed out everywhere else.';

/**
 * useChangePassword changes the password. The server ends every other
 * session, so the list of sessions is read again.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async (body: PasswordChange) => unwrap(await api.POST('/account/password', { body })),
    meta: { submission: { successMessage: PASSWORD_CHANGED_MESSAGE } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

export async function updateProfile(body: ProfileUpdate): Promise<Profile> {
  return unwrap(await api.PATCH('/account/profile', { body }));
}

/**
 * profileSaved stores the server's profile and refreshes the session, whose
 * user (names, digest, MFA flag) the shell and the guards read.
 */
export function profileSaved(queryClient: QueryClient, profile: Profile) {
  queryClient.setQueryData(accountKeys.profile, profile);
  void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}
