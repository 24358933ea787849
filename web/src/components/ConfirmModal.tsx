import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** ConfirmModal asks before something that cannot be undone; the confirm button is red. */
export function ConfirmModal({ opened, title, children, confirmLabel, busy, onConfirm, onClose }: ConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={busy ? () => {} : onClose} title={title} centered>
      <Stack gap="md">
        <Text>{children}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color="red.9" onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
