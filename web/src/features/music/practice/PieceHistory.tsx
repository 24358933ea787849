import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { SectionError, SectionLoading } from '../../../components/SectionState';
import { formatDay, formatPractised } from './api';
import { useMyPiecePractice } from './trackingApi';

/** PieceHistory is the member's own practice of a piece, on its page: the total and the last 30 days. */
export function PieceHistory({ choirId, musicId }: { choirId: string; musicId: string }) {
  const me = useMyPiecePractice(choirId, musicId);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="my-piece-practice">
      <Title order={2} size="h3" id="my-piece-practice" mb="xs">
        Your practice
      </Title>
      {me.isPending ? (
        <SectionLoading label="Loading your practice" />
      ) : me.isError ? (
        <SectionError title="Unable to load your practice" error={me.error} onRetry={() => void me.refetch()} />
      ) : me.data.totalSeconds === 0 ? (
        <Text c="dimmed">You have not practised this piece yet.</Text>
      ) : (
        <Stack gap="xs">
          <Text>
            In all: <strong>{formatPractised(me.data.totalSeconds)}</strong>
            {me.data.loops > 0 && `, ${me.data.loops} loop${me.data.loops === 1 ? '' : 's'}`}
          </Text>
          {me.data.days.length > 0 && (
            <Table aria-label="Your practice in the last 30 days">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Day</Table.Th>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Loops</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {me.data.days.map((d) => (
                  <Table.Tr key={d.day}>
                    <Table.Td>{formatDay(d.day)}</Table.Td>
                    <Table.Td>{formatPractised(d.seconds)}</Table.Td>
                    <Table.Td>{d.loops}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Paper>
  );
}
