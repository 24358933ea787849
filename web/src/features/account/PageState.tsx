import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { normaliseError } from '../../app/errors';

/** SectionLoading stands in for a section while its data loads. */
export function SectionLoading({ label }: { label: string }) {
  return (
    <Stack gap="sm" role="status" aria-label={label} aria-busy>
      <Skeleton h={16} w="60%" />
      <Skeleton h={36} />
      <Skeleton h={36} />
    </Stack>
  );
}

/** SectionError says a section could not load and offers to try again. */
export function SectionError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" title={title} icon={<IconAlertCircle aria-hidden />}>
      <Stack gap="xs" align="flex-start">
        {normaliseError(error).message}
        <Button size="xs" variant="default" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * WRAPPING_BUTTON lets a long button label wrap instead of overflowing the
 * page at the 320 px minimum width (Mantine keeps labels on one line).
 */
export const WRAPPING_BUTTON = {
  root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 6 },
  inner: { height: 'auto' },
  label: { whiteSpace: 'normal', height: 'auto', textAlign: 'center' },
} as const;

/** Section padding: tighter on the narrowest screens. */
export const SECTION_PADDING = { base: 'sm', sm: 'md' } as const;
