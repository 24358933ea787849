import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { IconBellRinging } from '@tabler/icons-react';
import { formatDateTime } from '../../components/format';
import type { EventAttendance } from './attendanceApi';
import { useEventReminders, useRemindNonResponders, type EventReminders } from './remindersApi';

/** daysText words reminder days: '7 and 2 days before', '1 day before', 'none'. */
export function daysText(days: readonly number[]): string {
  if (days.length === 0) return 'none';
  const words = days.map(String);
  const last = days[days.length - 1];
  return `${words.join(' and ')} ${last === 1 ? 'day' : 'days'} before`;
}

/** lastUsedText says when the event's one reminder by hand was asked for, and when it went if held for the night. */
export function lastUsedText(reminders: EventReminders): string | null {
  const last = reminders.lastManual;
  if (!last) return null;
  const by = last.byName ? ` by ${last.byName}` : '';
  const waits = new Date(last.sendsAt).getTime() > new Date(last.requestedAt).getTime();
  return waits
    ? `Last used ${formatDateTime(last.requestedAt)}${by}. Held for the night: the reminders go at ${formatDateTime(last.sendsAt)}.`
    : `Last used ${formatDateTime(last.requestedAt)}${by}.`;
}

/**
 * RemindSection, on an event's attendance page: the automatic reminders the
 * event gets and the one "Remind non-responders" it may have, which says
 * when it was used.
 */
export function RemindSection({ choirId, eventId, attendance }: { choirId: string; eventId: string; attendance: EventAttendance }) {
  const reminders = useEventReminders(choirId, eventId);
  const remind = useRemindNonResponders(choirId, eventId);
  const waiting = attendance.totals.noAnswer + attendance.totals.maybe;
  // When the page opened: the server refuses a reminder once the event has started anyway.
  const [now] = useState(() => new Date());
  const started = new Date(attendance.event.start).getTime() <= now.getTime();
  const data = reminders.data;
  const used = data ? lastUsedText(data) : null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="reminders">
      <Title order={2} size="h3" id="reminders">
        Reminders
      </Title>
      {data && (
        <Text size="sm">
          {`Automatic reminders: ${daysText(data.days ?? data.typeDays)}${data.days ? ' (set for this event)' : ''}.`}
        </Text>
      )}
      {!started && (
        <Group gap="sm" align="center">
          <Button
            variant="default"
            leftSection={<IconBellRinging size={16} aria-hidden />}
            disabled={!data || !!data.lastManual || waiting === 0}
            loading={remind.submitting}
            onClick={() => void remind.submit(undefined).catch(() => {})}
          >
            Remind non-responders
          </Button>
          {waiting === 0 && <Text size="sm">Everyone has answered.</Text>}
        </Group>
      )}
      {used && <Text size="sm">{used}</Text>}
    </Stack>
  );
}
