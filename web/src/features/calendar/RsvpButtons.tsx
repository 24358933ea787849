import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { RetryAlert } from '../../components/ErrorAlert';
import { ANSWERS_CLOSED, answerLabel, NOT_ANSWERED, RSVP_CHOICES } from './attendance';
import { useAnswerEvent, useMyRsvp } from './attendanceApi';
import { useQueuedAnswer, WILL_BE_SENT } from './outbox';

/**
 * RsvpButtons is 'Your answer' in an event's panel: the three answers of the
 * RSVP link screen, the current one pressed; each click one answer sent,
 * until the event starts.
 */
export function RsvpButtons({ choirId, eventId }: { choirId: string; eventId: string }) {
  const rsvp = useMyRsvp(choirId, eventId);
  const answer = useAnswerEvent(choirId);
  const queued = useQueuedAnswer(choirId, eventId);
  const current = queued ?? rsvp.data?.status ?? null;
  const closed = rsvp.data ? !rsvp.data.answerable : false;

  return (
    <Stack gap="xs" component="section" aria-labelledby="rsvp-heading">
      <Text fw={600} id="rsvp-heading">
        Your answer
      </Text>
      {rsvp.isPending && <Skeleton h={36} aria-hidden />}
      {rsvp.isError && <RetryAlert onRetry={() => void rsvp.refetch()}>Your answer could not be loaded.</RetryAlert>}
      {rsvp.data && (
        <>
          {/* What is recorded, in the words of the RSVP link pages; no answer is shown as given until one is. */}
          <Text size="sm" c={current ? undefined : 'dimmed'}>
            {current ? `Your answer: ${answerLabel(current)}${queued ? ` (${WILL_BE_SENT})` : ''}` : NOT_ANSWERED}
          </Text>
          <Group gap="xs" role="group" aria-labelledby="rsvp-heading">
            {RSVP_CHOICES.map(({ status, label }) => (
              <Button
                key={status}
                variant={current === status ? 'filled' : 'default'}
                aria-pressed={current === status}
                disabled={closed}
                loading={answer.submitting && answer.variables?.status === status}
                // A refusal is said by the error toast; the answer reloads.
                onClick={() => void answer.submit({ eventId, status }).catch(() => {})}
              >
                {label}
              </Button>
            ))}
          </Group>
          {closed && (
            <Text size="sm" c="dimmed">
              {ANSWERS_CLOSED}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
