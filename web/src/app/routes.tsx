import { Navigate, type RouteObject } from 'react-router';
import {
  AccountLayout,
  ConnectedAccountsPage,
  NotificationsPage,
  ProfilePage,
  SecurityPage,
} from '../features/account';
import { AuthCallbackPage, ForgotPasswordPage, LoginPage, RegisterPage, ResetPasswordPage } from '../features/auth';
import { CalendarPage, PlanMusicRedirect } from '../features/calendar';
import { ChoirSettingsPage, CreateChoirPage, SelectChoirPage, SettingsPage } from '../features/choirs';
import { DashboardPage } from '../features/dashboard';
import { CalendarImportPage, MasterFeastsPage } from '../features/feasts';
import { AcceptInvitePage } from '../features/invitations';
import { MembersPage, MusicalRolesPage } from '../features/members';
import { OnboardingWizard } from '../features/onboarding';
import { ComingSoonPage } from '../features/placeholder';
import { AboutPage, LandingPage, PrivacyPolicyPage, PublicLayout, TermsPage } from '../features/public';
import { AccessGuard } from './guards';
import { AppShellLayout } from './shell/AppShellLayout';
import { ErrorFallback } from './shell/ErrorFallback';

// soon renders a page whose feature lands in a later issue: the shell, the
// page's title and one line saying so.
function soon(title: string) {
  return <ComingSoonPage title={title} />;
}

// The route table of the specification (accounts document §2, calendar document §2).
export const routes: RouteObject[] = [
  {
    errorElement: <ErrorFallback />,
    children: [
      // Public routes (§2.1)
      { path: '/', element: <LandingPage /> },
      {
        element: <PublicLayout />,
        children: [
          { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
          { path: '/terms', element: <TermsPage /> },
          { path: '/about', element: <AboutPage /> },
          { path: '/login', element: <LoginPage /> },
          { path: '/register', element: <RegisterPage /> },
          { path: '/forgot-password', element: <ForgotPasswordPage /> },
          { path: '/reset-password', element: <ResetPasswordPage /> },
          { path: '/auth/callback', element: <AuthCallbackPage /> },
          { path: '/accept-invite', element: <AcceptInvitePage /> },
          { path: '/email/rsvp/:token/:action?', element: soon('RSVP') },
          { path: '/email/practice/:token', element: soon('Practice Session') },
          { path: '/email/event/:token', element: soon('Event') },
          { path: '/email/unsubscribe/:token', element: soon('Unsubscribe') },
        ],
      },

      // Signed-in routes (§2.2–2.4). Every one sits behind AccessGuard
      // (accounts §4.10): signed in, then a choir where one is required, then
      // the permission of §2.3 — which passes on any one of those listed.
      {
        element: <AccessGuard />,
        children: [
          // Routes that need no current choir: no shell.
          { path: '/select-choir', element: <SelectChoirPage /> },
          { path: '/choir-registration', element: <OnboardingWizard /> },
          { path: '/onboarding', element: <Navigate to="/choir-registration" replace /> },
          { path: '/choirs/create', element: <CreateChoirPage /> },
          { path: '/pricing', element: soon('Pricing') },
          {
            element: <AppShellLayout />,
            children: [
              // Dashboard pages that need a choir and nothing more.
              {
                element: <AccessGuard requireChoir />,
                children: [
              { path: '/dashboard/music', element: soon('Music Library') },
              { path: '/dashboard/directory', element: <Navigate to="/dashboard/members" replace /> },
              { path: '/dashboard/people', element: <Navigate to="/dashboard/members" replace /> },
              { path: '/dashboard/calendar', element: <CalendarPage /> },
              { path: '/dashboard/announcements', element: soon('Announcements') },
              { path: '/dashboard/settings/account', element: <Navigate to="/account/profile" replace /> },
              { path: '/dashboard/help', element: soon('Help') },
              { path: '/members', element: <MembersPage /> },
                ],
              },
              {
                element: <AccessGuard requireChoir permissions={['view:dashboard']} />,
                children: [{ path: '/dashboard', element: <DashboardPage /> }],
              },
              {
                element: <AccessGuard requireChoir permissions={['view:music']} />,
                children: [{ path: '/dashboard/music/:id', element: soon('Music Piece') }],
              },
              {
                element: <AccessGuard requireChoir permissions={['view:directory']} />,
                children: [{ path: '/dashboard/members', element: <MembersPage /> }],
              },
              {
                element: <AccessGuard requireChoir permissions={['view:calendar', 'manage:music']} />,
                children: [
              { path: '/dashboard/calendar/plan-music', element: soon('Plan Music') },
              { path: '/dashboard/calendar/plan-music/:date', element: <PlanMusicRedirect /> },
              { path: '/dashboard/calendar/plan-music-v2/:date', element: soon('Plan Music') },
              { path: '/dashboard/calendar/plan-music-v3/:date', element: soon('Plan Music') },
                ],
              },
              {
                element: <AccessGuard requireChoir permissions={['manage:announcements']} />,
                children: [{ path: '/dashboard/announcements/admin', element: soon('Manage Announcements') }],
              },
              {
                element: <AccessGuard requireChoir permissions={['view:analytics']} />,
                children: [{ path: '/dashboard/analytics', element: soon('Analytics') }],
              },
              {
                element: <AccessGuard requireChoir permissions={['manage:choir']} />,
                children: [{ path: '/dashboard/policies', element: soon('Policies') }],
              },
              {
                element: <AccessGuard requireChoir permissions={['manage:communications']} />,
                children: [{ path: '/dashboard/communications', element: soon('Communications') }],
              },
              {
                element: <AccessGuard requireChoir permissions={['view:settings']} />,
                children: [
              { path: '/dashboard/settings', element: <SettingsPage /> },
                ],
              },
              {
                element: <AccessGuard requireChoir permissions={['edit:settings']} />,
                children: [
              { path: '/dashboard/settings/musical-roles', element: <MusicalRolesPage /> },
              { path: '/dashboard/settings/choir', element: <ChoirSettingsPage /> },
                ],
              },
              // Global-admin pages: no choir needed (Global Admin Mode).
              {
                element: <AccessGuard permissions={['admin:global']} />,
                children: [
              { path: '/dashboard/global-admin', element: soon('Global Admin') },
              { path: '/dashboard/global-admin/calendar-import', element: <CalendarImportPage /> },
              { path: '/dashboard/global-admin/subscriptions', element: soon('Subscriptions') },
              { path: '/dashboard/global-admin/master-feasts', element: <MasterFeastsPage /> },
                ],
              },
              // Signed in only.
              { path: '/dashboard/about', element: <AboutPage /> },
              {
                path: '/account',
                element: <AccountLayout />,
                children: [
                  { index: true, element: <Navigate to="/account/profile" replace /> },
                  { path: 'profile', element: <ProfilePage /> },
                  { path: 'security', element: <SecurityPage /> },
                  { path: 'connected', element: <ConnectedAccountsPage /> },
                  { path: 'notifications', element: <NotificationsPage /> },
                ],
              },
              { path: '/help', element: soon('Help Center') },
              { path: '/help/:guideId', element: soon('Help Center') },
            ],
          },
        ],
      },

      // Any unknown path redirects to / (§2.1).
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
