// The pieces every email-link page is made of: the loading view, the error
// card and the event's facts. Kept plain: a phone downloads them from an email.
import { Box, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorColor } from '../../app/theme';
import { AuthCard } from '../auth';
import type { LinkEvent } from './api';
import { formatWhen } from './format';

/** LinkLoading is what shows while the link is read: its text is the page's heading. */
export function LinkLoading({ message = 'Loading...' }: { message?: string }) {
  return (
    <Center py="xl" px="md" mih="50vh">
      <Stack align="center" gap="md" role="status" aria-live="polite">
        <Loader aria-hidden />
        <Title order={1} size="h3" ta="center">
          {message}
        </Title>
      </Stack>
    </Center>
  );
}

/** LinkError is the error card of a link page: its title, the message and the way back. */
export function LinkError({ title, message }: { title: string; message: string }) {
  return (
    <AuthCard
      title={title}
      icon={
        <Box c={errorColor} display="flex">
          <IconAlertTriangle size={40} aria-hidden />
        </Box>
      }
    >
      <Text ta="center" role="alert" style={{ overflowWrap: 'anywhere' }}>
        {message}
      </Text>
      <Button component={Link} to="/dashboard" fullWidth>
        Go to Dashboard
      </Button>
    </AuthCard>
  );
}

/** Fact is one labelled line of a link page. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Box>
  );
}

/** Facts is the list the Fact lines sit in. */
export function Facts({ children }: { children: ReactNode }) {
  return (
    <Box component="dl" m={0} style={{ display: 'grid', gap: 'var(--mantine-spacing-xs)' }}>
      {children}
    </Box>
  );
}

/** EventFacts: when (in the choir's zone), where and, when asked, the notes. */
export function EventFacts({ event, withNotes = false }: { event: LinkEvent; withNotes?: boolean }) {
  return (
    <Facts>
      <Fact label="When">{formatWhen(event)}</Fact>
      {event.location && <Fact label="Where">{event.location}</Fact>}
      {withNotes && event.notes && (
        <Fact label="Notes">
          <Box component="span" style={{ whiteSpace: 'pre-line' }}>
            {event.notes}
          </Box>
        </Fact>
      )}
    </Facts>
  );
}
