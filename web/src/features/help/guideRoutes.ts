import { matchPath } from 'react-router';
import type { Role } from '../../app/permissions';

// Which guide of the help center explains each page of the route table
// (app/routes.tsx and app/publicPaths.ts). The shell's "?" link reads it,
// and app/helpGuides.test.ts checks that every route of the table is here
// and that every guide named exists. A page that directors and singers use
// differently names a guide for each.

type GuideChoice = string | { director: string; singer: string };

export const GUIDE_FOR_ROUTE: Record<string, GuideChoice> = {
  // Public pages
  '/': 'getting-started-director',
  '/about': 'getting-started-singer',
  '/privacy-policy': 'your-data',
  '/terms': 'your-data',
  '/login': 'your-account',
  '/register': 'getting-started-singer',
  '/forgot-password': 'your-account',
  '/reset-password': 'your-account',
  '/auth/callback': 'your-account',
  '/auth/signin': 'your-account',
  '/accept-invite': 'getting-started-singer',
  '/email/rsvp/:token/:action?': 'email-links',
  '/email/practice/:token': 'email-links',
  '/email/event/:token': 'email-links',
  '/email/unsubscribe/:token': 'email-links',
  '/help': { director: 'getting-started-director', singer: 'getting-started-singer' },
  '/help/:guideId': { director: 'getting-started-director', singer: 'getting-started-singer' },
  // Signed in, no choir needed
  '/select-choir': 'getting-started-singer',
  '/choir-registration': 'getting-started-director',
  '/onboarding': 'getting-started-director',
  '/choirs/create': 'getting-started-director',
  '/pricing': 'plans-and-billing',
  // The dashboard
  '/dashboard': { director: 'getting-started-director', singer: 'getting-started-singer' },
  '/dashboard/music': { director: 'music-library', singer: 'practice-studio' },
  '/dashboard/music/:id': 'practice-studio',
  '/dashboard/members': { director: 'inviting-members', singer: 'getting-started-singer' },
  '/dashboard/directory': { director: 'inviting-members', singer: 'getting-started-singer' },
  '/dashboard/people': { director: 'inviting-members', singer: 'getting-started-singer' },
  '/members': { director: 'inviting-members', singer: 'getting-started-singer' },
  '/dashboard/calendar': 'calendar',
  '/dashboard/calendar/attendance/:eventId': 'calendar',
  '/dashboard/calendar/plan-music': 'planning-music',
  '/dashboard/calendar/plan-music/:date': 'planning-music',
  '/dashboard/calendar/plan-music-v2/:date': 'planning-music',
  '/dashboard/calendar/plan-music-v3/:date': 'planning-music',
  '/dashboard/calendar/music-usage': 'planning-music',
  '/dashboard/announcements': 'communications',
  '/dashboard/announcements/admin': 'global-admin',
  '/dashboard/communications': 'communications',
  '/dashboard/analytics': 'analytics',
  '/dashboard/analytics/me': 'analytics',
  '/dashboard/policies': 'policies',
  '/dashboard/settings': 'choir-settings',
  '/dashboard/settings/choir': 'choir-settings',
  '/dashboard/settings/musical-roles': 'choir-settings',
  '/dashboard/settings/account': 'your-account',
  '/dashboard/global-admin': 'global-admin',
  '/dashboard/global-admin/calendar-import': 'liturgical-calendars',
  '/dashboard/global-admin/master-feasts': 'liturgical-calendars',
  '/dashboard/global-admin/subscriptions': 'plans-and-billing',
  '/dashboard/help': { director: 'getting-started-director', singer: 'getting-started-singer' },
  '/dashboard/help/:guideId': { director: 'getting-started-director', singer: 'getting-started-singer' },
  '/dashboard/about': 'getting-started-singer',
  // The account area
  '/account': 'your-account',
  '/account/profile': 'your-account',
  '/account/security': 'your-account',
  '/account/connected': 'your-account',
  '/account/notifications': 'communications',
  '/account/privacy': 'your-data',
};

/** guideFor picks a route's guide for a reader: directors and admins get the director's guide. */
export function guideFor(choice: GuideChoice, role: Role | null): string {
  if (typeof choice === 'string') return choice;
  return role === 'choir_admin' || role === 'global_admin' ? choice.director : choice.singer;
}

/** guideForPath names the guide of the page at pathname, or null for a path of no route. */
export function guideForPath(pathname: string, role: Role | null): string | null {
  let best: { pattern: string; params: number } | null = null;
  for (const pattern of Object.keys(GUIDE_FOR_ROUTE)) {
    const match = matchPath(pattern, pathname);
    if (!match) continue;
    // A static route beats one with parameters that also matches.
    const params = Object.keys(match.params).length;
    if (!best || params < best.params) best = { pattern, params };
  }
  return best ? guideFor(GUIDE_FOR_ROUTE[best.pattern], role) : null;
}
