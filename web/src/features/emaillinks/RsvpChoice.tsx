// The answer to an event, from an RSVP link or an event link: the three
// buttons and what follows a click. Nothing is ever sent without a click.
import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
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
  /** The button shown pressed: the URL's action, then the last one clicked. */
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
  const [selected, setSelected] = useState(preselected);
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
    setSelected(current);
    setConfirmed(null);
  }

  return { selected, current, answerable, confirmed, failure, submitting, choose, change };
}

/** RsvpButtons are the three answers, the pressed one filled; closed once the event has started. */
export function RsvpButtons({ choice }: { choice: RsvpChoiceState }) {
  return (
    <Stack gap="sm">
      {choice.current && <Text ta="center">Your answer: {statusLabel(choice.current)}</Text>}
      {RSVP_CHOICES.map(({ status, label }) => {
        const pressed = choice.selected === status;
        return (
          <Button
            key={status}
            fullWidth
            size="md"
            variant={pressed ? 'filled' : 'default'}
            aria-pressed={pressed}
            disabled={!choice.answerable}
            loading={choice.submitting && pressed}
            onClick={() => {
              if (!choice.submitting) void choice.choose(status);
            }}
          >
            {label}
          </Button>
        );
      })}
      {!choice.answerable && (
        <Text size="sm" c="dimmed" ta="center">
          {RSVP_MESSAGES.closed}
        </Text>
      )}
    </Stack>
  );
}

/** RsvpConfirmed is what follows a recorded answer: the answer, the ways on, and changing it. */
export function RsvpConfirmed({ choice, answer }: { choice: RsvpChoiceState; answer: RsvpAnswer }) {
  return (
    <Stack gap="sm">
      <Text ta="center" role="status">
        Your answer: <strong>{statusLabel(answer.status)}</strong>
      </Text>
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
