import { Badge, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate } from '../../components/format';
import { SectionError, SectionLoading } from '../../components/SectionState';
import { SCROLLS } from './scrolls';
import { readinessCsvUrl, useReadiness, type AnalyticsEventRef, type ReadinessRow, type ReadinessTarget } from './insightsApi';

/**
 * The marks as the page (and the CSV) say them, with a colour each; "Some" is
 * amber, whose own light text on its pale ground is too faint to read (2.7:1),
 * so it takes a darker brown text in the light theme.
 */
export const MARKS: Record<ReadinessRow['mark'], { label: string; color: string; text?: string }> = {
  none: { label: 'None', color: 'red' },
  some: { label: 'Some', color: 'yellow', text: 'light-dark(#7a4100, var(--mantine-color-yellow-4))' },
  most: { label: 'Most', color: 'green' },
};

function choiceValue(e: AnalyticsEventRef): string {
  return e.occurrenceDate ? `${e.eventId}|${e.occurrenceDate}` : e.eventId;
}

function targetOf(value: string | null): ReadinessTarget {
  if (!value) return {};
  const [eventId, occurrenceDate] = value.split('|');
  return { eventId, occurrenceDate };
}

/**
 * ReadinessSection is the director's "who is ready" table: for the next
 * service or concert (or the one chosen), each planned piece and voice part,
 * the part's practice in the last 30 days and a mark.
 */
export function ReadinessSection({ choirId, voicePart = '' }: { choirId: string; voicePart?: string }) {
  const [choice, setChoice] = useState<string | null>(null);
  const target = targetOf(choice);
  const readiness = useReadiness(choirId, target, voicePart);
  const data = readiness.data;

  return (
    <Stack component="section" aria-labelledby="analytics-readiness" gap="sm">
      <Title order={2} size="h3" id="analytics-readiness">
        Readiness
      </Title>
      <Text size="sm" c="dimmed">
        A singer is ready for a piece after practising it for 10 minutes or more in the last 30 days. Most: more than half
        of the part is ready. Some: at least one singer is, but not more than half. None: nobody yet.
      </Text>
      {readiness.isPending && <SectionLoading label="Loading the readiness table" />}
      {readiness.isError && (
        <SectionError title="The readiness table could not be loaded" error={readiness.error} onRetry={() => void readiness.refetch()} />
      )}
      {data && (
        <>
          <Group align="flex-end" gap="sm">
            {data.choices.length > 0 && (
              <Select
                label="Service or concert"
                data={data.choices.map((c) => ({ value: choiceValue(c), label: `${formatDate(c.date)} — ${c.title}` }))}
                value={choice ?? (data.event ? choiceValue(data.event) : null)}
                onChange={setChoice}
                allowDeselect={false}
                w={{ base: '100%', xs: 360 }}
              />
            )}
            {data.rows.length > 0 && (
              <Button
                component="a"
                href={readinessCsvUrl(choirId, target, voicePart)}
                download
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
              >
                Download readiness CSV
              </Button>
            )}
          </Group>
          {!data.event && <Text>No service or concert in the next 90 days.</Text>}
          {data.event && (
            <Text size="sm">
              {data.event.title}, {formatDate(data.event.date)}. Practice from {formatDate(data.windowFrom)} to {formatDate(data.windowTo)}.
            </Text>
          )}
          {data.event && !data.planned && <Text>No music is planned for this event yet.</Text>}
          {data.event && data.planned && data.rows.length === 0 && <Text>The plan has no pieces yet.</Text>}
          {data.rows.length > 0 && <ReadinessTable rows={data.rows} />}
        </>
      )}
    </Stack>
  );
}

function ReadinessTable({ rows }: { rows: ReadinessRow[] }) {
  return (
    <Table.ScrollContainer minWidth={640} scrollAreaProps={SCROLLS}>
      <Table aria-label="Readiness" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Piece</Table.Th>
            <Table.Th>Voice part</Table.Th>
            <Table.Th>Singers</Table.Th>
            <Table.Th>Practised</Table.Th>
            <Table.Th>Ready (10 min or more)</Table.Th>
            <Table.Th>Minutes (30 days)</Table.Th>
            <Table.Th>Readiness</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={`${r.musicId}-${r.voicePartId}`}>
              <Table.Td>{r.title}</Table.Td>
              <Table.Td>{r.voicePart}</Table.Td>
              <Table.Td>{r.members}</Table.Td>
              <Table.Td>{r.practised}</Table.Td>
              <Table.Td>{r.ready}</Table.Td>
              <Table.Td>{r.minutes}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={MARKS[r.mark].color} c={MARKS[r.mark].text}>
                  {MARKS[r.mark].label}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
