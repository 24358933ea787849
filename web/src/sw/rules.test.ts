import { describe, expect, it } from 'vitest';
import { isPrivateApiKept, isSignedInAppPage } from './rules';

describe('the answers the service worker keeps for offline use', () => {
  it.each([
    '/api/v1/auth/session',
    '/api/v1/choirs/c1',
    '/api/v1/choirs/c1/events',
    '/api/v1/choirs/c1/rsvps',
    '/api/v1/choirs/c1/week',
    '/api/v1/choirs/c1/events/e1',
    '/api/v1/choirs/c1/events/e1/plan',
    '/api/v1/choirs/c1/plans/p1',
  ])('keeps %s', (path) => expect(isPrivateApiKept(path)).toBe(true));

  it.each([
    '/api/v1/account/profile',
    '/api/v1/account/sessions',
    '/api/v1/choirs/c1/members',
    '/api/v1/choirs/c1/events/e1/attendance',
    '/api/v1/choirs/c1/music/m1/attachments/a1/file',
    '/api/v1/admin/choirs',
    '/api/v1/choirs/c1/events/e1/plan/extra',
  ])('never keeps %s', (path) => expect(isPrivateApiKept(path)).toBe(false));

  it('serves only the signed-in app pages offline, never the landing or sign-in page', () => {
    expect(isSignedInAppPage('/dashboard')).toBe(true);
    expect(isSignedInAppPage('/dashboard/calendar')).toBe(true);
    expect(isSignedInAppPage('/account/profile')).toBe(true);
    expect(isSignedInAppPage('/')).toBe(false);
    expect(isSignedInAppPage('/login')).toBe(false);
    expect(isSignedInAppPage('/dashboards')).toBe(false);
  });
});
