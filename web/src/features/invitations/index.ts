// Invitations: what the app and other features may use.
export { AcceptInvitePage } from './AcceptInvitePage';
export { acceptPendingInvite } from './acceptPending';
export { markRegisteredWithInvite, rememberPendingInvite } from './storage';
