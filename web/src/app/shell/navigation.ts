import type { Role } from '../permissions';

export type { Role };

export interface NavItem {
  label: string;
  href: string;
}

const MEMBER_ITEMS: NavItem[] = [
  { label: 'Dashboard', href: '/dashboard' },
  { label: 'Music Library', href: '/dashboard/music' },
  { label: 'Members', href: '/dashboard/members' },
  { label: 'Calendar', href: '/dashboard/calendar' },
  // Issue 27: every member reads the choir's announcements there (accounts
  // §2.3 guards the route with none) and sees the unread count beside it;
  // §2.5 listed it for administrators only, who wrote them.
  { label: 'Announcements', href: '/dashboard/announcements' },
];

const CHOIR_ADMIN_ITEMS: NavItem[] = [
  { label: 'Analytics', href: '/dashboard/analytics' },
  { label: 'Policies', href: '/dashboard/policies' },
  { label: 'Choir Settings', href: '/dashboard/settings/choir' },
  { label: 'Musical Roles', href: '/dashboard/settings/musical-roles' },
];

const GLOBAL_ADMIN_ITEMS: NavItem[] = [
  { label: 'Global Admin', href: '/dashboard/global-admin' },
  { label: 'Calendar Import', href: '/dashboard/global-admin/calendar-import' },
  { label: 'Master Feasts', href: '/dashboard/global-admin/master-feasts' },
];

// The specification gives guests no sidebar line; they hold view:dashboard and
// view:calendar, and Members and Music Library would only refuse them.
const GUEST_ITEMS: NavItem[] = [
  { label: 'Dashboard', href: '/dashboard' },
  { label: 'Calendar', href: '/dashboard/calendar' },
  { label: 'Announcements', href: '/dashboard/announcements' },
];

/** sidebarItems lists the sidebar entries of accounts §2.5 for a role. */
export function sidebarItems(role: Role): NavItem[] {
  switch (role) {
    case 'global_admin':
      return [...MEMBER_ITEMS, ...CHOIR_ADMIN_ITEMS, ...GLOBAL_ADMIN_ITEMS];
    case 'choir_admin':
      return [...MEMBER_ITEMS, ...CHOIR_ADMIN_ITEMS];
    case 'member':
      return [...MEMBER_ITEMS];
    case 'guest':
      return [...GUEST_ITEMS];
  }
}

/**
 * Links at the foot of the sidebar, for everyone. Both lead to the in-shell
 * twin of a public page (/help, /about), so the reader keeps the menu.
 */
export const SIDEBAR_FOOTER_LINKS: readonly NavItem[] = [
  { label: 'Help Center', href: '/dashboard/help' },
  { label: 'About', href: '/dashboard/about' },
];

/** initials gives the avatar letters: first and last name, else the email's first letter. */
export function initials(user: { firstName?: string; lastName?: string; email?: string }): string {
  const letters = [user.firstName, user.lastName]
    .map((name) => name?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase();
  return letters || (user.email?.charAt(0).toUpperCase() ?? '?');
}

/**
 * activeHref picks the item a path belongs to: the longest href equal to the
 * path or a parent of it. The dashboard home matches only itself, or every
 * page would light it up.
 */
export function activeHref(items: readonly NavItem[], pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  let best: string | null = null;
  for (const { href } of items) {
    const matches = path === href || (href !== '/dashboard' && path.startsWith(href + '/'));
    if (matches && (best === null || href.length > best.length)) best = href;
  }
  return best;
}

const ID_SEGMENT = [
  /^\d+$/, // numeric ids
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, // UUIDs
  /^\d{4}-\d{2}-\d{2}$/, // dates of the plan-music routes
  /^(?=.*\d)[A-Za-z0-9_-]{32,}$/, // emailed action tokens and other opaque keys
];

/**
 * titleFromPath derives the small-screen page title from the last path
 * segment (accounts §2.5). Segments that are ids, dates or tokens name no
 * page, so the segment before them is used; version suffixes (plan-music-v2)
 * are dropped.
 */
export function titleFromPath(pathname: string): string {
  const segments = pathname
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
  const segment = [...segments].reverse().find((s) => !ID_SEGMENT.some((re) => re.test(s)));
  if (!segment) return 'Cantica';
  return segment
    .replace(/-v\d+$/i, '')
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** isGlobalAdminPath: the global-admin pages, which need no current choir (accounts §4.10 step 4). */
export function isGlobalAdminPath(pathname: string): boolean {
  return pathname === '/dashboard/global-admin' || pathname.startsWith('/dashboard/global-admin/');
}
