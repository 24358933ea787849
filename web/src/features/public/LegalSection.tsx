import { Box, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** LegalSection is one headed section of the privacy policy or the terms of service. */
export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const headingId = `${id}-title`;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} id={headingId} fz="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Box>
  );
}
