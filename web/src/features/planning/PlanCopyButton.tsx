import { Button } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import type { Plan } from './api';

/** PlanCopyButton offers to copy an earlier plan into this one. */
export function PlanCopyButton({ plan }: { choirId: string; plan: Plan }) {
  return (
    <Button variant="default" size="sm" leftSection={<IconCopy size={16} aria-hidden />} disabled data-plan={plan.id}>
      Copy from…
    </Button>
  );
}
