import { Anchor, Box, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconHeadphones, IconMusic } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ERROR_CONTEXT_MESSAGES } from '../../app/errors';
import { ANSWERS_CLOSED, eventColor, eventLink, formatWhen, RSVP_CHOICES, type CalendarEvent } from '../calendar';
import { useAnswer, type Week, type WeekEvent } from './weekApi';
import type { WeekShape } from './weekShape';

/** The dashboard looks this many days ahead (the server's window). */
export const WEEK_DAYS = 60;

export interface ThisWeekProps {
  choirId: string;
  week: UseQueryResult<Week>;
  /** May plan music (edit:music or edit:calendar): the service offers 'Plan music'. */
  canPlan: boolean;
  /** The week's shape on the last visit: the skeleton's, while it loads. */
  shape: WeekShape;
}

/**
 * ThisWeek is the singer's week: the next rehearsal and the next service
 * (or concert), each with the caller's answer given in one tap, the pieces
 * to practise and, for directors, who has not answered by part; then the
 * events coming up, each a link to it on the calendar.
 */
export function ThisWeek({ choirId, week, canPlan, shape }: ThisWeekProps) {
  if (week.isPending) return <ThisWeekSkeleton shape={shape} />;
  if (week.isError) {
    return (
      <Paper withBorder p="md">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{ERROR_CONTEXT_MESSAGES.calendar.load}</Text>
          <Button variant="default" onClick={() => void week.refetch()}>
            Try again
          </Button>
        </Stack>
      </Paper>
    );
  }
  const data: Week = week.data;
  return (
    <Stack gap="lg">
      {(data.rehearsal || data.service) && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {data.rehearsal && (
            <WeekEventCard choirId={choirId} heading="Next rehearsal" item={data.rehearsal} canAnswer={data.canAnswer} />
          )}
          {data.service && (
            <WeekEventCard
              choirId={choirId}
              heading={data.service.event.eventType === 'concert' ? 'Next concert' : 'Next service'}
              item={data.service}
              canAnswer={data.canAnswer}
              canPlan={canPlan}
            />
          )}
        </SimpleGrid>
      )}
      <UpcomingList events={data.upcoming} />
    </Stack>
  );
}

function WeekEventCard({
  choirId,
  heading,
  item,
  canAnswer,
  canPlan = false,
}: {
  choirId: string;
  heading: string;
  item: WeekEvent;
  canAnswer: boolean;
  canPlan?: boolean;
}) {
  const { event } = item;
  const id = `week-${event.id}`;
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={id}>
      <Stack gap="sm">
        <div>
          <Text size="sm" c="dimmed" fw={600}>
            {heading}
          </Text>
          <Title order={2} size="h3" id={id} style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={eventLink(event)} inherit>
              {event.title}
            </Anchor>
          </Title>
          <Text size="sm">{formatWhen(event)}</Text>
          {event.location && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {event.location}
            </Text>
          )}
        </div>
        {canAnswer && <AnswerButtons choirId={choirId} item={item} />}
        <Pieces item={item} />
        {canPlan && (
          <Group>
            <Button
              component={Link}
              to={`/dashboard/calendar/plan-music/${encodeURIComponent(item.planDate)}?event=${encodeURIComponent(event.id)}`}
              variant="light"
              leftSection={<IconMusic size={16} aria-hidden />}
            >
              Plan music
            </Button>
          </Group>
        )}
        {item.unanswered && <Unanswered item={item} />}
      </Stack>
    </Paper>
  );
}

/** AnswerButtons: the three answers, the current one pressed; one tap sends it. */
function AnswerButtons({ choirId, item }: { choirId: string; item: WeekEvent }) {
  const answer = useAnswer(choirId);
  const labelId = `answer-${item.event.id}`;
  const sending = answer.submitting && answer.variables?.eventId === item.event.id ? answer.variables.status : null;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600} id={labelId}>
        Your answer
      </Text>
      <Group gap="xs" role="group" aria-labelledby={labelId}>
        {RSVP_CHOICES.map(({ status, label }) => (
          <Button
            key={status}
            variant={item.myAnswer === status ? 'filled' : 'default'}
            aria-pressed={item.myAnswer === status}
            disabled={!item.answerable}
            loading={sending === status}
            // A refusal is said by the error toast; the week is read again.
            onClick={() => void answer.submit({ eventId: item.event.id, status }).catch(() => {})}
          >
            {label}
          </Button>
        ))}
      </Group>
      {!item.answerable && (
        <Text size="sm" c="dimmed">
          {ANSWERS_CLOSED}
        </Text>
      )}
    </Stack>
  );
}

