// Test helpers of the members pages: a choir with its members, voice parts
// and invitations on a stubbed server, and the pages rendered in a router.
import type { ReactNode } from 'react';
import { createMemoryRouter } from 'react-router';
import type { SessionUser } from '../../api/client';
import { json, stubFetch, type Handler } from '../../test/api';
import { ada, membership, sessionOf } from '../../test/fixtures';
import { renderWithProviders, resetToasts } from '../../test/render';
import type { ChoirMember, Invitation, MembershipRole, MusicalRole } from './api';

// jsdom lacks scrollIntoView; Mantine's Select calls it to show the selected option.
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}

export { apiError, deferred, json, noContent, type Handler } from '../../test/api';

export const CHOIR_ID = 'c1';

export const SOPRANO: MusicalRole = { id: 'p-s', name: 'Soprano', sortOrder: 1 };
export const ALTO: MusicalRole = { id: 'p-a', name: 'Alto', sortOrder: 2 };
export const TENOR: MusicalRole = { id: 'p-t', name: 'Tenor', sortOrder: 3 };
export const BASS: MusicalRole = { id: 'p-b', name: 'Bass', sortOrder: 4 };
export const VOICE_PARTS = [SOPRANO, ALTO, TENOR, BASS];

function member(extra: Partial<ChoirMember> & Pick<ChoirMember, 'userId' | 'firstName' | 'lastName'>): ChoirMember {
  return {
    email: `${extra.firstName.toLowerCase()}@example.com`,
    phoneNumber: null,
    role: 'member',
    isActive: true,
    joinedDate: '2025-03-01T10:00:00Z',
    musicalRoles: [],
    ...extra,
  };
}

export const ADA = member({
  userId: ada.id,
  firstName: 'Ada',
  lastName: 'Lovelace',
  role: 'choir_admin',
  phoneNumber: '+44 20 7946 0000',
  musicalRoles: [SOPRANO],
});
export const GRACE = member({ userId: 'u2', firstName: 'Grace', lastName: 'Hopper', musicalRoles: [ALTO] });
export const ALAN = member({
  userId: 'u3',
  firstName: 'Alan',
  lastName: 'Turing',
  email: 'turing@bletchley.example',
  musicalRoles: [TENOR, BASS],
  isActive: false,
});
export const CLARA = member({ userId: 'u4', firstName: 'Clara', lastName: 'Schumann', role: 'guest' });
export const MEMBERS = [ALAN, ADA, GRACE, CLARA];

export const PENDING: Invitation = {
  id: 'inv-1',
  email: 'fanny@example.com',
  firstName: 'Fanny',
  lastName: 'Mendelssohn',
  role: 'member',
  status: 'pending',
  createdAt: '2026-01-02T09:00:00Z',
  sentAt: '2026-01-02T09:00:00Z',
  expiresAt: '2099-01-16T09:00:00Z',
  musicalRoles: [],
};
export const EXPIRED: Invitation = {
  ...PENDING,
  id: 'inv-2',
  email: 'hildegard@example.com',
  firstName: 'Hildegard',
  lastName: 'Bingen',
  role: 'guest',
  status: 'expired',
  expiresAt: '2025-01-16T09:00:00Z',
};

export interface ChoirServer {
  /** The signed-in user's role in the choir. */
  role?: MembershipRole;
  user?: SessionUser;
  members?: ChoirMember[];
  voiceParts?: MusicalRole[];
  invitations?: Invitation[];
  handlers?: Record<string, Handler>;
}

/**
 * serveChoir stubs the server of one choir (c1, Bach Choir) whose member the
 * signed-in user is, with the given role. Lists answer from the state, which
 * tests may change; handlers given replace or add to these.
 */
export function serveChoir({
  role = 'choir_admin',
  user = { ...ada, lastAccessedChoirId: CHOIR_ID },
  members = MEMBERS,
  voiceParts = VOICE_PARTS,
  invitations = [PENDING, EXPIRED],
  handlers = {},
}: ChoirServer = {}) {
  const state = { members, voiceParts, invitations };
  const server = stubFetch({
    'GET /auth/session': () => json(sessionOf(user, [membership(CHOIR_ID, 'Bach Choir', role)])),
    'GET /choirs/:choirId/members': () => json(state.members),
    'GET /choirs/:choirId/musical-roles': () => json(state.voiceParts),
    'GET /choirs/:choirId/invitations': () => json(state.invitations),
    ...handlers,
  });
  return { ...server, state };
}

/** renderPage renders one page at a path with the app's providers. */
export function renderPage(path: string, element: ReactNode) {
  resetToasts();
  return renderWithProviders(createMemoryRouter([{ path, element }], { initialEntries: [path] }));
}

/** pretendSmallScreen makes the media queries report a phone-sized screen; call what it returns to undo. */
export function pretendSmallScreen() {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...original(query),
    matches: query === '(max-width: 767px)',
    media: query,
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}
