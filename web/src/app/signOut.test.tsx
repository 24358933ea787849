import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { sessionQueryKey } from './session';
import { clearSignedInState } from './signOut';

describe('clearSignedInState', () => {
  it('forgets the signed-in user, their choir, invite, remember-me flag and onboarding keys', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['choirs', 'c1'], { id: 'c1' });
    const kept = {
      activeChoirId: 'c1',
      pendingInviteToken: 'token',
      onboardingComplete: 'true',
      selectedPlan: 'large',
      checkoutInitiated: 'true',
      pendingCheckout: 'true',
    };
    for (const [key, value] of Object.entries(kept)) sessionStorage.setItem(key, value);
    sessionStorage.setItem('theme-unrelated', 'kept');
    localStorage.setItem('rememberMe', 'true');

    clearSignedInState(queryClient);

    for (const key of Object.keys(kept)) expect(sessionStorage.getItem(key), key).toBeNull();
    expect(localStorage.getItem('rememberMe')).toBeNull();
    expect(sessionStorage.getItem('theme-unrelated')).toBe('kept');
    expect(queryClient.getQueryData(['choirs', 'c1'])).toBeUndefined();
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual({ user: null, choirs: [] });
  });
});
