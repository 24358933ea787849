import {
  ActionIcon,
  AppShell,
  Avatar,
  Box,
  Burger,
  Button,
  Divider,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import {
  IconCalendar,
  IconCalendarPlus,
  IconChartBar,
  IconDatabase,
  IconFileText,
  IconHelp,
  IconInfoCircle,
  IconLayoutDashboard,
  IconMicrophone2,
  IconMusic,
  IconPlugConnected,
  IconSettings,
  IconSpeakerphone,
  IconStars,
  IconUserCircle,
  IconUsers,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useSearchParams } from 'react-router';
import type { SessionUser } from '../../api/client';
import { reportError } from '../errors';
import { useChoir } from '../choir';
import { UnreadBadge } from '../../features/announcements';
import { StandingBanners } from '../../features/billing';
import { guideForPath } from '../../features/help';
import { useAnswerOutbox, usePrewarmedEvents } from '../../features/calendar';
import { usePracticeOutbox } from '../pwa/practiceOutbox';
import type { Role } from '../permissions';
import { InstallHint, OfflineNotice, ServiceWorkerSetup } from '../pwa';
import { SignOutButton } from '../signOut';
import { ChoirSwitcher } from './ChoirSwitcher';
import { ErrorBoundary } from './ErrorFallback';
import {
  activeHref,
  initials,
  SIDEBAR_FOOTER_LINKS,
  sidebarItems,
  titleFromPath,
  type NavItem,
} from './navigation';
import { ShellSkeleton } from './ShellSkeleton';
import { ThemeToggle } from './ThemeToggle';
import { MOBILE_QUERY } from '../../components/phone';

const ICONS: Record<string, Icon> = {
  '/dashboard': IconLayoutDashboard,
  '/dashboard/music': IconMusic,
  '/dashboard/members': IconUsers,
  '/dashboard/calendar': IconCalendar,
  '/dashboard/announcements': IconSpeakerphone,
  '/dashboard/analytics': IconChartBar,
  '/dashboard/policies': IconFileText,
  '/dashboard/settings/choir': IconSettings,
  '/dashboard/settings/musical-roles': IconMicrophone2,
  '/dashboard/global-admin': IconWorld,
  '/dashboard/global-admin/calendar-import': IconCalendarPlus,
  '/dashboard/global-admin/master-feasts': IconStars,
  '/dashboard/help': IconHelp,
  '/dashboard/about': IconInfoCircle,
};


/**
 * AppShellLayout is the navigation shell of accounts §2.5 around signed-in
 * pages. With no current choir the page renders without the shell, except
 * for a global admin (Global Admin Mode keeps the global-admin pages in it).
 */
export function AppShellLayout() {
  const { user, loading, currentChoir, isGlobalAdmin, role, can } = useChoir();
  const { pathname } = useLocation();
  usePrewarmedEvents(currentChoir?.id ?? null, can('view:calendar'));
  useAnswerOutbox(!!user);
  usePracticeOutbox(!!user);
  // The guards send signed-out visitors away; until they do, keep the skeleton.
  if (loading || !user) return <ShellSkeleton />;
  if (!currentChoir && !isGlobalAdmin) {
    return (
      <Box component="main" miw={320} p="md">
        <ErrorBoundary resetKey={pathname}>
          <Outlet />
        </ErrorBoundary>
      </Box>
    );
  }
  return <Shell user={user} role={role} choirId={currentChoir?.id ?? null} />;
}

function Shell({ user, role, choirId }: { user: SessionUser; role: Role; choirId: string | null }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  // Read at the first render, so a phone does not render the desktop's shell first.
  const isMobile = useMediaQuery(MOBILE_QUERY, undefined, { getInitialValueInEffect: false });
  const { pathname } = useLocation();
  // On a phone the navigation is a drawer: its links are rendered when it is
  // first opened, not with every first page (a slow phone's processor is
  // what holds that page up), and then kept for its sliding.
  const [drawerOpenedOnce, setDrawerOpenedOnce] = useState(false);
  if (opened && !drawerOpenedOnce) setDrawerOpenedOnce(true);

  // A tap on a link in the mobile drawer should reveal the page it opened.
  useEffect(() => close(), [pathname, close]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: { sm: 250, lg: 280 }, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
      style={{ minWidth: 320 }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={opened}
              aria-controls="app-navigation"
            />
            {/* Not a heading: each page carries its own h1. */}
            <Text fw={700} size="lg" truncate>
              {isMobile ? titleFromPath(pathname) : 'Cantica'}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <PageHelpLink pathname={pathname} role={role} />
            <ChoirSwitcher />
            <ThemeToggle />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar id="app-navigation" p="md" aria-label="Main navigation">
        {(!isMobile || drawerOpenedOnce) && <Sidebar user={user} role={role} pathname={pathname} choirId={choirId} />}
      </AppShell.Navbar>

      <AppShell.Main>
        <ServiceWorkerSetup />
        <OfflineNotice />
        <StandingBanners choirId={choirId} />
        <ErrorBoundary resetKey={pathname}>
          <Outlet />
        </ErrorBoundary>
      </AppShell.Main>
    </AppShell>
  );
}

function Sidebar({ user, role, pathname, choirId }: { user: SessionUser; role: Role; pathname: string; choirId: string | null }) {
  const items = sidebarItems(role);
  const active = activeHref([...items, ...SIDEBAR_FOOTER_LINKS], pathname);
  const fullName = `${user.firstName} ${user.lastName}`.trim();

  return (
    <>
      <AppShell.Section>
        <Group gap="sm" wrap="nowrap">
          <Avatar color="violet" radius="xl" aria-hidden>
            {initials(user)}
          </Avatar>
          <Box miw={0}>
            <Text fw={600} size="sm" truncate>
              {fullName || user.email}
            </Text>
            <Text c="dimmed" size="xs" truncate>
              {user.email}
            </Text>
          </Box>
        </Group>
      </AppShell.Section>

      <Divider my="sm" />

      <AppShell.Section grow component={ScrollArea} mx="-xs" px="xs">
        <NavList items={items} active={active} choirId={choirId} />
      </AppShell.Section>

      <Divider my="sm" />

      <AppShell.Section>
        <NavList items={SIDEBAR_FOOTER_LINKS} active={active} />
        <SentryTestButton />
        <SignOutButton mt="sm" fullWidth />
      </AppShell.Section>
    </>
  );
}

function NavList({ items, active, choirId = null }: { items: readonly NavItem[]; active: string | null; choirId?: string | null }) {
  return (
    <Stack gap={2}>
      {items.map((item) => {
        const ItemIcon = ICONS[item.href];
        const isActive = item.href === active;
        return (
          <NavLink
            key={item.href}
            component={Link}
            to={item.href}
            label={item.label}
            active={isActive}
            aria-current={isActive ? 'page' : undefined}
            leftSection={ItemIcon ? <ItemIcon size={18} stroke={1.5} aria-hidden /> : undefined}
            rightSection={item.href === '/dashboard/announcements' ? <UnreadBadge choirId={choirId} /> : undefined}
          />
        );
      })}
    </Stack>
  );
}

/**
 * PageHelpLink is the shell's one "?": it opens the help center's guide to
 * the page on screen, chosen from the route (features/help/guideRoutes.ts).
 */
function PageHelpLink({ pathname, role }: { pathname: string; role: Role }) {
  const guide = guideForPath(pathname, role);
  if (!guide) return null;
  return (
    <ActionIcon component={Link} to={`/dashboard/help/${guide}`} variant="default" size="lg" aria-label="Help for this page">
      <IconHelp size={20} stroke={1.5} aria-hidden />
    </ActionIcon>
  );
}

function UserMenu() {
  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label="User menu">
          <IconUserCircle size={20} stroke={1.5} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/account/profile" leftSection={<IconSettings size={16} aria-hidden />}>
          Account Settings
        </Menu.Item>
        <Menu.Item component={Link} to="/account/connected" leftSection={<IconPlugConnected size={16} aria-hidden />}>
          Connected Accounts
        </Menu.Item>
        <Menu.Item component={Link} to="/account/privacy" leftSection={<IconDatabase size={16} aria-hidden />}>
          Your data
        </Menu.Item>
        <InstallHint />
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The hidden test button of accounts §2.5. Error reporting is disabled, so
 * the test error only reaches the console.
 */
function SentryTestButton() {
  const [params] = useSearchParams();
  if (params.get('sentry-test') !== 'true') return null;
  return (
    <Button
      mt="sm"
      fullWidth
      size="xs"
      variant="light"
      color="red"
      onClick={() => reportError(new Error('Test error from the sentry-test button'))}
    >
      Send test error
    </Button>
  );
}
