// The public pages: what the app and other features may use.
// For the build's prerendering of the landing page (src/prerender/). A loader,
// like the pages below: a static re-export would pull the landing page into the
// app's entry chunk, since the router imports this file.
export const loadLandingContent = () => import('./LandingPage').then((m) => m.LandingContent);

/** Pages for the router: each is loaded when its route is first visited. */
export const publicPages = {
  AboutPage: () => import('./AboutPage').then((m) => m.AboutPage),
  LandingPage: () => import('./LandingPage').then((m) => m.LandingPage),
  PrivacyPolicyPage: () => import('./PrivacyPolicyPage').then((m) => m.PrivacyPolicyPage),
  PublicLayout: () => import('./PublicLayout').then((m) => m.PublicLayout),
  TermsPage: () => import('./TermsPage').then((m) => m.TermsPage),
};
