import { describe, expect, it } from 'vitest';
import { needsChoirSelection, resolveActiveChoir, type ActiveChoir, type Membership } from './choir';
import { membership } from '../test/fixtures';

const A = membership('a', 'Alpha Choir', 'choir_admin');
const B = membership('b', 'Beta Singers', 'member');
const C = membership('c', 'Gamma Consort', 'guest');
const B_INACTIVE = { ...B, isActive: false };
const B_PENDING = { ...B, status: 'pending' };
const A_INACTIVE = { ...A, isActive: false };

const member = (lastAccessedChoirId: string | null = null) => ({ isGlobalAdmin: false, lastAccessedChoirId });
const admin = (lastAccessedChoirId: string | null = null) => ({ isGlobalAdmin: true, lastAccessedChoirId });

type Row = [
  name: string,
  user: { isGlobalAdmin: boolean; lastAccessedChoirId: string | null } | null,
  memberships: Membership[],
  stored: string | null,
  want: { choirId: string | null; role: ActiveChoir['role']; source: ActiveChoir['source'] },
];

describe('resolveActiveChoir (accounts §4.2)', () => {
  it.each<Row>([
    // Global admins
    ['global admin: the last-accessed choir', admin('b'), [A, B], null, { choirId: 'b', role: 'global_admin', source: 'last-accessed' }],
    ['global admin: the stored choir wins when it is one of theirs', admin('b'), [A, B], 'a', { choirId: 'a', role: 'global_admin', source: 'stored' }],
    ['global admin: a stored choir not theirs does not win', admin('b'), [A, B], 'zzz', { choirId: 'b', role: 'global_admin', source: 'last-accessed' }],
    ['global admin: an inactive stored membership does not win', admin('b'), [A_INACTIVE, B], 'a', { choirId: 'b', role: 'global_admin', source: 'last-accessed' }],
    ['global admin: stored none is Global Admin Mode', admin('b'), [A, B], 'none', { choirId: null, role: 'global_admin', source: 'none' }],
    ['global admin: no last-accessed choir is Global Admin Mode', admin(null), [A, B], null, { choirId: null, role: 'global_admin', source: 'none' }],
    ['global admin: the stored choir even without a last-accessed one', admin(null), [A, B], 'b', { choirId: 'b', role: 'global_admin', source: 'stored' }],
    ['global admin: a last-accessed choir they do not belong to', admin('x'), [A], null, { choirId: 'x', role: 'global_admin', source: 'last-accessed' }],
    ['global admin: no choirs at all', admin(null), [], null, { choirId: null, role: 'global_admin', source: 'none' }],
    ['global admin: the role stays global_admin in a guest membership', admin('c'), [C], null, { choirId: 'c', role: 'global_admin', source: 'last-accessed' }],

    // Everyone else
    ['member: the stored choir when its membership is active', member('a'), [A, B], 'b', { choirId: 'b', role: 'member', source: 'stored' }],
    ['member: not the stored choir when its membership is inactive', member('a'), [A, B_INACTIVE], 'b', { choirId: 'a', role: 'choir_admin', source: 'last-accessed' }],
    ['member: not the stored choir when its status is not active', member('a'), [A, B_PENDING], 'b', { choirId: 'a', role: 'choir_admin', source: 'last-accessed' }],
    ['member: not a stored choir they do not belong to', member('b'), [A, B], 'zzz', { choirId: 'b', role: 'member', source: 'last-accessed' }],
    ['member: stored none means nothing for them', member('b'), [A, B], 'none', { choirId: 'b', role: 'member', source: 'last-accessed' }],
    ['member: the last-accessed choir when active', member('c'), [A, B, C], null, { choirId: 'c', role: 'guest', source: 'last-accessed' }],
    ['member: not the last-accessed choir when inactive', member('b'), [A, B_INACTIVE], null, { choirId: 'a', role: 'choir_admin', source: 'first-active' }],
    ['member: otherwise the first active membership', member(null), [B_INACTIVE, C, A], null, { choirId: 'c', role: 'guest', source: 'first-active' }],
    ['member: a last-accessed choir they left falls back to the first active', member('gone'), [B, A], null, { choirId: 'b', role: 'member', source: 'first-active' }],
    ['member: no active membership is member with no choir', member('b'), [B_INACTIVE, A_INACTIVE], 'b', { choirId: null, role: 'member', source: 'none' }],
    ['member: no memberships is member with no choir', member(null), [], null, { choirId: null, role: 'member', source: 'none' }],
    ['signed out: member with no choir', null, [A], 'a', { choirId: null, role: 'member', source: 'none' }],
  ])('%s', (_name, user, memberships, storedChoirId, want) => {
    expect(resolveActiveChoir({ user, memberships, storedChoirId })).toMatchObject(want);
  });

  it('carries the choir summary of the chosen membership', () => {
    expect(resolveActiveChoir({ user: member('a'), memberships: [A, B], storedChoirId: null }).choir).toEqual(A.choir);
    expect(resolveActiveChoir({ user: admin('x'), memberships: [A], storedChoirId: null }).choir).toBeNull();
  });
});

describe('needsChoirSelection (accounts §4.10 step 4)', () => {
  const resolve = (user: Row[1], memberships: Membership[], stored: string | null) => {
    const active = resolveActiveChoir({ user, memberships, storedChoirId: stored });
    return needsChoirSelection(active, memberships.filter((m) => m.isActive), stored);
  };

  it.each<[string, Row[1], Membership[], string | null, boolean]>([
    ['several choirs, nothing stored or last accessed: select', member(null), [A, B], null, true],
    ['several choirs, a stored choir: chosen', member(null), [A, B], 'b', false],
    ['several choirs, a stored choir no longer theirs: select', member(null), [A, B], 'gone', true],
    ['several choirs, a last-accessed choir: chosen', member('a'), [A, B], null, false],
    ['one choir: it is the choice', member(null), [A], null, false],
    ['global admin in Global Admin Mode: select', admin('a'), [A, B], 'none', true],
    ['global admin without a last-accessed choir: select', admin(null), [A], null, true],
    ['global admin with a last-accessed choir: chosen', admin('a'), [A, B], null, false],
    ['global admin with no choirs: select', admin(null), [], null, true],
  ])('%s', (_name, user, memberships, stored, want) => {
    expect(resolve(user, memberships, stored)).toBe(want);
  });
});
