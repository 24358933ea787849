import { Stack } from '@mantine/core';
import { useChoir } from '../../app/choir';
import { NoChoirSelected } from '../../components/NoChoirSelected';
import { PageHeader } from '../../components/PageHeader';
import { SectionLoading } from '../../components/SectionState';
import { ReminderSettings } from './ReminderSettings';

/** CommunicationsPage (/dashboard/communications, manage:communications): how the choir reaches its members. */
export function CommunicationsPage() {
  const { currentChoir, loading } = useChoir();
  if (loading) return <SectionLoading label="Loading communications" />;
  if (!currentChoir) return <NoChoirSelected />;
  return (
    <Stack gap="lg">
      <PageHeader title="Communications" />
      <ReminderSettings key={currentChoir.id} choirId={currentChoir.id} />
    </Stack>
  );
}
