import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { HttpError } from '../../api/client';
import { ErrorAlert } from '../../components/ErrorAlert';
import type { Plan } from './api';

/**
 * usePlanConflict keeps a save refused because someone else saved the plan
 * first (409), and the reload that answers it: the plan read again, handed
 * to onFresh, which takes it over the draft.
 */
export function usePlanConflict(reread: () => Promise<Plan | undefined>, onFresh: (plan: Plan) => void) {
  const [message, setMessage] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  return {
    message,
    reloading,
    clear: () => setMessage(null),
    /** caught keeps a conflict and says whether the error was one. */
    caught(err: unknown): boolean {
      if (!(err instanceof HttpError && err.status === 409)) return false;
      setMessage(err.message);
      return true;
    },
    async reload() {
      setReloading(true);
      try {
        const fresh = await reread();
        if (fresh) onFresh(fresh);
        setMessage(null);
      } finally {
        setReloading(false);
      }
    },
  };
}

export type PlanConflict = ReturnType<typeof usePlanConflict>;

/** ConflictAlert says the plan was not saved, and why, with 'Reload'. */
export function ConflictAlert({ conflict, height }: { conflict: PlanConflict; height?: number }) {
  if (!conflict.message) return null;
  return (
    <ErrorAlert role="alert" title="Not saved">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{conflict.message}</Text>
        <Button size="xs" h={height} variant="default" loading={conflict.reloading} onClick={() => void conflict.reload()}>
          Reload
        </Button>
      </Group>
    </ErrorAlert>
  );
}
