import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** PageHeader is a page's one h1 with the page's main actions beside it, wrapping below on a narrow screen. */
export function PageHeader({ title, actions }: { title: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" gap="sm">
      <Title order={1}>{title}</Title>
      {actions}
    </Group>
  );
}
