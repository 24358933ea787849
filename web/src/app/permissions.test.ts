import { describe, expect, it } from 'vitest';
import { hasPermission, passes, PERMISSIONS, ROLE_LABELS, roleLabel, ROLES, type Permission, type Role } from './permissions';

// Accounts §6, written out a second time on purpose (as internal/access does):
// a change to either copy must be deliberate.
const TABLE: Record<Exclude<Role, 'global_admin'>, string> = {
  choir_admin:
    'view:dashboard view:calendar edit:calendar view:music edit:music view:rehearsals edit:rehearsals ' +
    'view:messages send:messages view:members view:directory manage:members manage:communications ' +
    'view:analytics view:settings edit:settings manage:choir',
  member: 'view:dashboard view:calendar view:music view:rehearsals view:messages send:messages view:directory',
  guest: 'view:dashboard view:calendar view:music',
};

const ALL =
  'view:dashboard view:calendar edit:calendar view:music edit:music view:rehearsals edit:rehearsals view:messages ' +
  'send:messages view:members view:directory manage:members manage:communications view:analytics view:settings ' +
  'edit:settings manage:choir manage:music manage:announcements admin:global';

function expected(role: Role, permission: Permission): boolean {
  return role === 'global_admin' || TABLE[role].split(' ').includes(permission);
}

describe('the permission list', () => {
  it('has every permission of §6 and the server, once', () => {
    expect([...PERMISSIONS].sort()).toEqual(ALL.split(' ').sort());
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
  });
});

describe('hasPermission: every role × every permission', () => {
  const cases = ROLES.flatMap((role) => PERMISSIONS.map((p) => [role, p, expected(role, p)] as const));

  it('walks all 4 × 20 pairs', () => {
    expect(cases).toHaveLength(80);
  });

  it.each(cases)('%s %s → %s', (role, permission, want) => {
    expect(hasPermission(role, permission)).toBe(want);
  });

  it('keeps manage:music, manage:announcements and admin:global for the global admin alone', () => {
    for (const p of ['manage:music', 'manage:announcements', 'admin:global'] as const) {
      expect(ROLES.filter((r) => hasPermission(r, p))).toEqual(['global_admin']);
    }
  });

  it('grants nothing to no role or an unknown one', () => {
    expect(hasPermission(null, 'view:dashboard')).toBe(false);
    expect(hasPermission(undefined, 'view:dashboard')).toBe(false);
    expect(hasPermission('owner' as Role, 'view:dashboard')).toBe(false);
    expect(hasPermission('toString' as Role, 'view:dashboard')).toBe(false);
  });
});

describe('passes', () => {
  it.each<[Role, Permission[], boolean | undefined, boolean]>([
    ['member', [], undefined, true],
    ['guest', [], true, true],
    ['member', ['view:directory'], undefined, true],
    ['guest', ['view:directory'], undefined, false],
    // plan-music: view:calendar or manage:music
    ['guest', ['view:calendar', 'manage:music'], undefined, true],
    ['guest', ['view:calendar', 'manage:music'], false, true],
    ['guest', ['view:calendar', 'manage:music'], true, false],
    ['global_admin', ['view:calendar', 'manage:music'], true, true],
    ['choir_admin', ['manage:announcements', 'admin:global'], undefined, false],
    ['choir_admin', ['edit:settings', 'manage:choir'], true, true],
    ['member', ['edit:settings'], undefined, false],
  ])('%s with %j (all: %s) → %s', (role, permissions, all, want) => {
    expect(passes(role, permissions, all === undefined ? undefined : { all })).toBe(want);
  });

  it('passes with no permissions at all', () => {
    expect(passes('guest', undefined)).toBe(true);
  });
});

describe('roleLabel', () => {
  it('names every role in words', () => {
    expect(ROLES.map(roleLabel)).toEqual(['Global Administrator', 'Choir Administrator', 'Member', 'Guest']);
    expect(Object.keys(ROLE_LABELS).sort()).toEqual([...ROLES].sort());
  });
});
