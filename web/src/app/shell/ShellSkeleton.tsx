import { Box, Group, Skeleton, Stack, Text, type SkeletonProps } from '@mantine/core';

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
          <Still h={34} w={34} />
          <Still h={34} w={34} />
        </Group>
      </Group>
      <Group align="flex-start" gap={0} wrap="nowrap">
        <Stack visibleFrom="sm" w={250} p="md" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Still h={38} w={38} circle />
            <Stack gap={6} style={{ flex: 1 }}>
              <Still h={12} w="80%" />
              <Still h={10} w="60%" />
            </Stack>
          </Group>
          {Array.from({ length: 5 }, (_, i) => (
            <Still key={i} h={28} />
          ))}
        </Stack>
        <Stack p="md" gap="md" style={{ flex: 1 }}>
          <Still h={32} w="40%" />
          <Still h={16} />
          <Still h={16} w="90%" />
          <Still h={160} />
        </Stack>
      </Group>
    </Box>
  );
}

/**
 * Still is a placeholder that does not pulse. The shell shows while a phone
 * runs the app's scripts, and a pulsing placeholder asks for a new frame
 * sixty times a second meanwhile, processor time taken from the scripts: on a
 * two-core machine Lighthouse's phone gave the dashboard 84–95 with the pulse
 * and 91–96 without it (twelve runs each, alternated).
 */
function Still(props: SkeletonProps) {
  return <Skeleton animate={false} {...props} />;
}
