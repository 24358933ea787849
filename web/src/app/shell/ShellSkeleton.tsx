import { Box, Group, Skeleton, Stack, Text } from '@mantine/core';

/**
 * ShellSkeleton stands in for the navigation shell and its page while they
 * load: the session, or the code of the shell and the page (kept out of the
 * first download, so it shows on a first visit to a signed-in page). The build
 * also writes it into index.html (scripts/prerender.mjs), so that a phone
 * shows the shell, with the app's name, as soon as the HTML and the stylesheet
 * have arrived, not after the scripts have.
 */
export function ShellSkeleton() {
  return (
    <Box miw={320} role="status" aria-label="Loading" aria-busy>
      <Group h={60} px="md" justify="space-between" wrap="nowrap">
        <Text fw={700} size="lg">
          Cantica
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Skeleton h={34} w={34} />
          <Skeleton h={34} w={34} />
        </Group>
      </Group>
      <Group align="flex-start" gap={0} wrap="nowrap">
        <Stack visibleFrom="sm" w={250} p="md" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Skeleton h={38} w={38} circle />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton h={12} w="80%" />
              <Skeleton h={10} w="60%" />
            </Stack>
          </Group>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} h={28} />
          ))}
        </Stack>
        <Stack p="md" gap="md" style={{ flex: 1 }}>
          <Skeleton h={32} w="40%" />
          <Skeleton h={16} />
          <Skeleton h={16} w="90%" />
          <Skeleton h={160} />
        </Stack>
      </Group>
    </Box>
  );
}
