import { Anchor, Box, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useChoir } from '../../app/choir';
import { ERROR_CONTEXT_MESSAGES } from '../../app/errors';
import { addDays, dateKey, eventColor, formatWhen, parseDateKey, useEvents, type CalendarEvent } from '../calendar';

/** The dashboard looks this many days ahead and lists at most this many events. */
export const UPCOMING_DAYS = 60;
export const UPCOMING_LIMIT = 5;

function endOf(event: CalendarEvent): number {
  if (!event.allDay) return new Date(event.end).getTime();
  // All-day ends are exclusive dates, read as the reader's midnight.
  return (parseDateKey(event.end.slice(0, 10)) ?? parseDateKey(event.start.slice(0, 10)))?.getTime() ?? 0;
}

function startOf(event: CalendarEvent): number {
  return event.allDay ? (parseDateKey(event.start.slice(0, 10))?.getTime() ?? 0) : new Date(event.start).getTime();
}

/** upcoming is what has not ended yet, soonest first, at most limit of them. */
export function upcoming(events: readonly CalendarEvent[], now: Date, limit = UPCOMING_LIMIT): CalendarEvent[] {
  return events
    .filter((e) => endOf(e) > now.getTime())
    .sort((a, b) => startOf(a) - startOf(b) || a.title.localeCompare(b.title))
    .slice(0, limit);
}

/** UpcomingEvents lists the choir's next events on the dashboard, for a role that may see the calendar. */
export function UpcomingEvents({ choirId, now = new Date() }: { choirId: string; now?: Date }) {
  const { can } = useChoir();
  const today = dateKey(now);
  const range = useMemo(() => ({ startDate: today, endDate: addDays(today, UPCOMING_DAYS) }), [today]);
  const events = useEvents(choirId, range);
  const next = events.data ? upcoming(events.data.events, now) : [];
  // The next service's music, for those who plan it (edit:music or edit:calendar, as the plan pages).
  const service = can('edit:music') || can('edit:calendar') ? next.find((e) => e.eventType === 'service') : undefined;

  return (
    <section aria-labelledby="dashboard-upcoming">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id="dashboard-upcoming">
          Upcoming events
        </Title>
        <Anchor component={Link} to="/dashboard/calendar" size="sm">
          Open the calendar
        </Anchor>
      </Group>
      {events.isPending ? (
        <Stack gap="xs" role="status" aria-label="Loading upcoming events">
          <Skeleton h={56} />
          <Skeleton h={56} />
        </Stack>
      ) : events.isError ? (
        <Paper withBorder p="md">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{ERROR_CONTEXT_MESSAGES.calendar.load}</Text>
            <Button size="xs" variant="default" onClick={() => void events.refetch()}>
              Try again
            </Button>
          </Stack>
        </Paper>
      ) : next.length === 0 ? (
        <Text c="dimmed">Nothing planned in the next {UPCOMING_DAYS} days.</Text>
      ) : (
        <Stack gap="xs" component="ul" aria-label="Upcoming events" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {next.map((event) => (
            <Paper key={event.id} component="li" withBorder p="sm">
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
                  {event === service && (
                    <Anchor
                      component={Link}
                      to={`/dashboard/calendar/plan-music/${encodeURIComponent(event.instanceDate ?? event.start.slice(0, 10))}`}
                      size="sm"
                    >
                      Plan music
                    </Anchor>
                  )}
                </div>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </section>
  );
}
