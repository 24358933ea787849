import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { accountPages } from '../features/account';
import { analyticsPages } from '../features/analytics';
import { announcementPages } from '../features/announcements';
import { billingPages } from '../features/billing';
import { calendarPages } from '../features/calendar';
import { choirPages } from '../features/choirs';
import { communicationPages } from '../features/communications';
import { dashboardPages } from '../features/dashboard';
import { feastPages } from '../features/feasts';
import { globalAdminPages } from '../features/globaladmin';
import { helpPages } from '../features/help';
import { memberPages } from '../features/members';
import { musicPages } from '../features/music';
import { onboardingPages } from '../features/onboarding';
import { planningPages } from '../features/planning';
import { policyPages } from '../features/policies';
import { publicPages } from '../features/public';
import { AccessGuard, GuardSkeleton } from './guards';
import { publicLayoutRoutes } from './publicRoutes';
import { AppShellLayout } from './shell/AppShellLayout';
import { ErrorFallback } from './shell/ErrorFallback';
import { ShellSkeleton } from './shell/ShellSkeleton';

// Every page is a chunk of its own that React Router loads when a route
// matches, before rendering it (all matched routes at once). The navigation
// shell is not: nearly every signed-in page opens in it, and as a chunk of its
// own it came with a dozen small shared files, each a round trip on a phone
// before the first page could show. During navigation the current page stays
// until the next one has loaded. On a first visit the routes above the first
// lazy one render (so the guard asks for the session meanwhile) around the
// skeleton of the deepest route that has one: the shell's for dashboard
// pages, the guard's for the signed-in pages without the shell, nothing for
// public pages.

/** page is a route's lazy loader for a page component. */
function page(load: () => Promise<ComponentType>) {
  return async () => ({ Component: await load() });
}


/** Nothing, on a first visit to a public page while its code loads (as before any script ran). */
function Blank() {
  return null;
}

