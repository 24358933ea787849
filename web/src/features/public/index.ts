// The public pages: what the app and other features may use.
export { getPlan, plans, type Plan, type PlanId } from './plans';

/** Pages for the router: each is loaded when its route is first visited. */
export const publicPages = {
  AboutPage: () => import('./AboutPage').then((m) => m.AboutPage),
  LandingPage: () => import('./LandingPage').then((m) => m.LandingPage),
  PrivacyPolicyPage: () => import('./PrivacyPolicyPage').then((m) => m.PrivacyPolicyPage),
  PublicLayout: () => import('./PublicLayout').then((m) => m.PublicLayout),
  TermsPage: () => import('./TermsPage').then((m) => m.TermsPage),
};
