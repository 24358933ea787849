import { Anchor, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useChoir } from '../../app/choir';
import { NoChoirSelected } from '../../components/NoChoirSelected';
import { PageHeader } from '../../components/PageHeader';
import { SectionError, SectionLoading } from '../../components/SectionState';
import { musicUsageExportUrl, useMusicUsage } from './api';
import { lastTwelveMonths } from './dates';
import { formatShortDate, isDateKey } from './format';

/**
 * MusicUsagePage (/dashboard/calendar/music-usage) says how often each
 * piece was planned in a range of dates, for a choir's licence returns,
 * with the same report as CSV.
 */
export function MusicUsagePage() {
  const { currentChoir, loading } = useChoir();
  if (loading) return <SectionLoading label="Loading the usage report" />;
  if (!currentChoir) return <NoChoirSelected />;
  return <UsageReport key={currentChoir.id} choirId={currentChoir.id} />;
}

function UsageReport({ choirId }: { choirId: string }) {
  const [range, setRange] = useState(lastTwelveMonths);
  const problem = !isDateKey(range.from) || !isDateKey(range.to) ? 'Enter both dates.' : range.from > range.to ? 'The start is after the end.' : '';
  const usage = useMusicUsage(choirId, range.from, range.to, problem === '');

  return (
    <Stack gap="lg">
      <PageHeader title="Music usage" />
      <Group align="flex-end" gap="sm">
        <TextInput
          type="date"
          label="From"
          value={range.from}
          onChange={(e) => {
            const from = e.currentTarget.value;
            setRange((r) => ({ ...r, from }));
          }}
        />
        <TextInput
          type="date"
          label="To"
          value={range.to}
          onChange={(e) => {
            const to = e.currentTarget.value;
            setRange((r) => ({ ...r, to }));
          }}
          error={problem || undefined}
        />
        {problem === '' && (
          <Button
            component="a"
            href={musicUsageExportUrl(choirId, range.from, range.to)}
            download
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Download CSV
          </Button>
        )}
      </Group>
      {problem === '' && usage.isPending && <SectionLoading label="Loading the usage report" />}
      {usage.isError && <SectionError title="The usage report could not be loaded" error={usage.error} onRetry={() => void usage.refetch()} />}
      {problem === '' && usage.data && usage.data.items.length === 0 && <Text c="dimmed">Nothing was planned in these dates.</Text>}
      {problem === '' && usage.data && usage.data.items.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label="Music usage" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Title</Table.Th>
                <Table.Th>Composer</Table.Th>
                <Table.Th>Library number</Table.Th>
                <Table.Th>Times sung</Table.Th>
                <Table.Th>Dates</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {usage.data.items.map((item) => (
                <Table.Tr key={item.musicId}>
                  <Table.Td>
                    <Anchor component={Link} to={`/dashboard/music/${encodeURIComponent(item.musicId)}`}>
                      {item.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{item.composer}</Table.Td>
                  <Table.Td>{item.libraryNumber}</Table.Td>
                  <Table.Td>{item.timesSung}</Table.Td>
                  <Table.Td>{item.dates.map(formatShortDate).join(', ')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
