import { Stack, Table, Text, Title } from '@mantine/core';
import { SectionError, SectionLoading } from '../../../components/SectionState';
import { formatDay, formatPractised, usePiecePractice } from './api';

/**
 * PiecePracticeSection is the administrators' (view:analytics) view of a
 * piece's practice: per voice part how many practised and for how long,
 * then who, by name.
 */
export function PiecePracticeSection({ choirId, musicId }: { choirId: string; musicId: string }) {
  const practice = usePiecePractice(choirId, musicId, true);
  return (
    <Stack gap="sm" component="section" aria-labelledby="piece-practice">
      <Title order={2} size="h3" id="piece-practice">
        Choir practice
      </Title>
      {practice.isPending ? (
        <SectionLoading label="Loading the choir's practice" />
      ) : practice.isError ? (
        <SectionError title="Unable to load the choir's practice" error={practice.error} onRetry={() => void practice.refetch()} />
      ) : (
        <>
          <Table.ScrollContainer minWidth={320}>
            <Table aria-label="Practice per voice part">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Voice part</Table.Th>
                  <Table.Th>Practised</Table.Th>
                  <Table.Th>Time</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {practice.data.voiceParts.map((v) => (
                  <Table.Tr key={v.voicePart}>
                    <Table.Td>{v.voicePart || 'No voice part'}</Table.Td>
                    <Table.Td>{`${v.practisedMembers} of ${v.members}`}</Table.Td>
                    <Table.Td>{formatPractised(v.totalSeconds)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {practice.data.members.length === 0 ? (
            <Text c="dimmed">No members yet.</Text>
          ) : (
            <Table.ScrollContainer minWidth={320}>
              <Table aria-label="Practice per member">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Member</Table.Th>
                    <Table.Th>Voice part</Table.Th>
                    <Table.Th>Time</Table.Th>
                    <Table.Th>Last practised</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {practice.data.members.map((m) => (
                    <Table.Tr key={m.userId}>
                      <Table.Td>{m.name}</Table.Td>
                      <Table.Td>{m.voiceParts.join(', ')}</Table.Td>
                      <Table.Td>{formatPractised(m.totalSeconds)}</Table.Td>
                      <Table.Td>{m.lastDay ? formatDay(m.lastDay) : 'Never'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </>
      )}
    </Stack>
  );
}
