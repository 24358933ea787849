// Invitations: what the app and other features may use.
export { AcceptInvitePage } from './AcceptInvitePage';
export { useAcceptPendingInvite } from './acceptPending';
export { markRegisteredWithInvite, rememberPendingInvite } from './storage';
