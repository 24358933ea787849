// Members and voice parts: what the app and other features may use.
export type { ChoirMember, MusicalRole } from './api';
export { useMembers, useSetMyVoiceParts } from './api';
export { MyVoiceParts, VOICE_PARTS_SAVED } from './MyVoiceParts';

/** Pages for the router: each is loaded when its route is first visited. */
export const memberPages = {
  MembersPage: () => import('./MembersPage').then((m) => m.MembersPage),
  MusicalRolesPage: () => import('./MusicalRolesPage').then((m) => m.MusicalRolesPage),
};
