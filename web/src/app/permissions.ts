import type { components } from '../api/generated/schema';

/** The current role (accounts §3): global_admin comes from the profile flag, the rest from a membership. */
export type Role = components['schemas']['Role'];

/** Every role, most privileged first. */
export const ROLES: readonly Role[] = ['global_admin', 'choir_admin', 'member', 'guest'];

/** One permission of accounts §6, as the contract names it. */
export type Permission = components['schemas']['Permission'];

/**
 * The role → permission table of accounts §6, as the server sends it with the
 * session (GET /auth/session, rolePermissions). The server (internal/access)
 * is its one source and enforces it on every request; the app keeps no copy
 * and reads it only to hide what the server would refuse.
 */
export type RolePermissions = components['schemas']['RolePermissions'];

/**
 * hasPermission says whether a role holds a permission in the server's
 * table. Without a table (signed out, or the session not loaded yet) or for
 * an unknown role it holds none.
 */
export function hasPermission(
  table: RolePermissions | null | undefined,
  role: Role | null | undefined,
  permission: Permission,
): boolean {
  if (!table || !role || !Object.hasOwn(table, role)) return false;
  return table[role].includes(permission);
}

/** Can answers whether the current user holds a permission where they work now. */
export type Can = (permission: Permission) => boolean;

export interface PassesOptions {
  /** Demand every permission instead of any one. */
  all?: boolean;
}

/**
 * passes is the permission guard's test: with several permissions it passes
 * on any one of them, unless all are demanded. No permissions: it passes.
 */
export function passes(
  can: Can,
  permissions: readonly Permission[] | undefined,
  { all = false }: PassesOptions = {},
): boolean {
  if (!permissions || permissions.length === 0) return true;
  return all ? permissions.every((p) => can(p)) : permissions.some((p) => can(p));
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
