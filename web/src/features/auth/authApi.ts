// The sign-in calls of the auth screens, and the few rules that read their answers.
import { api, HttpError, unwrap, type SessionUser } from '../../api/client';
import type { components } from '../../api/generated/schema';
import { useSubmission } from '../../app/mutations';

export type RegisterRequest = components['schemas']['RegisterRequest'];
export type LoginRequest = components['schemas']['LoginRequest'];
export type LoginResult = components['schemas']['LoginResult'];
export type AuthProviderCheck = components['schemas']['AuthProviderCheck'];
export type SocialProvider = 'google' | 'azure';

/** How the two social providers are named to people (accounts §1, §8). */
export const PROVIDER_LABELS: Record<SocialProvider, string> = {
  google: 'Google',
  azure: 'Microsoft',
};

/** providerLabel names a provider id for people; unknown ids are shown capitalised. */
export function providerLabel(provider: string | null | undefined): string {
  if (!provider) return 'Social';
  if (provider in PROVIDER_LABELS) return PROVIDER_LABELS[provider as SocialProvider];
  return provider.charAt(0).toUpperCase() + provider.slice(1);
}

/** The existing-social-account message of accounts §8 'Registration'. */
export function socialAccountMessage(provider: string | null | undefined): string {
  const name = providerLabel(provider);
  return `Account Already Exists: This email is already registered using ${name} authentication. Please sign in using the ${name} button on the login page.`;
}

/** The existing-password-account message of accounts §8 'Registration'. */
export const PASSWORD_ACCOUNT_MESSAGE =
  'This email is already registered. Please sign in using your email and password, or use the "Forgot Password" option if needed.';

/** Where the browser goes to start a social sign-in (a navigation, not a fetch). */
export function socialSignInUrl(provider: SocialProvider, remember = false): string {
  const path = `/api/v1/auth/oidc/${provider}/start`;
  return remember ? `${path}?remember=true` : path;
}

/** startSocialSignIn leaves the app for the provider. */
export function startSocialSignIn(provider: SocialProvider, remember = false): void {
  window.location.assign(socialSignInUrl(provider, remember));
}

// The sign-in calls. Each shows nothing of its own: the auth screens say
// what happened in their error boxes, under their fields or in their toasts,
// as accounts §4 asks of each. None changes anything cached; a completed
// sign-in reads the session again (useCompleteSignIn).

/** useCheckProvider asks whether an address has an account, and how it signs in. */
export function useCheckProvider() {
  return useSubmission({
    mutationFn: async (email: string): Promise<AuthProviderCheck> =>
      unwrap(await api.POST('/auth/check-provider', { body: { email } })),
  });
}

/** useRegister creates an unconfirmed account; the server sends the confirmation email. */
export function useRegister() {
  return useSubmission({
    mutationFn: async (body: RegisterRequest) => unwrap(await api.POST('/auth/register', { body })),
  });
}

/** useLogIn signs in with email and password; the answer may ask for a second factor. */
export function useLogIn() {
  return useSubmission({
    mutationFn: async (body: LoginRequest): Promise<LoginResult> => unwrap(await api.POST('/auth/login', { body })),
  });
}

/** useVerifyMfa finishes a sign-in with an authenticator or recovery code. */
export function useVerifyMfa() {
  return useSubmission({
    mutationFn: async (code: string): Promise<LoginResult> => unwrap(await api.POST('/auth/mfa', { body: { code } })),
  });
}

/** useResendConfirmation sends the confirmation email again. */
export function useResendConfirmation() {
  return useSubmission({
    mutationFn: async (email: string) => {
      unwrap(await api.POST('/auth/confirm/resend', { body: { email } }));
    },
  });
}

/** useConfirmEmail redeems the confirmation link's token; the answer names the address. */
export function useConfirmEmail() {
  return useSubmission({
    mutationFn: async (token: string) => unwrap(await api.POST('/auth/confirm', { body: { token } })),
  });
}

/** useRequestPasswordReset sends the password reset email. */
export function useRequestPasswordReset() {
  return useSubmission({
    mutationFn: async (email: string) => {
      unwrap(await api.POST('/auth/password/forgot', { body: { email } }));
    },
  });
}

/** useResetPassword sets a new password with the token of the reset email. */
export function useResetPassword() {
  return useSubmission({
    mutationFn: async (body: { token: string; password: string }) => {
      unwrap(await api.POST('/auth/password/reset', { body }));
    },
  });
}

/** mfaPending tells whether this browser has a sign-in waiting for a second factor. */
export async function mfaPending(): Promise<boolean> {
  const data = unwrap(await api.GET('/auth/mfa'));
  return data?.pending === true;
}

/** signedInUser returns the user of a signed_in answer, or null. */
export function signedInUser(result: LoginResult): SessionUser | null {
  return result.status === 'signed_in' && result.user ? result.user : null;
}

/** errorCode is the server's code of a failed call, if it answered. */
export function errorCode(err: unknown): string | undefined {
  return err instanceof HttpError ? err.body?.code || err.code : undefined;
}

/** The rate-limit wait of accounts §9 when a message does not say. */
export const DEFAULT_WAIT_SECONDS = 60;

/** isSecurityWait is the rate-limited rule of accounts §4.8: the message names both 'security' and 'seconds'. */
export function isSecurityWait(message: string): boolean {
  const text = message.toLowerCase();
  return text.includes('security') && text.includes('seconds');
}

/** waitSeconds reads 'after N seconds' from a message, else the fallback. */
export function waitSeconds(message: string, fallback = DEFAULT_WAIT_SECONDS): number {
  const match = /after\s+(\d+)\s+seconds?/i.exec(message);
  if (!match) return fallback;
  const n = Number.parseInt(match[1], 10);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
}
