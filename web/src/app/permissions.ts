import type { components } from '../api/generated/schema';

/** The current role (accounts §3): global_admin comes from the profile flag, the rest from a membership. */
export type Role = components['schemas']['Role'];

/** Every role, most privileged first. */
export const ROLES: readonly Role[] = ['global_admin', 'choir_admin', 'member', 'guest'];

/** Every permission of accounts §6; a global admin holds them all. */
export const PERMISSIONS = [
  'view:dashboard',
  'view:calendar',
  'edit:calendar',
  'view:music',
  'edit:music',
  'view:rehearsals',
  'edit:rehearsals',
  'view:messages',
  'send:messages',
  'view:members',
  'view:directory',
  'manage:members',
  'manage:communications',
  'view:analytics',
  'view:settings',
  'edit:settings',
  'manage:choir',
  'manage:music',
  'manage:announcements',
  'admin:global',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/**
 * The role → permission table of accounts §6. The server (internal/access)
 * enforces the same table; this copy only hides what the server would
 * refuse. No role but global_admin holds manage:music or manage:announcements.
 */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  global_admin: PERMISSIONS,
  choir_admin: [
    'view:dashboard',
    'view:calendar',
    'edit:calendar',
    'view:music',
    'edit:music',
    'view:rehearsals',
    'edit:rehearsals',
    'view:messages',
    'send:messages',
    'view:members',
    'view:directory',
    'manage:members',
    'manage:communications',
    'view:analytics',
    'view:settings',
    'edit:settings',
    'manage:choir',
  ],
  member: [
    'view:dashboard',
    'view:calendar',
    'view:music',
    'view:rehearsals',
    'view:messages',
    'send:messages',
    'view:directory',
  ],
  guest: ['view:dashboard', 'view:calendar', 'view:music'],
};

/** hasPermission says whether a role holds a permission; unknown roles hold none. */
export function hasPermission(role: Role | null | undefined, permission: Permission): boolean {
  if (!role || !Object.hasOwn(ROLE_PERMISSIONS, role)) return false;
  return ROLE_PERMISSIONS[role].includes(permission);
}

export interface PassesOptions {
  /** Demand every permission instead of any one. */
  all?: boolean;
}

/**
 * passes is the permission guard's test: with several permissions it passes
 * on any one of them, unless all are demanded. No permissions: it passes.
 */
export function passes(
  role: Role | null | undefined,
  permissions: readonly Permission[] | undefined,
  { all = false }: PassesOptions = {},
): boolean {
  if (!permissions || permissions.length === 0) return true;
  return all
    ? permissions.every((p) => hasPermission(role, p))
    : permissions.some((p) => hasPermission(role, p));
}

/** ROLE_LABELS names each role in words; roles are never shown as raw keys. */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  global_admin: 'Global Administrator',
  choir_admin: 'Choir Administrator',
  member: 'Member',
  guest: 'Guest',
};

/** roleLabel names a role for people to read. */
export function roleLabel(role: Role): string {
  return ROLE_LABELS[role] ?? 'Member';
}
