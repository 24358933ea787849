// Invitations: what the app and other features may use.
export { useAcceptPendingInvite } from './acceptPending';
export { useWelcomeToChoir, welcomeMessage } from './api';
export { markRegisteredWithInvite, rememberPendingInvite } from './storage';

/** Pages for the router: each is loaded when its route is first visited. */
export const invitationPages = {
  AcceptInvitePage: () => import('./AcceptInvitePage').then((m) => m.AcceptInvitePage),
};
