import { Button, Menu, Text } from '@mantine/core';
import { IconCheck, IconChevronDown, IconPlus, IconUsersGroup, IconWorld } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useChoir } from '../choir';
import { roleLabel } from '../permissions';

/**
 * ChoirSwitcher is the top bar's choir menu (accounts §2.5): shown only to a
 * global admin or a user with more than one choir. It lists 'Your Choirs'
 * with the user's role in each, 'Create New Choir', and for a global admin
 * 'Global Admin Mode' (no choir).
 */
export function ChoirSwitcher() {
  const { choirs, currentChoir, isGlobalAdmin, switching, switchChoir } = useChoir();
  const navigate = useNavigate();

  if (!isGlobalAdmin && choirs.length <= 1) return null;

  async function choose(choirId: string | null) {
    if (choirId !== null && choirId === currentChoir?.id) return;
    if (choirId === null && currentChoir === null) return;
    if (await switchChoir(choirId)) {
      // Global Admin Mode has no choir dashboard; its home is the global admin page.
      navigate(choirId === null ? '/dashboard/global-admin' : '/dashboard');
    }
  }

  const currentLabel = currentChoir?.name ?? (isGlobalAdmin ? 'Global Admin Mode' : 'Select a choir');

  return (
    <Menu position="bottom-end" width={260} withinPortal closeOnEscape closeOnClickOutside>
      <Menu.Target>
        <Button
          variant="default"
          px="xs"
          maw={{ base: 120, xs: 200, sm: 260 }}
          aria-busy={switching || undefined}
          // The visible label is the choir's name; say what the button does too.
          aria-label={switching ? undefined : `Current choir: ${currentLabel}`}
          leftSection={<IconUsersGroup size={16} stroke={1.5} aria-hidden />}
          rightSection={<IconChevronDown size={14} stroke={1.5} aria-hidden />}
          styles={{ label: { overflow: 'hidden', minWidth: 0 } }}
        >
          <Text span inherit truncate>
            {switching ? 'Switching...' : currentLabel}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Your Choirs</Menu.Label>
        {choirs.map((m) => {
          const isCurrent = m.choir.id === currentChoir?.id;
          return (
            <Menu.Item
              key={m.choir.id}
              aria-current={isCurrent || undefined}
              onClick={() => void choose(m.choir.id)}
              leftSection={
                isCurrent ? <IconCheck size={16} aria-hidden /> : <span style={{ display: 'inline-block', width: 16 }} />
              }
            >
              <Text span display="block" size="sm" fw={isCurrent ? 600 : 400} truncate>
                {m.choir.name}
              </Text>
              <Text span display="block" size="xs" c="dimmed">
                {roleLabel(m.role)}
              </Text>
            </Menu.Item>
          );
        })}
        {isGlobalAdmin && (
          <>
            <Menu.Divider />
            <Menu.Item
              aria-current={currentChoir === null || undefined}
              onClick={() => void choose(null)}
              leftSection={<IconWorld size={16} aria-hidden />}
              rightSection={currentChoir === null ? <IconCheck size={16} aria-hidden /> : undefined}
            >
              Global Admin Mode
            </Menu.Item>
          </>
        )}
        <Menu.Divider />
        <Menu.Item component={Link} to="/choirs/create" leftSection={<IconPlus size={16} aria-hidden />}>
          Create New Choir
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
