import type { Session, SessionUser } from '../api/client';
import type { ChoirDetails, Membership } from '../app/choir';
import { hasPermission, type Can, type Role, type RolePermissions } from '../app/permissions';
import serverTable from './rolePermissions.json';

/**
 * The role → permission table exactly as the server sends it with the
 * session. The app keeps no copy of it; tests answer with this one, and the
 * Go test TestSessionCarriesThePermissionTable (internal/httpapi) checks
 * rolePermissions.json against the server, so it cannot drift.
 */
export const SERVER_ROLE_PERMISSIONS = serverTable as RolePermissions;

/**
 * sessionOf is the server's answer to GET /auth/session: the user, their
 * memberships and, when signed in, the server's role → permission table.
 */
export function sessionOf(signedIn: SessionUser | null, choirs: Membership[] = []): Session {
  return signedIn ? { user: signedIn, choirs, rolePermissions: SERVER_ROLE_PERMISSIONS } : { user: null, choirs: [] };
}

/** canAs checks permissions as the app does for a role, by the server's table. */
export function canAs(role: Role): Can {
  return (permission) => hasPermission(SERVER_ROLE_PERMISSIONS, role, permission);
}

/** A signed-in user for component tests. */
export const ada: SessionUser = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phoneNumber: null,
  sharePhone: false,
  isGlobalAdmin: false,
  emailDigestEnabled: true,
  mfaEnabled: false,
  hasPassword: true,
  lastAccessedChoirId: null,
};

/** user is Ada with some fields changed. */
export function user(extra: Partial<SessionUser> = {}): SessionUser {
  return { ...ada, ...extra };
}

/** A membership for tests; active unless told otherwise. */
export function membership(
  id: string,
  name: string,
  role: Membership['role'] = 'member',
  extra: Partial<Omit<Membership, 'choir'>> & { city?: string; country?: string } = {},
): Membership {
  const { city = 'Leeds', country = 'United Kingdom', ...rest } = extra;
  return {
    choir: { id, name, city, country, countryCode: 'GB' },
    role,
    isActive: true,
    status: 'active',
    joinedDate: '2025-01-01T00:00:00Z',
    ...rest,
  };
}

export const BACH = membership('c-bach', 'Bach Choir', 'choir_admin', { city: 'Leeds', country: 'United Kingdom' });
export const SCHOLA = membership('c-schola', 'Schola Cantorum', 'member', { city: 'Dublin', country: 'Ireland' });
export const GUESTS = membership('c-guest', 'Evensong Singers', 'guest', { city: 'York', country: 'United Kingdom' });

/** details are the choir details the server gives for a membership's choir. */
export function details(m: Membership, extra: Partial<ChoirDetails> = {}): ChoirDetails {
  return {
    ...m.choir,
    postcode: 'LS1 1AA',
    timeZone: 'Europe/London',
    religiousAffiliationId: '00000000-0000-4000-8000-000000000001',
    calendarType: 'secular_general',
    plan: 'medium',
    role: m.role,
    memberCount: 12,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    ...extra,
  };
}
