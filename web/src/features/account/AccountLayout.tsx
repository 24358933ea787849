import { Button, Container, Group, Stack, Title } from '@mantine/core';
import { IconBell, IconDatabase, IconPlugConnected, IconShieldLock, IconUser, type Icon } from '@tabler/icons-react';
import { Link, Outlet, useLocation } from 'react-router';

export interface AccountTab {
  href: string;
  label: string;
  icon: Icon;
}

/** The account area's sub-pages (accounts §2.4). */
export const ACCOUNT_TABS: readonly AccountTab[] = [
  { href: '/account/profile', label: 'Profile', icon: IconUser },
  { href: '/account/security', label: 'Security', icon: IconShieldLock },
  { href: '/account/connected', label: 'Connected Accounts', icon: IconPlugConnected },
  { href: '/account/notifications', label: 'Notifications', icon: IconBell },
  { href: '/account/privacy', label: 'Your data', icon: IconDatabase },
];

/** AccountLayout is the account area: its one h1, the links between its pages, and the page. */
export function AccountLayout() {
  const { pathname } = useLocation();
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <Title order={1}>Account Settings</Title>
        <nav aria-label="Account">
          <Group gap={6} wrap="wrap">
            {ACCOUNT_TABS.map((tab) => {
              const active = pathname === tab.href || pathname.startsWith(`${tab.href}/`);
              const TabIcon = tab.icon;
              return (
                <Button
                  key={tab.href}
                  component={Link}
                  to={tab.href}
                  variant={active ? 'light' : 'subtle'}
                  color={active ? undefined : 'gray'}
                  size="sm"
                  leftSection={<TabIcon size={16} stroke={1.5} aria-hidden />}
                  aria-current={active ? 'page' : undefined}
                >
                  {tab.label}
                </Button>
              );
            })}
          </Group>
        </nav>
        <Outlet />
      </Stack>
    </Container>
  );
}
