import { Button, Skeleton, Stack } from '@mantine/core';
import { normaliseError } from '../app/errors';
import { ErrorAlert } from './ErrorAlert';

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
    <ErrorAlert title={title}>
      <Stack gap="xs" align="flex-start">
        {normaliseError(error).message}
        <Button size="xs" variant="default" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </ErrorAlert>
  );
}
