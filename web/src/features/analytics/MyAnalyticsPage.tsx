import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useChoir } from '../../app/choir';
import { formatDate } from '../../components/format';
import { NoChoirSelected } from '../../components/NoChoirSelected';
import { PageHeader } from '../../components/PageHeader';
import { SectionError, SectionLoading } from '../../components/SectionState';
import { SCROLLS } from './scrolls';
import { myCsvUrl, useMyAnalytics, type MyAnalytics } from './insightsApi';

/**
 * MyAnalyticsPage (/dashboard/analytics/me) is a singer's own last 12
 * months in the choir: attendance, answers and practice per piece. The
 * server answers it from the caller's id only: nobody else's figures.
 */
export function MyAnalyticsPage() {
  const { currentChoir, loading } = useChoir();
  if (loading) return <SectionLoading label="Loading your year" />;
  if (!currentChoir) return <NoChoirSelected />;
  return <MyYear key={currentChoir.id} choirId={currentChoir.id} />;
}

function MyYear({ choirId }: { choirId: string }) {
  const mine = useMyAnalytics(choirId);
  return (
    <Stack gap="lg" maw={900}>
      <PageHeader title="My year" />
      {mine.isPending && <SectionLoading label="Loading your year" />}
      {mine.isError && <SectionError title="Your figures could not be loaded" error={mine.error} onRetry={() => void mine.refetch()} />}
      {mine.data && <Figures choirId={choirId} data={mine.data} />}
    </Stack>
  );
}

function Part({ id, title, csv, csvLabel, children }: { id: string; title: string; csv: string; csvLabel: string; children: ReactNode }) {
  return (
    <Stack component="section" aria-labelledby={id} gap="xs">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        <Button component="a" href={csv} download variant="default" size="xs" leftSection={<IconDownload size={14} aria-hidden />}>
          {csvLabel}
        </Button>
      </Group>
      {children}
    </Stack>
  );
}

function Figures({ choirId, data }: { choirId: string; data: MyAnalytics }) {
  const taken = data.present + data.excused + data.absent;
  return (
    <>
      <Text c="dimmed">
        From {formatDate(data.fromDate)} to {formatDate(data.toDate)}. Only your own figures are shown here.
      </Text>
      <Part id="my-attendance" title="Attendance" csv={myCsvUrl(choirId, 'attendance')} csvLabel="Download attendance CSV">
        <Text>
          {data.presentPercent === undefined
            ? 'No attendance was taken for you in these 12 months.'
            : `You were present at ${data.presentPercent} % of the ${taken} events where attendance was taken.`}
        </Text>
        <Table aria-label="My attendance" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Present</Table.Th>
              <Table.Th>Excused</Table.Th>
              <Table.Th>Absent</Table.Th>
              <Table.Th>Present (%)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>{data.present}</Table.Td>
              <Table.Td>{data.excused}</Table.Td>
              <Table.Td>{data.absent}</Table.Td>
              <Table.Td>{data.presentPercent === undefined ? '' : `${data.presentPercent} %`}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Part>
      <Part id="my-answers" title="Answers" csv={myCsvUrl(choirId, 'answers')} csvLabel="Download answers CSV">
        <Table.ScrollContainer minWidth={520} scrollAreaProps={SCROLLS}>
          <Table aria-label="My answers" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Going</Table.Th>
                <Table.Th>Maybe</Table.Th>
                <Table.Th>Can’t make it</Table.Th>
                <Table.Th>Said yes, did not come</Table.Th>
                <Table.Th>Said no, came</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>{data.going}</Table.Td>
                <Table.Td>{data.maybe}</Table.Td>
                <Table.Td>{data.notGoing}</Table.Td>
                <Table.Td>{data.saidYesAbsent}</Table.Td>
                <Table.Td>{data.saidNoPresent}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Part>
      <Part id="my-practice" title="Practice" csv={myCsvUrl(choirId, 'practice')} csvLabel="Download practice CSV">
        {data.pieces.length === 0 ? (
          <Text c="dimmed">You have not practised with Cantica in these 12 months.</Text>
        ) : (
          <Table aria-label="My practice" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Piece</Table.Th>
                <Table.Th>Minutes</Table.Th>
                <Table.Th>Last practised</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.pieces.map((p) => (
                <Table.Tr key={p.musicId}>
                  <Table.Td>
                    <Anchor component={Link} to={`/dashboard/music/${encodeURIComponent(p.musicId)}`}>
                      {p.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{p.minutes}</Table.Td>
                  <Table.Td>{formatDate(p.lastDay)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Part>
    </>
  );
}
