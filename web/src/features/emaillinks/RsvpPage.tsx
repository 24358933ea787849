import { Box } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useLocation, useParams } from 'react-router';
import { successColor } from '../../app/theme';
import { AuthCard, LoadingHeading } from '../auth';
import { linkFailure, useRsvpLink, type RsvpLink, type RsvpStatus } from './api';
import { asStatus } from './format';
import { EventFacts, LinkError } from './LinkParts';
import { LinkPlanSection, practiceSecrets } from './LinkPlan';
import { RsvpButtons, RsvpConfirmed, useRsvpChoice } from './RsvpChoice';

export const RSVP_ERROR_TITLE = 'RSVP Error';
export const RSVP_LOAD_FAILED = 'Failed to process RSVP';

/**
 * RsvpPage is the RSVP link screen (/email/rsvp/{token}/{action?}, calendar
 * §2): the event, the answer already recorded, and the three answers, the
 * URL's action offered as 'Tap to confirm'. Only a tap answers: opening the
 * page, as a mail scanner does, records nothing. Once answered, it shows the
 * event's music with 'Practise' per piece.
 */
export function RsvpPage() {
  const { token = '', action } = useParams();
  const { hash } = useLocation();
  return <RsvpScreen key={token} token={token} preselected={asStatus(action)} secrets={practiceSecrets(hash)} />;
}

interface ScreenProps {
  token: string;
  preselected: RsvpStatus | null;
  /** The practice links the email carried, by piece. */
  secrets: Map<string, string>;
}

function RsvpScreen({ token, preselected, secrets }: ScreenProps) {
  const link = useRsvpLink(token);
  if (link.isPending) return <LoadingHeading />;
  if (link.isError) return <LinkError title={RSVP_ERROR_TITLE} message={linkFailure(link.error, RSVP_LOAD_FAILED)} />;
  return <RsvpForm token={token} link={link.data} preselected={preselected} secrets={secrets} />;
}

function RsvpForm({ token, link, preselected, secrets }: ScreenProps & { link: RsvpLink }) {
  const choice = useRsvpChoice(token, link, preselected);
  if (choice.failure) return <LinkError title={RSVP_ERROR_TITLE} message={choice.failure} />;
  if (choice.confirmed) {
    return (
      <AuthCard
        title="RSVP Confirmed"
        description={choice.confirmed.event.title}
        icon={
          <Box c={successColor} display="flex">
            <IconCircleCheck size={40} aria-hidden />
          </Box>
        }
      >
        <EventFacts event={choice.confirmed.event} />
        <RsvpConfirmed choice={choice} answer={choice.confirmed}>
          {link.plan && <LinkPlanSection plan={link.plan} choirId={link.choirId} secrets={secrets} />}
        </RsvpConfirmed>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={link.event.title} description={link.choirName}>
      <EventFacts event={link.event} />
      <RsvpButtons choice={choice} />
    </AuthCard>
  );
}
