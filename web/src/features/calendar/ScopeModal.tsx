import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useCallback, useRef, useState } from 'react';
import type { EditScope } from './api';

export type ScopeAction = 'edit' | 'move' | 'delete';

/** The three answers of the scope question, in the order shown. */
export const SCOPE_CHOICES: readonly { scope: EditScope; label: string }[] = [
  { scope: 'single', label: 'This event' },
  { scope: 'following', label: 'This and following events' },
  { scope: 'all', label: 'All events' },
];

const TITLES: Record<ScopeAction, string> = {
  edit: 'Edit recurring event',
  move: 'Move recurring event',
  delete: 'Delete recurring event',
};

const QUESTIONS: Record<ScopeAction, string> = {
  edit: 'This event repeats. Which events should the changes apply to?',
  move: 'This event repeats. Which events should move?',
  delete: 'This event repeats. Which events do you want to delete?',
};

/** Above the event dialog it may be asked from (Mantine's modals sit at 200). */
const SCOPE_Z_INDEX = 300;

export interface ScopeModalProps {
  action: ScopeAction | null;
  /** The chosen scope, or null for Cancel. */
  onAnswer: (scope: EditScope | null) => void;
}

/** ScopeModal asks how far a change to an occurrence of a recurring event reaches. */
export function ScopeModal({ action, onAnswer }: ScopeModalProps) {
  return (
    <Modal opened={action !== null} onClose={() => onAnswer(null)} title={action ? TITLES[action] : ''} centered zIndex={SCOPE_Z_INDEX}>
      {action && (
        <Stack gap="md">
          <Text>{QUESTIONS[action]}</Text>
          <Stack gap="xs">
            {SCOPE_CHOICES.map(({ scope, label }) => (
              <Button
                key={scope}
                variant={scope === 'single' ? 'filled' : 'default'}
                color={action === 'delete' && scope === 'single' ? 'red.9' : undefined}
                onClick={() => onAnswer(scope)}
                fullWidth
              >
                {label}
              </Button>
            ))}
          </Stack>
          <Group justify="flex-end">
            <Button variant="subtle" onClick={() => onAnswer(null)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * useScopeQuestion gives ask(), which opens the scope question and resolves
 * with the answer (null for Cancel), and the modal to render.
 */
export function useScopeQuestion() {
  const [action, setAction] = useState<ScopeAction | null>(null);
  const resolver = useRef<((scope: EditScope | null) => void) | null>(null);

  const ask = useCallback((next: ScopeAction) => {
    resolver.current?.(null);
    setAction(next);
    return new Promise<EditScope | null>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const onAnswer = useCallback((scope: EditScope | null) => {
    resolver.current?.(scope);
    resolver.current = null;
    setAction(null);
  }, []);

  return { ask, modal: <ScopeModal action={action} onAnswer={onAnswer} /> };
}
