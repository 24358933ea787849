import { Alert, Button, Group, Text, type AlertProps } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** ErrorAlert is the red box that says something failed; give it role="alert" where it appears after an action. */
export function ErrorAlert(props: Omit<AlertProps, 'color' | 'variant' | 'icon'>) {
  return <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} {...props} />;
}

/** RetryAlert says in one line that something could not load, with 'Try again' beside it. */
export function RetryAlert({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <ErrorAlert role="alert">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{children}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </ErrorAlert>
  );
}
