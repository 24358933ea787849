// The pieces every email-link page is made of besides auth's LoadingHeading:
// the error card and the event's facts. Kept plain: a phone downloads them
// from an email.
import { Box, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorCard } from '../auth';
import type { LinkEvent } from './api';
import { formatWhen } from './format';

/** LinkError is the error card of a link page: its title, the message and the way to the dashboard. */
export function LinkError({ title, message }: { title: string; message: string }) {
  return <ErrorCard title={title} message={message} to="/dashboard" action="Go to Dashboard" />;
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

/** EventFacts: when (in the choir's zone, named as a place), where and, when asked, the notes. */
export function EventFacts({ event, withNotes = false }: { event: LinkEvent; withNotes?: boolean }) {
  return (
    <Facts>
      <Fact label="When">
        <span>{formatWhen(event)}</span>
        {!event.allDay && <span> ({event.timeZonePlace})</span>}
      </Fact>
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