// The route table of the specification (accounts document §2, calendar document §2).
export const routes: RouteObject[] = [
  {
    errorElement: <ErrorFallback />,
    HydrateFallback: Blank,
    children: [
      // Public routes (§2.1)
      { path: '/', lazy: page(publicPages.LandingPage) },
      {
        lazy: page(publicPages.PublicLayout),
        children: [
          ...publicLayoutRoutes.map(({ path, load }) => ({ path, lazy: page(load) })),
        ],
      },

      // Signed-in routes (§2.2–2.4). Every one sits behind AccessGuard
      // (accounts §4.10): signed in, then a choir where one is required, then
      // the permission of §2.3 — which passes on any one of those listed.
      {
        element: <AccessGuard />,
        children: [
          // Routes that need no current choir: no shell.
          { path: '/select-choir', lazy: page(choirPages.SelectChoirPage), hydrateFallbackElement: <GuardSkeleton /> },
          {
            path: '/choir-registration',
            lazy: page(onboardingPages.OnboardingWizard),
            hydrateFallbackElement: <GuardSkeleton />,
          },
          { path: '/onboarding', element: <Navigate to="/choir-registration" replace /> },
          { path: '/choirs/create', lazy: page(choirPages.CreateChoirPage), hydrateFallbackElement: <GuardSkeleton /> },
          { path: '/pricing', lazy: page(billingPages.PricingPage), hydrateFallbackElement: <GuardSkeleton /> },
          {
            Component: AppShellLayout,
            hydrateFallbackElement: <ShellSkeleton />,
            children: [
              // Dashboard pages that need a choir and nothing more.
              {
                element: <AccessGuard requireChoir />,
                children: [
              { path: '/dashboard/music', lazy: page(musicPages.MusicLibraryPage) },
              { path: '/dashboard/directory', element: <Navigate to="/dashboard/members" replace /> },
              { path: '/dashboard/people', element: <Navigate to="/dashboard/members" replace /> },
              { path: '/dashboard/calendar', lazy: page(calendarPages.CalendarPage) },
              { path: '/dashboard/announcements', lazy: page(announcementPages.AnnouncementsPage) },
              { path: '/dashboard/settings/account', element: <Navigate to="/account/profile" replace /> },
              { path: '/members', lazy: page(memberPages.MembersPage) },
                ],
              },
              {
                element: <AccessGuard requireChoir permissions={['view:dashboard']} />,
                children: [{ path: '/dashboard', lazy: page(dashboardPages.DashboardPage) }],
              },
              {
                element: <AccessGuard requireChoir permissions={['view:music']} />,
                children: [{ path: '/dashboard/music/:id', lazy: page(musicPages.MusicPiecePage) }],
              },
              {
                element: <AccessGuard requireChoir permissions={['view:directory']} />,
                children: [{ path: '/dashboard/members', lazy: page(memberPages.MembersPage) }],
              },
              {
                element: <AccessGuard requireChoir permissions={['view:calendar', 'manage:music']} />,
                children: [
              { path: '/dashboard/calendar/plan-music', lazy: page(planningPages.NextServiceRedirect) },
              { path: '/dashboard/calendar/plan-music/:date', lazy: page(calendarPages.PlanMusicRedirect) },
              { path: '/dashboard/calendar/plan-music-v2/:date', lazy: page(planningPages.PhonePlanPage) },
              { path: '/dashboard/calendar/plan-music-v3/:date', lazy: page(planningPages.DesktopPlanPage) },
              { path: '/dashboard/calendar/music-usage', lazy: page(planningPages.MusicUsagePage) },
                ],
              },
              {
                element: <AccessGuard requireChoir permissions={['edit:calendar']} />,
                children: [{ path: '/dashboard/calendar/attendance/:eventId', lazy: page(calendarPages.AttendancePage) }],
              },
              {
                element: <AccessGuard requireChoir permissions={['manage:announcements']} />,
                children: [{ path: '/dashboard/announcements/admin', lazy: page(announcementPages.PlatformAnnouncementsPage) }],
              },
              {
                element: <AccessGuard requireChoir permissions={['view:analytics']} />,
                children: [{ path: '/dashboard/analytics', lazy: page(analyticsPages.AnalyticsPage) }],
              },
              {
                // A singer's own year (issue 28): every member.
                element: <AccessGuard requireChoir permissions={['view:dashboard']} />,
                children: [{ path: '/dashboard/analytics/me', lazy: page(analyticsPages.MyAnalyticsPage) }],
              },
              {
                element: <AccessGuard requireChoir permissions={['manage:choir']} />,
                children: [{ path: '/dashboard/policies', lazy: page(policyPages.PoliciesPage) }],
              },
              {
                element: <AccessGuard requireChoir permissions={['manage:communications']} />,
                children: [{ path: '/dashboard/communications', lazy: page(communicationPages.CommunicationsPage) }],
              },
              {
                element: <AccessGuard requireChoir permissions={['view:settings']} />,
                children: [
              { path: '/dashboard/settings', lazy: page(choirPages.SettingsPage) },
                ],
              },
              {
                element: <AccessGuard requireChoir permissions={['edit:settings']} />,
                children: [
              { path: '/dashboard/settings/musical-roles', lazy: page(memberPages.MusicalRolesPage) },
              { path: '/dashboard/settings/choir', lazy: page(choirPages.ChoirSettingsPage) },
                ],
              },
              // Global-admin pages: no choir needed (Global Admin Mode).
              {
                element: <AccessGuard permissions={['admin:global']} />,
                children: [
              { path: '/dashboard/global-admin', lazy: page(globalAdminPages.GlobalAdminPage) },
              { path: '/dashboard/global-admin/calendar-import', lazy: page(feastPages.CalendarImportPage) },
              { path: '/dashboard/global-admin/subscriptions', lazy: page(globalAdminPages.SubscriptionsPage) },
              { path: '/dashboard/global-admin/master-feasts', lazy: page(feastPages.MasterFeastsPage) },
                ],
              },
              // Signed in only.
              { path: '/dashboard/about', lazy: page(publicPages.AboutPage) },
              // The help center in the shell; /help is its public twin (publicPaths.ts).
              { path: '/dashboard/help', lazy: page(helpPages.HelpCenterPage) },
              { path: '/dashboard/help/:guideId', lazy: page(helpPages.GuidePage) },
              {
                path: '/account',
                lazy: page(accountPages.AccountLayout),
                children: [
                  { index: true, element: <Navigate to="/account/profile" replace /> },
                  { path: 'profile', lazy: page(accountPages.ProfilePage) },
                  { path: 'security', lazy: page(accountPages.SecurityPage) },
                  { path: 'connected', lazy: page(accountPages.ConnectedAccountsPage) },
                  { path: 'notifications', lazy: page(accountPages.NotificationsPage) },
                  { path: 'privacy', lazy: page(accountPages.YourDataPage) },
                ],
              },
            ],
          },
        ],
      },

      // Any unknown path redirects to / (§2.1).
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
