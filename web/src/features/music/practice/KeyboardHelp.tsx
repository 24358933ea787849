import { Button, Kbd, Modal, Table } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconKeyboard } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { SHORTCUTS, shortcutFor, type Shortcut } from './shortcuts';

/**
 * KeyboardHelp is the "Keyboard shortcuts" button and the overlay it
 * opens, which the ? key opens too: every shortcut of the studio, from the
 * one list the keys are matched against. A phone or tablet used by touch
 * alone (no hovering pointer) has no keyboard to use them with, so the
 * button is not shown there; the ? key still opens the overlay wherever a
 * keyboard is attached.
 */
export const TOUCH_ONLY = '(hover: none) and (pointer: coarse)';

export function KeyboardHelp() {
  const [opened, setOpened] = useState(false);
  const touchOnly = useMediaQuery(TOUCH_ONLY, false, { getInitialValueInEffect: false });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (shortcutFor(e) !== 'help') return;
      e.preventDefault();
      setOpened(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      {!touchOnly && (
        <Button variant="default" size="xs" leftSection={<IconKeyboard size={16} aria-hidden />} onClick={() => setOpened(true)}>
          Keyboard shortcuts
        </Button>
      )}
      <Modal opened={opened} onClose={() => setOpened(false)} title="Keyboard shortcuts">
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Key</Table.Th>
              <Table.Th>Action</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(Object.values(SHORTCUTS) as Shortcut[]).map((s) => (
              <Table.Tr key={s.description}>
                <Table.Td>
                  <Kbd>{s.label}</Kbd>
                </Table.Td>
                <Table.Td>{s.description}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Modal>
    </>
  );
}
