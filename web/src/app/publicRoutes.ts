import type { ComponentType } from 'react';
import { authPages } from '../features/auth';
import { emailLinkPages } from '../features/emaillinks';
import { helpPages } from '../features/help';
import { invitationPages } from '../features/invitations';
import { publicPages } from '../features/public';
import { PUBLIC_LAYOUT_PATHS, type PublicLayoutPath } from './publicPaths';

// Each public page's loader. Both route tables use it: the signed-in app's
// (routes.tsx), for client-side navigation to a public page, and the public
// app's (PublicApp.tsx), which the server sends when one is opened directly.
const pageLoaders: Record<PublicLayoutPath, () => Promise<ComponentType>> = {
  '/privacy-policy': publicPages.PrivacyPolicyPage,
  '/terms': publicPages.TermsPage,
  '/about': publicPages.AboutPage,
  '/login': authPages.LoginPage,
  '/register': authPages.RegisterPage,
  '/forgot-password': authPages.ForgotPasswordPage,
  '/reset-password': authPages.ResetPasswordPage,
  '/auth/callback': authPages.AuthCallbackPage,
  '/accept-invite': invitationPages.AcceptInvitePage,
  '/auth/signin': authPages.SignInRedirect,
  '/email/rsvp/:token/:action?': emailLinkPages.RsvpPage,
  '/email/practice/:token': emailLinkPages.PracticePage,
  '/email/event/:token': emailLinkPages.EventPage,
  '/email/unsubscribe/:token': emailLinkPages.UnsubscribePage,
  '/help': helpPages.HelpCenterPage,
  '/help/:guideId': helpPages.GuidePage,
};

/** PublicRoute is a page inside the public layout (header, page, footer). */
export interface PublicRoute {
  path: PublicLayoutPath;
  load: () => Promise<ComponentType>;
}

export const publicLayoutRoutes: PublicRoute[] = PUBLIC_LAYOUT_PATHS.map((path) => ({ path, load: pageLoaders[path] }));
