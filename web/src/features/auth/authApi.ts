// The sign-in calls of the auth screens, and the few rules that read their answers.
import { api, HttpError, unwrap, type SessionUser } from '../../api/client';
import type { components } from '../../api/generated/schema';

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

export async function checkProvider(email: string): Promise<AuthProviderCheck> {
  return unwrap(await api.POST('/auth/check-provider', { body: { email } }));
}

export async function registerAccount(body: RegisterRequest) {
  return unwrap(await api.POST('/auth/register', { body }));
}

export async function logIn(body: LoginRequest): Promise<LoginResult> {
  return unwrap(await api.POST('/auth/login', { body }));
}

/** verifyMfa finishes a sign-in with an authenticator or recovery code. */
export async function verifyMfa(code: string): Promise<LoginResult> {
  return unwrap(await api.POST('/auth/mfa', { body: { code } }));
}

/** mfaPending tells whether this browser has a sign-in waiting for a second factor. */
export async function mfaPending(): Promise<boolean> {
  const data = unwrap(await api.GET('/auth/mfa'));
  return data?.pending === true;
}

export async function resendConfirmation(email: string): Promise<void> {
  unwrap(await api.POST('/auth/confirm/resend', { body: { email } }));
}

export async function confirmEmail(token: string) {
  return unwrap(await api.POST('/auth/confirm', { body: { token } }));
}

export async function requestPasswordReset(email: string): Promise<void> {
  unwrap(await api.POST('/auth/password/forgot', { body: { email } }));
}

export async function resetPassword(token: string, password: string): Promise<void> {
  unwrap(await api.POST('/auth/password/reset', { body: { token, password } }));
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
