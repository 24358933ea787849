import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { Session } from '../api/client';
import { json, stubFetch } from '../test/api';
import { BACH, canAs, GUESTS, SCHOLA, SERVER_ROLE_PERMISSIONS, sessionOf, user } from '../test/fixtures';
import { useChoir } from './choir';
import {
  hasPermission,
  passes,
  ROLE_LABELS,
  roleLabel,
  ROLES,
  type Permission,
  type Role,
  type RolePermissions,
} from './permissions';

// The app keeps no table of its own: it reads the one the server sends with
// the session. These tests check that it reads that table faithfully. The
// table itself is the server's (internal/access, tested there, and checked
// against the session and against SERVER_ROLE_PERMISSIONS in internal/httpapi);
// accounts §6 is written out once more below on purpose, so that what the app
// does with the server's answer is checked against the specification too.
const TABLE: Record<Exclude<Role, 'global_admin'>, string> = {
  choir_admin:
    'view:dashboard view:calendar edit:calendar view:music edit:music view:rehearsals edit:rehearsals ' +
    'view:messages send:messages view:members view:directory manage:members manage:communications ' +
    'view:analytics view:settings edit:settings manage:choir',
  member: 'view:dashboard view:calendar view:music view:rehearsals view:messages send:messages view:directory',
  guest: 'view:dashboard view:calendar view:music',
};

const ALL = (
  'view:dashboard view:calendar edit:calendar view:music edit:music view:rehearsals edit:rehearsals view:messages ' +
  'send:messages view:members view:directory manage:members manage:communications view:analytics view:settings ' +
  'edit:settings manage:choir manage:music manage:announcements admin:global'
).split(' ') as Permission[];

function expected(role: Role, permission: Permission): boolean {
  return role === 'global_admin' || TABLE[role].split(' ').includes(permission);
}

describe("the server's table, as the session carries it", () => {
  it('gives the global admin every permission of §6, once', () => {
    expect([...SERVER_ROLE_PERMISSIONS.global_admin].sort()).toEqual([...ALL].sort());
    expect(new Set(SERVER_ROLE_PERMISSIONS.global_admin).size).toBe(ALL.length);
  });

  it('has a line for every role', () => {
    expect(Object.keys(SERVER_ROLE_PERMISSIONS).sort()).toEqual([...ROLES].sort());
  });
});

describe('hasPermission: every role × every permission, read from the session', () => {
  const cases = ROLES.flatMap((role) => ALL.map((p) => [role, p, expected(role, p)] as const));

  it('walks all 4 × 20 pairs', () => {
    expect(cases).toHaveLength(80);
  });

  it.each(cases)('%s %s → %s', (role, permission, want) => {
    expect(hasPermission(SERVER_ROLE_PERMISSIONS, role, permission)).toBe(want);
  });

  it('keeps manage:music, manage:announcements and admin:global for the global admin alone', () => {
    for (const p of ['manage:music', 'manage:announcements', 'admin:global'] as const) {
      expect(ROLES.filter((r) => hasPermission(SERVER_ROLE_PERMISSIONS, r, p))).toEqual(['global_admin']);
    }
  });

  it('follows whatever table the server sends, not a copy of its own', () => {
    const changed: RolePermissions = {
      ...SERVER_ROLE_PERMISSIONS,
      guest: ['view:calendar', 'manage:music'],
      member: [],
    };
    expect(hasPermission(changed, 'guest', 'manage:music')).toBe(true);
    expect(hasPermission(changed, 'guest', 'view:dashboard')).toBe(false);
    expect(hasPermission(changed, 'member', 'view:dashboard')).toBe(false);
  });

  it('grants nothing without a table, to no role or to an unknown one', () => {
    expect(hasPermission(null, 'global_admin', 'view:dashboard')).toBe(false);
    expect(hasPermission(undefined, 'choir_admin', 'view:dashboard')).toBe(false);
    expect(hasPermission(SERVER_ROLE_PERMISSIONS, null, 'view:dashboard')).toBe(false);
    expect(hasPermission(SERVER_ROLE_PERMISSIONS, undefined, 'view:dashboard')).toBe(false);
    expect(hasPermission(SERVER_ROLE_PERMISSIONS, 'owner' as Role, 'view:dashboard')).toBe(false);
    expect(hasPermission(SERVER_ROLE_PERMISSIONS, 'toString' as Role, 'view:dashboard')).toBe(false);
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
    expect(passes(canAs(role), permissions, all === undefined ? undefined : { all })).toBe(want);
  });

  it('passes with no permissions at all', () => {
    expect(passes(canAs('guest'), undefined)).toBe(true);
  });
});

describe('useChoir().can: the permissions of the session', () => {
  function renderChoir(answer: () => Session) {
    stubFetch({ 'GET /auth/session': () => json(answer()) });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
    return renderHook(() => useChoir(), { wrapper });
  }

  it.each<[string, Session, Role]>([
    ['a choir admin', sessionOf(user({ lastAccessedChoirId: BACH.choir.id }), [BACH]), 'choir_admin'],
    ['a member', sessionOf(user({ lastAccessedChoirId: SCHOLA.choir.id }), [SCHOLA]), 'member'],
    ['a guest', sessionOf(user({ lastAccessedChoirId: GUESTS.choir.id }), [GUESTS]), 'guest'],
    [
      'a global admin, member of the choir',
      sessionOf(user({ isGlobalAdmin: true, lastAccessedChoirId: SCHOLA.choir.id }), [SCHOLA]),
      'global_admin',
    ],
  ])('grants %s what the table says for their role in the current choir', async (_, answer, role) => {
    const { result } = renderChoir(() => answer);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.role).toBe(role);
    expect(result.current.rolePermissions).toEqual(SERVER_ROLE_PERMISSIONS);
    for (const p of ALL) expect(result.current.can(p), `${role} ${p}`).toBe(expected(role, p));
  });

  it('reads the table the session carries', async () => {
    const table: RolePermissions = { ...SERVER_ROLE_PERMISSIONS, member: ['view:dashboard', 'manage:music'] };
    const member = sessionOf(user({ lastAccessedChoirId: SCHOLA.choir.id }), [SCHOLA]);
    const { result } = renderChoir(() => ({ ...member, rolePermissions: table }));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.can('manage:music')).toBe(true);
    expect(result.current.can('view:calendar')).toBe(false);
  });

  it('grants nothing while signed out, or when the session carries no table', async () => {
    const signedOut = renderChoir(() => sessionOf(null));
    await waitFor(() => expect(signedOut.result.current.loading).toBe(false));
    expect(ALL.filter((p) => signedOut.result.current.can(p))).toEqual([]);
    signedOut.unmount();

    const withoutTable = { ...sessionOf(user({ lastAccessedChoirId: BACH.choir.id }), [BACH]), rolePermissions: undefined };
    const bare = renderChoir(() => withoutTable);
    await waitFor(() => expect(bare.result.current.loading).toBe(false));
    expect(bare.result.current.role).toBe('choir_admin');
    expect(ALL.filter((p) => bare.result.current.can(p))).toEqual([]);
  });
});

describe('roleLabel', () => {
  it('names every role in words', () => {
    expect(ROLES.map(roleLabel)).toEqual(['Global Administrator', 'Choir Administrator', 'Member', 'Guest']);
    expect(Object.keys(ROLE_LABELS).sort()).toEqual([...ROLES].sort());
  });
});
