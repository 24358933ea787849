import { Container, Stack, Text, Title } from '@mantine/core';

/**
 * ComingSoonPage stands in for a page whose feature belongs to a later issue.
 * Each use disappears when that issue lands.
 */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <Container size="sm" py="xl">
      <Stack gap="xs">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">This page is coming soon.</Text>
      </Stack>
    </Container>
  );
}
