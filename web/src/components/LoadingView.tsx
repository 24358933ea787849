import { Center, Loader, Stack, Text } from '@mantine/core';

/** LoadingView is the shared full-screen loading view (accounts §2.5). */
export function LoadingView({ message = 'Loading...' }: { message?: string }) {
  return (
    <Center mih="100vh" p="md" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text>{message}</Text>
      </Stack>
    </Center>
  );
}
