// The answer to an event, from an RSVP link or an event link: the three
// buttons and what follows a click. Nothing is ever sent without a click.
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { HttpError } from '../../api/client';
import { notify } from '../../app/notify';
import { linkFailure, useAnswerRsvp, type RsvpAnswer, type RsvpStatus } from './api';
import { RSVP_CHOICES, statusLabel } from './format';

export const RSVP_MESSAGES = {
  updated: 'RSVP updated successfully!',
  updateFailed: 'Failed to update RSVP',
  closed: 'This event has already started, so answers can no longer be changed.',
} as const;

export interface RsvpChoiceState {
  /**
   * The answer the link carries, offered as one large 'Tap to confirm'
   * button until it is tapped or the person asks to change their answer;
   * null when the link carries none or the answer is already that.
   */
  offer: RsvpStatus | null;
  /** The answer last tapped, shown loading while it is sent. */
  selected: RsvpStatus | null;
  /** The answer the server holds. */
  current: RsvpStatus | null;
  answerable: boolean;
  /** The answer just recorded, until the person asks to change it. */
  confirmed: RsvpAnswer | null;
  /** Why the last click failed. */
  failure: string | null;
  submitting: boolean;
  choose: (status: RsvpStatus) => Promise<void>;
  change: () => void;
}

/**
 * useRsvpChoice answers for the member of an RSVP secret. The URL's action
 * is only preselected: a mail scanner running the page must not answer.
 */
export function useRsvpChoice(
  token: string,
  link: { answer: RsvpStatus | null; answerable: boolean },
  preselected: RsvpStatus | null,
): RsvpChoiceState {
  const { submit, submitting } = useAnswerRsvp(token);
  const [offer, setOffer] = useState(preselected === link.answer ? null : preselected);
  const [selected, setSelected] = useState<RsvpStatus | null>(null);
  const [current, setCurrent] = useState(link.answer);
  const [answerable, setAnswerable] = useState(link.answerable);
  const [confirmed, setConfirmed] = useState<RsvpAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function choose(status: RsvpStatus) {
    setSelected(status);
    setFailure(null);
    try {
      const answer = await submit(status);
      if (!answer) return;
      setCurrent(answer.status);
      setConfirmed(answer);
      if (answer.changed) notify.success(RSVP_MESSAGES.updated);
    } catch (err) {
      if (err instanceof HttpError && err.body?.code === 'EVENT_STARTED') setAnswerable(false);
      setFailure(linkFailure(err, RSVP_MESSAGES.updateFailed));
    }
  }

  function change() {
    setOffer(null);
    setConfirmed(null);
  }

  return { offer, selected, current, answerable, confirmed, failure, submitting, choose, change };
}

/**
 * RsvpButtons are the three answers. The one a link carries is offered as
 * one large 'Tap to confirm' button with the other two smaller below, since
 * nothing is recorded until a tap; otherwise the three are equal, the
 * recorded one pressed. Closed once the event has started.
 */
export function RsvpButtons({ choice }: { choice: RsvpChoiceState }) {
  const answer = (status: RsvpStatus, label: string, size: 'md' | 'xl') => {
    const recorded = choice.current === status;
    return (
      <Button
        key={status}
        fullWidth
        size={size}
        variant={size === 'xl' || recorded ? 'filled' : 'default'}
        aria-pressed={size === 'xl' ? undefined : recorded}
        disabled={!choice.answerable}
        loading={choice.submitting && choice.selected === status}
        onClick={() => {
          if (!choice.submitting) void choice.choose(status);
        }}
      >
        {label}
      </Button>
    );
  };
  const offer = choice.answerable ? choice.offer : null;
  return (
    <Stack gap="sm">
      {choice.current && <Text ta="center">Your answer: {statusLabel(choice.current)}</Text>}
      {offer ? (
        <>
          {answer(offer, `Tap to confirm: ${statusLabel(offer)}`, 'xl')}
          <Text size="sm" c="dimmed" ta="center">
            Or answer:
          </Text>
          <Group grow gap="xs" wrap="nowrap">
            {RSVP_CHOICES.filter((c) => c.status !== offer).map(({ status, label }) => answer(status, label, 'md'))}
          </Group>
        </>
      ) : (
        RSVP_CHOICES.map(({ status, label }) => answer(status, label, 'md'))
      )}
      {!choice.answerable && (
        <Text size="sm" c="dimmed" ta="center">
          {RSVP_MESSAGES.closed}
        </Text>
      )}
    </Stack>
  );
}

/** RsvpConfirmed is what follows a recorded answer: the answer, the ways on, and changing it. */
export function RsvpConfirmed({
  choice,
  answer,
  children,
}: {
  choice: RsvpChoiceState;
  answer: RsvpAnswer;
  /** What to show between the answer and the ways on (the event's music). */
  children?: ReactNode;
}) {
  return (
    <Stack gap="sm">
      <Text ta="center" role="status">
        Your answer: <strong>{statusLabel(answer.status)}</strong>
      </Text>
      {children}
      <Button component={Link} to="/dashboard" fullWidth>
        Go to Dashboard
      </Button>
      <Button component={Link} to="/dashboard/calendar" variant="default" fullWidth>
        View Calendar
      </Button>
      {choice.answerable && (
        <Button variant="subtle" fullWidth onClick={choice.change}>
          Change answer
        </Button>
      )}
    </Stack>
  );
}
