/** The browser navigation the account pages start; an object so tests can replace it. */
export const browser = {
  assign(url: string) {
    window.location.assign(url);
  },
};

export type LinkProvider = 'google' | 'azure';

/** providerLinkUrl is where linking a provider starts (a full-page navigation). */
export function providerLinkUrl(provider: LinkProvider): string {
  return `/api/v1/auth/oidc/${provider}/start?mode=link`;
}

/** providerReauthUrl is where confirming "it is me" with a provider starts, before deleting an account without a password. */
export function providerReauthUrl(provider: LinkProvider): string {
  return `/api/v1/auth/oidc/${provider}/start?mode=reauth`;
}
