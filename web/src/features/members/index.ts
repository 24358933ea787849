// Members and voice parts: what the app and other features may use.
export type { ChoirMember, MusicalRole } from './api';
export { MembersPage } from './MembersPage';
export { MusicalRolesPage } from './MusicalRolesPage';
export { MyVoiceParts } from './MyVoiceParts';
