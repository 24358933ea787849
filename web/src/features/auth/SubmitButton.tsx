import { Button, Loader } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * SubmitButton is the full-width submit button of the auth forms: while busy
 * it is disabled, shows a spinner and reads busyLabel instead of its children.
 */
export function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: ReactNode }) {
  return (
    <Button
      type="submit"
      fullWidth
      disabled={busy}
      leftSection={busy ? <Loader size={16} color="currentColor" aria-hidden /> : undefined}
    >
      {busy ? busyLabel : children}
    </Button>
  );
}
