import { Paper, Skeleton, Stack, Title } from '@mantine/core';

/**
 * PracticeLines holds the place of the card's lines while they load: this
 * week's time, and two lines below (on a phone, 'No practice yet…' takes two).
 */
export function PracticeLines() {
  return (
    <Stack gap="xs" role="status" aria-label="Loading your practice" aria-busy>
      <Skeleton h={18} my={3.4} w="50%" />
      <Stack gap={0}>
        <Skeleton h={18} my={3.4} w="90%" />
        <Skeleton h={18} my={3.4} w="60%" />
      </Stack>
    </Stack>
  );
}

/** YourPracticeLoading is the "Your practice" card, at its size, while its code and its data load. */
export function YourPracticeLoading() {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="your-practice">
      <Title order={2} size="h3" id="your-practice" mb="xs">
        Your practice
      </Title>
      <PracticeLines />
    </Paper>
  );
}
