import { Button, Divider, Stack, Title } from '@mantine/core';
import { useLocation, useParams } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert';
import { AuthCard, LoadingHeading } from '../auth';
import { icsUrl, linkFailure, useEventLink, type EventLink } from './api';
import { eventTypeLabel } from './format';
import { EventFacts, LinkError } from './LinkParts';
import { LinkPlanSection, practiceSecrets } from './LinkPlan';
import { RsvpButtons, RsvpConfirmed, useRsvpChoice } from './RsvpChoice';

export const EVENT_ERROR_TITLE = 'Event Error';
export const EVENT_LOAD_FAILED = 'Failed to load event';

/**
 * rsvpSecret reads the RSVP secret an event email puts in the fragment
 * (#rsvp=…): browsers never send a fragment to a server.
 */
export function rsvpSecret(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('rsvp') || null;
}

/**
 * EventPage is the event link (/email/event/{token}): the event, its
 * calendar file, its music and, when the email carried an RSVP secret, the
 * answers.
 */
export function EventPage() {
  const { token = '' } = useParams();
  const { hash } = useLocation();
  return <EventScreen key={token} token={token} rsvpToken={rsvpSecret(hash)} secrets={practiceSecrets(hash)} />;
}

function EventScreen({
  token,
  rsvpToken,
  secrets,
}: {
  token: string;
  rsvpToken: string | null;
  secrets: Map<string, string>;
}) {
  const link = useEventLink(token);
  if (link.isPending) return <LoadingHeading />;
  if (link.isError) return <LinkError title={EVENT_ERROR_TITLE} message={linkFailure(link.error, EVENT_LOAD_FAILED)} />;
  const { event, choirName } = link.data;
  return (
    <AuthCard title={event.title} description={`${eventTypeLabel(event.eventType)} · ${choirName}`}>
      <EventFacts event={event} withNotes />
      {/* No icon: the icons of the pages before sign-in come in a file of their own, kept small. */}
      <Button component="a" href={icsUrl(token)} download variant="default" fullWidth>
        Add to calendar
      </Button>
      {link.data.plan && <LinkPlanSection plan={link.data.plan} choirId={link.data.choirId} secrets={secrets} />}
      {rsvpToken && <EventRsvp key={rsvpToken} token={rsvpToken} link={link.data} />}
    </AuthCard>
  );
}

function EventRsvp({ token, link }: { token: string; link: EventLink }) {
  const choice = useRsvpChoice(token, link, null);
  return (
    <Stack gap="sm">
      <Divider />
      <Title order={2} size="h4" ta="center">
        {choice.confirmed ? 'RSVP Confirmed' : 'Will you be there?'}
      </Title>
      {choice.failure && (
        <ErrorAlert role="alert" title="RSVP Error">
          {choice.failure}
        </ErrorAlert>
      )}
      {choice.confirmed ? <RsvpConfirmed choice={choice} answer={choice.confirmed} /> : <RsvpButtons choice={choice} />}
    </Stack>
  );
}