/** Pieces lists the planned pieces that have a score or recording, each with 'Practise'. */
function Pieces({ item }: { item: WeekEvent }) {
  if (item.pieces.length === 0) return null;
  const labelId = `pieces-${item.event.id}`;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600} id={labelId}>
        Music to practise
      </Text>
      <Stack gap={6} component="ul" aria-labelledby={labelId} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {item.pieces.map((piece) => (
          <Group key={piece.musicId} component="li" gap="sm" wrap="nowrap" justify="space-between">
            <Text style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{piece.title}</Text>
            <Button
              component={Link}
              to={`/dashboard/music/${encodeURIComponent(piece.musicId)}?practice=true`}
              variant="light"
              leftSection={<IconHeadphones size={16} aria-hidden />}
              style={{ flexShrink: 0 }}
              aria-label={`Practise ${piece.title}`}
            >
              Practise
            </Button>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

/** Unanswered is who has not answered yet, by voice part (directors only: the server sends it to them alone). */
function Unanswered({ item }: { item: WeekEvent }) {
  const groups = item.unanswered ?? [];
  const labelId = `unanswered-${item.event.id}`;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600} id={labelId}>
        Not answered yet
      </Text>
      {groups.length === 0 ? (
        <Text size="sm" c="dimmed">
          Everyone has answered.
        </Text>
      ) : (
        <Stack gap={4} component="ul" aria-labelledby={labelId} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {groups.map((g) => (
            <Text key={g.part} component="li" size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Text span fw={600} inherit>
                {g.part}:
              </Text>{' '}
              {g.members.map((m) => m.name).join(', ')}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** UpcomingList is what comes next, each event a link to it on the calendar. */
function UpcomingList({ events }: { events: CalendarEvent[] }) {
  return (
    <section aria-labelledby="dashboard-upcoming">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id="dashboard-upcoming">
          Upcoming events
        </Title>
        <Anchor component={Link} to="/dashboard/calendar">
          Open the calendar
        </Anchor>
      </Group>
      {events.length === 0 ? (
        <Text c="dimmed">Nothing planned in the next {WEEK_DAYS} days.</Text>
      ) : (
        <Stack gap="xs" component="ul" aria-label="Upcoming events" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {events.map((event) => (
            <li key={event.id}>
              <Paper component={Link} to={eventLink(event)} withBorder p="sm" display="block">
                <Group gap="sm" wrap="nowrap" align="stretch">
                  <Box w={4} style={{ borderRadius: 2, flexShrink: 0, background: eventColor(event.eventType) }} aria-hidden />
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {event.title}
                    </Text>
                    <Text size="sm">{formatWhen(event)}</Text>
                    {event.location && (
                      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {event.location}
                      </Text>
                    )}
                  </div>
                </Group>
              </Paper>
            </li>
          ))}
        </Stack>
      )}
    </section>
  );
}

/**
 * ThisWeekSkeleton holds the place of the week while it loads, in the shape it
 * had last time: its event cards, and the upcoming list's heading and rows (or
 * its one line saying nothing is planned), each about the height of what replaces it.
 */
function ThisWeekSkeleton({ shape }: { shape: WeekShape }) {
  return (
    <Stack gap="lg" role="status" aria-label="Loading your week" aria-busy>
      {shape.cards > 0 && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {Array.from({ length: shape.cards }, (_, i) => (
            <Skeleton key={i} h={200} />
          ))}
        </SimpleGrid>
      )}
      <div>
        <Group justify="space-between" mb="sm" h={31}>
          <Skeleton h={24} w={180} />
          <Skeleton h={18} w={130} />
        </Group>
        {shape.upcoming === 0 ? (
          <Skeleton h={25} w="70%" />
        ) : (
          <Stack gap="xs">
            {Array.from({ length: shape.upcoming }, (_, i) => (
              <Skeleton key={i} h={72} />
            ))}
          </Stack>
        )}
      </div>
    </Stack>
  );
}
