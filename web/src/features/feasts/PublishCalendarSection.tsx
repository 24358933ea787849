import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { reportFailure } from '../../app/errors';
import { notify } from '../../app/notify';
import { SECTION_PADDING } from '../../app/theme';
import { ConfirmModal } from '../../components/ConfirmModal';
import { useSetCalendarPublished, type CalendarType } from './api';
import { publishedLabel } from './calendarTypes';

export const PUBLISH_FAILED = 'Unable to change whether the calendar is published. Please try again.';
export const UNPUBLISHED_EXPLANATION = 'Unpublished calendars are hidden from everyone but global admins.';
// What the server then does: choirs following the calendar get no feasts in
// their calendar or for feast-based rules; their tradition stays chosen and
// choosable, and events already made stay.
export const UNPUBLISH_WARNING =
  'Only global admins will see it. Choirs that follow it will no longer see its feasts, or be able to choose them for recurring events, until it is published again.';

/**
 * PublishCalendarSection publishes or unpublishes a calendar type (accounts
 * §6): choirs see only published calendars. Unpublishing asks first, since
 * choirs that follow the calendar lose its feasts.
 */
export function PublishCalendarSection({ calendarType }: { calendarType: CalendarType }) {
  const publishing = useSetCalendarPublished();
  const saving = publishing.submitting;
  const [confirming, setConfirming] = useState(false);
  const published = calendarType.isPublished;

  async function setPublished(next: boolean) {
    try {
      await publishing.submit(
        { calendarType: calendarType.key, published: next },
        {
          onSuccess: (saved) => {
            notify.success(`${saved.name} ${saved.isPublished ? 'published' : 'unpublished'}`);
            setConfirming(false);
          },
          onError: (err) => reportFailure(err, PUBLISH_FAILED),
        },
      );
    } catch {
      // Said above.
    }
  }

  return (
    <Paper withBorder p={SECTION_PADDING} component="section" aria-labelledby="publish-calendar-heading">
      <Stack gap="md">
        <Title order={2} size="h3" id="publish-calendar-heading">
          Publishing
        </Title>
        <Text size="sm" c="dimmed">
          {UNPUBLISHED_EXPLANATION} Choirs see a calendar's feasts only once it is published.
        </Text>
        <Group gap="sm" justify="space-between">
          <Group gap="xs">
            <Text>{calendarType.name} is</Text>
            <Badge color={published ? 'teal.9' : 'gray.7'} variant="outline">
              {publishedLabel(calendarType)}
            </Badge>
          </Group>
          <Button
            variant={published ? 'default' : 'filled'}
            loading={saving}
            onClick={() => (published ? setConfirming(true) : void setPublished(true))}
          >
            {published ? 'Unpublish' : 'Publish'}
          </Button>
        </Group>
        {!published && !calendarType.hasFeasts && (
          <Text size="sm" c="dimmed">
            This calendar has no feasts yet: generate or import them before publishing it.
          </Text>
        )}
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={`Unpublish ${calendarType.name}?`}
        confirmLabel="Unpublish"
        busy={saving}
        onConfirm={() => void setPublished(false)}
        onClose={() => setConfirming(false)}
      >
        {UNPUBLISH_WARNING}
      </ConfirmModal>
    </Paper>
  );
}
