// The paths of the pages inside the public layout (accounts §2.1 and the
// email links of calendar §2). Plain data, no imports: the public build's
// config (vite.public.config.ts) reads it to tell the server which paths are
// the public app's, and publicRoutes.ts gives each its page.
export const PUBLIC_LAYOUT_PATHS = [
  '/privacy-policy',
  '/terms',
  '/about',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/auth/callback',
  '/accept-invite',
  '/auth/signin',
  '/email/rsvp/:token/:action?',
  '/email/practice/:token',
  '/email/event/:token',
  '/email/unsubscribe/:token',
  // The help center works signed out (issue 30).
  '/help',
  '/help/:guideId',
] as const;

export type PublicLayoutPath = (typeof PUBLIC_LAYOUT_PATHS)[number];

/** serverPattern turns a route path into the server's pattern: exact, or "/x/*" for /x and everything under it. */
export function serverPattern(path: string): string {
  const param = path.indexOf('/:');
  return param < 0 ? path : `${path.slice(0, param)}/*`;
}
