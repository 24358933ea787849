import { Button, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { formatDate } from '../../components/format';
import { SectionError, SectionLoading } from '../../components/SectionState';
import { SCROLLS } from './scrolls';
import { practiceCsvUrl, usePractice, type InsightsFilters, type Practice } from './insightsApi';

/**
 * PracticeSection is practice over the period: minutes per week for the
 * choir and each voice part, and the ten most practised pieces.
 */
export function PracticeSection({ choirId, filters }: { choirId: string; filters: InsightsFilters }) {
  const practice = usePractice(choirId, filters);
  const data = practice.data;
  return (
    <Stack component="section" aria-labelledby="analytics-practice" gap="sm">
      <Title order={2} size="h3" id="analytics-practice">
        Practice
      </Title>
      <Text size="sm" c="dimmed">
        Minutes practised with Cantica’s practice player, per week (weeks start on Monday). The event type filter does not
        apply: practice belongs to no event.
      </Text>
      {practice.isPending && <SectionLoading label="Loading the practice figures" />}
      {practice.isError && (
        <SectionError title="The practice figures could not be loaded" error={practice.error} onRetry={() => void practice.refetch()} />
      )}
      {data && <PracticeTables choirId={choirId} filters={filters} data={data} />}
    </Stack>
  );
}

function PracticeTables({ choirId, filters, data }: { choirId: string; filters: InsightsFilters; data: Practice }) {
  const top = Math.max(1, ...data.pieces.map((p) => p.minutes));
  return (
    <>
      <Group justify="space-between" align="flex-end">
        <Title order={3} size="h4">
          Minutes per week
        </Title>
        <Button
          component="a"
          href={practiceCsvUrl(choirId, filters, 'weeks')}
          download
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} aria-hidden />}
        >
          Download minutes per week CSV
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={120 + 90 * (data.parts.length + 1)} scrollAreaProps={SCROLLS}>
        <Table aria-label="Minutes per week" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Week starting</Table.Th>
              <Table.Th>Choir</Table.Th>
              {data.parts.map((p) => (
                <Table.Th key={p.id}>{p.name}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.weeks.map((w, i) => (
              <Table.Tr key={w}>
                <Table.Td>{formatDate(w)}</Table.Td>
                <Table.Td>{data.choir[i]}</Table.Td>
                {data.parts.map((p) => (
                  <Table.Td key={p.id}>{p.minutes[i]}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Group justify="space-between" align="flex-end">
        <Title order={3} size="h4">
          Most practised pieces
        </Title>
        {data.pieces.length > 0 && (
          <Button
            component="a"
            href={practiceCsvUrl(choirId, filters, 'pieces')}
            download
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden />}
          >
            Download most practised pieces CSV
          </Button>
        )}
      </Group>
      {data.pieces.length === 0 ? (
        <Text c="dimmed">Nobody practised in this period.</Text>
      ) : (
        <Table aria-label="Most practised pieces" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Piece</Table.Th>
              <Table.Th>Minutes</Table.Th>
              <Table.Th>Singers</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.pieces.map((p) => (
              <Table.Tr key={p.musicId}>
                <Table.Td>
                  {p.title}
                  <Progress value={(p.minutes * 100) / top} size="sm" mt={4} aria-hidden />
                </Table.Td>
                <Table.Td>{p.minutes}</Table.Td>
                <Table.Td>{p.singers}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}
