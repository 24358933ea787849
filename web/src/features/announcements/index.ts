// Announcements: what the app and other features may use.
export { UnreadAnnouncementsNotice, UnreadBadge } from './UnreadAnnouncements';
export { unreadAnnouncementsQuery } from './api';

/** Pages for the router: each is loaded when its route is first visited. */
export const announcementPages = {
  AnnouncementsPage: () => import('./AnnouncementsPage').then((m) => m.AnnouncementsPage),
  PlatformAnnouncementsPage: () => import('./PlatformAnnouncementsPage').then((m) => m.PlatformAnnouncementsPage),
};
