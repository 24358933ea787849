import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';
import { useSubmission } from '../../app/mutations';
import { sessionQueryKey } from '../../app/session';
import { profileErrorMessage, withMessage } from './errors';
import { subscribeHere, unsubscribeHere } from './pushDevice';

export type Profile = components['schemas']['Profile'];
export type ProfileUpdate = components['schemas']['ProfileUpdate'];
export type SessionInfo = components['schemas']['SessionInfo'];
export type Identity = components['schemas']['Identity'];
export type ConnectedAccounts = components['schemas']['ConnectedAccounts'];
export type MfaStatus = components['schemas']['MfaStatus'];
export type TotpEnrollment = components['schemas']['TotpEnrollment'];
export type PasswordChange = components['schemas']['ChangePasswordRequest'];
export type ChoirEmailSetting = components['schemas']['ChoirEmailSetting'];

/** Cache keys of the account pages. */
export const accountKeys = {
  all: ['account'] as const,
  profile: ['account', 'profile'] as const,
  sessions: ['account', 'sessions'] as const,
  identities: ['account', 'identities'] as const,
  mfa: ['account', 'mfa'] as const,
  choirEmails: ['account', 'choir-emails'] as const,
};

export function useProfile() {
  return useQuery({
    queryKey: accountKeys.profile,
    queryFn: async () => unwrap(await api.GET('/account/profile')),
  });
}

/** useChoirEmails: whether each of the user's choirs may email them. */
export function useChoirEmails() {
  return useQuery({
    queryKey: accountKeys.choirEmails,
    queryFn: async () => unwrap(await api.GET('/account/choir-emails')),
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

/**
 * profileSaved stores the server's profile and refreshes the session, whose
 * user (names, digest, MFA flag) the shell and the guards read.
 */
function profileSaved(queryClient: QueryClient, profile: Profile) {
  queryClient.setQueryData(accountKeys.profile, profile);
  void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}

/**
 * useUpdateProfile saves profile settings (PATCH) and keeps the profile the
 * server answered. A failure's toast gives the accounts §8 profile message;
 * successMessage replaces 'Changes saved successfully'.
 */
export function useUpdateProfile(successMessage?: string) {
  const queryClient = useQueryClient();
  return useSubmission<Profile, ProfileUpdate>({
    mutationFn: withMessage(
      async (body: ProfileUpdate): Promise<Profile> => unwrap(await api.PATCH('/account/profile', { body })),
      profileErrorMessage,
    ),
    meta: { submission: { successMessage } },
    onSuccess: (saved) => profileSaved(queryClient, saved),
  });
}

/**
 * useEndSession signs another device out. The list drops it at once and is
 * read again either way: the server knows best where the user is signed in.
 */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async (session: SessionInfo) => {
      unwrap(await api.DELETE('/account/sessions/{sessionId}', { params: { path: { sessionId: session.id } } }));
    },
    onSuccess: (_data, session) =>
      queryClient.setQueryData<SessionInfo[]>(accountKeys.sessions, (list) => list?.filter((s) => s.id !== session.id)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

/**
 * useDisconnectIdentity unlinks a social account. The session's user says
 * how the user signs in, so it is read again too.
 */
export function useDisconnectIdentity() {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async (identity: Identity) => {
      unwrap(await api.DELETE('/account/identities/{identityId}', { params: { path: { identityId: identity.id } } }));
    },
    onSuccess: (_data, identity) => {
      queryClient.setQueryData<ConnectedAccounts>(accountKeys.identities, (old) =>
        old ? { ...old, identities: old.identities.filter((i) => i.id !== identity.id) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: accountKeys.identities }),
  });
}

/** mfaChanged reads again what turning two-factor authentication on or off changes. */
function mfaChanged(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: accountKeys.mfa });
  void queryClient.invalidateQueries({ queryKey: accountKeys.profile });
  void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}

/** useStartTotpEnrolment asks for a new authenticator secret; nothing changes until it is activated. */
export function useStartTotpEnrolment() {
  return useSubmission({
    mutationFn: async (): Promise<TotpEnrollment> => unwrap(await api.POST('/account/mfa/totp/enroll')),
  });
}

/** useActivateTotp turns two-factor authentication on with a first code; the answer holds the recovery codes. */
export function useActivateTotp() {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async (code: string) => unwrap(await api.POST('/account/mfa/totp/activate', { body: { code } })),
    onSuccess: () => mfaChanged(queryClient),
  });
}

/** useRegenerateRecoveryCodes replaces the recovery codes; only the count left changes. */
export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async (code: string) => unwrap(await api.POST('/account/mfa/recovery-codes', { body: { code } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountKeys.mfa }),
  });
}

/** useDisableTotp turns two-factor authentication off. */
export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async (code: string) => {
      unwrap(await api.POST('/account/mfa/totp/disable', { body: { code } }));
    },
    onSuccess: () => mfaChanged(queryClient),
  });
}

/**
 * useSetChoirEmails turns one choir's email on or off (an unsubscribe link
 * turns it off; this is the way back). The list is read again either way.
 */
/** ChoirEmailChange sets a choir's master switch and, where given, the switches of the kinds of mail under it. */
export type ChoirEmailChange = {
  choirId: string;
  enabled: boolean;
  digestEmails?: boolean;
  reminderEmails?: boolean;
  announcementEmails?: boolean;
};

export function useSetChoirEmails() {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async ({ choirId, ...body }: ChoirEmailChange): Promise<ChoirEmailSetting> =>
      unwrap(await api.PUT('/account/choir-emails/{choirId}', { params: { path: { choirId } }, body })),
    meta: { submission: {} },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: accountKeys.choirEmails }),
  });
}

/** usePushPublicKey: the server's VAPID key, read only where push can be turned on. It never changes. */
export function usePushPublicKey(enabled: boolean) {
  return useQuery({
    queryKey: ['account', 'push-public-key'] as const,
    queryFn: async () => unwrap(await api.GET('/push/public-key')).publicKey,
    enabled,
    staleTime: Infinity,
  });
}

/** useTurnPushOn subscribes this browser (permission already granted) and tells the server. */
export function useTurnPushOn() {
  return useSubmission({
    mutationFn: async (publicKey: string) => subscribeHere(publicKey),
    meta: { submission: { successMessage: PUSH_ON_MESSAGE } },
  });
}

/** useTurnPushOff stops the notices to this browser. */
export function useTurnPushOff() {
  return useSubmission({
    mutationFn: async () => unsubscribeHere(),
    meta: { submission: { successMessage: PUSH_OFF_MESSAGE } },
  });
}

export const PUSH_ON_MESSAGE = 'Notifications are on for this device.';
export const PUSH_OFF_MESSAGE = 'Notifications are off for this device.';
