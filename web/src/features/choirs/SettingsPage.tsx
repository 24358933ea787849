import { Box, Group, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconMicrophone2, IconSettings, IconUserCircle, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router';

interface SettingsLink {
  title: string;
  text: string;
  to: string;
  icon: Icon;
}

export const SETTINGS_LINKS: readonly SettingsLink[] = [
  {
    title: 'Choir Settings',
    text: 'Name, location, time zone, and the tradition your calendar follows.',
    to: '/dashboard/settings/choir',
    icon: IconSettings,
  },
  {
    title: 'Musical Roles',
    text: 'The voice parts and roles your singers can take.',
    to: '/dashboard/settings/musical-roles',
    icon: IconMicrophone2,
  },
  {
    title: 'Account Settings',
    text: 'Your profile, password, connected accounts and notifications.',
    to: '/account/profile',
    icon: IconUserCircle,
  },
];

/** SettingsPage (/dashboard/settings) leads to the choir's and the user's settings. */
export function SettingsPage() {
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>Settings</Title>
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {SETTINGS_LINKS.map((item) => (
          <li key={item.to}>
            <UnstyledButton
              component={Link}
              to={item.to}
              p="md"
              w="100%"
              style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
            >
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="filled" radius="md" size="lg" aria-hidden>
                  <item.icon size={20} />
                </ThemeIcon>
                <Box miw={0} style={{ flex: 1 }}>
                  <Text fw={600}>{item.title}</Text>
                  <Text size="sm" c="dimmed">
                    {item.text}
                  </Text>
                </Box>
                <IconChevronRight size={18} aria-hidden style={{ flexShrink: 0 }} />
              </Group>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
