import { describe, expect, it } from 'vitest';
import { activeHref, initials, SIDEBAR_FOOTER_LINKS, sidebarItems, titleFromPath } from './navigation';

const labels = (role: Parameters<typeof sidebarItems>[0]) => sidebarItems(role).map((i) => i.label);

const MEMBER = ['Dashboard', 'Music Library', 'Members', 'Calendar', 'Announcements'];
const CHOIR_ADMIN = ['Analytics', 'Policies', 'Choir Settings', 'Musical Roles'];
const GLOBAL_ADMIN = ['Global Admin', 'Calendar Import', 'Master Feasts'];

describe('sidebarItems', () => {
  it('gives a member the member items, announcements included', () => {
    expect(labels('member')).toEqual(MEMBER);
  });

  it('adds the choir admin items for a choir admin', () => {
    expect(labels('choir_admin')).toEqual([...MEMBER, ...CHOIR_ADMIN]);
  });

  it('adds the global admin items for a global admin', () => {
    expect(labels('global_admin')).toEqual([...MEMBER, ...CHOIR_ADMIN, ...GLOBAL_ADMIN]);
  });

  it('gives a guest the dashboard and the calendar', () => {
    expect(labels('guest')).toEqual(['Dashboard', 'Calendar', 'Announcements']);
  });

  it('links each item to its route', () => {
    expect(sidebarItems('global_admin')).toEqual([
      { label: 'Dashboard', href: '/dashboard' },
      { label: 'Music Library', href: '/dashboard/music' },
      { label: 'Members', href: '/dashboard/members' },
      { label: 'Calendar', href: '/dashboard/calendar' },
      { label: 'Announcements', href: '/dashboard/announcements' },
      { label: 'Analytics', href: '/dashboard/analytics' },
      { label: 'Policies', href: '/dashboard/policies' },
      { label: 'Choir Settings', href: '/dashboard/settings/choir' },
      { label: 'Musical Roles', href: '/dashboard/settings/musical-roles' },
      { label: 'Global Admin', href: '/dashboard/global-admin' },
      { label: 'Calendar Import', href: '/dashboard/global-admin/calendar-import' },
      { label: 'Master Feasts', href: '/dashboard/global-admin/master-feasts' },
    ]);
  });

  it('has the footer links for everyone', () => {
    expect(SIDEBAR_FOOTER_LINKS).toEqual([
      { label: 'Help Center', href: '/dashboard/help' },
      { label: 'About', href: '/dashboard/about' },
    ]);
  });
});

describe('titleFromPath', () => {
  it.each([
    ['/dashboard', 'Dashboard'],
    ['/dashboard/', 'Dashboard'],
    ['/dashboard/global-admin/master-feasts', 'Master Feasts'],
    ['/dashboard/global-admin/calendar-import', 'Calendar Import'],
    ['/dashboard/settings/musical-roles', 'Musical Roles'],
    ['/dashboard/music', 'Music'],
    ['/dashboard/music/123', 'Music'],
    ['/dashboard/music/6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b', 'Music'],
    ['/dashboard/calendar/plan-music/2025-12-25', 'Plan Music'],
    ['/dashboard/calendar/plan-music-v2/2025-12-25', 'Plan Music'],
    ['/dashboard/calendar/plan-music-v3/2025-12-25', 'Plan Music'],
    ['/account/connected', 'Connected'],
    ['/help/getting-started', 'Getting Started'],
    ['/', 'Cantica'],
  ])('%s → %s', (path, title) => {
    expect(titleFromPath(path)).toBe(title);
  });
});

describe('initials', () => {
  it('takes the first letters of both names', () => {
    expect(initials({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' })).toBe('AL');
    expect(initials({ firstName: 'élise', lastName: 'dupont' })).toBe('ÉD');
  });

  it('falls back to the email', () => {
    expect(initials({ firstName: '', lastName: '', email: 'bob@example.com' })).toBe('B');
  });
});

describe('activeHref', () => {
  const items = [...sidebarItems('global_admin'), ...SIDEBAR_FOOTER_LINKS];
  it.each([
    ['/dashboard', '/dashboard'],
    ['/dashboard/music/42', '/dashboard/music'],
    ['/dashboard/global-admin/master-feasts', '/dashboard/global-admin/master-feasts'],
    ['/dashboard/global-admin/subscriptions', '/dashboard/global-admin'],
    ['/dashboard/help/calendar', '/dashboard/help'],
    ['/dashboard/settings/account', null],
    ['/account/profile', null],
  ])('%s → %s', (path, href) => {
    expect(activeHref(items, path)).toBe(href);
  });
});
