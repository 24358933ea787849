import { Stack, Text, Title } from '@mantine/core';
import { CalendarTypePicker } from './CalendarTypePicker';
import { GenerateFeastsSection } from './GenerateFeastsSection';
import { ImportFeastsSection } from './ImportFeastsSection';
import { PublishCalendarSection } from './PublishCalendarSection';

/**
 * CalendarImportPage (/dashboard/global-admin/calendar-import, admin:global)
 * fills a calendar type with feasts — imported from a file, previewed row by
 * row and committed all or nothing, or computed from the tradition's rules —
 * and publishes or unpublishes it.
 */
export function CalendarImportPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>Calendar Import</Title>
      <Text c="dimmed" maw={720}>
        Fill a liturgical calendar with its feasts: import them from a file, or compute them from the tradition&apos;s
        rules. Then publish the calendar so that the choirs that follow it see its feasts.
      </Text>
      <CalendarTypePicker>
        {(type) => (
          <Stack gap="lg">
            <ImportFeastsSection calendarType={type} />
            <GenerateFeastsSection calendarType={type} />
            <PublishCalendarSection calendarType={type} />
          </Stack>
        )}
      </CalendarTypePicker>
    </Stack>
  );
}
