import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { SectionError } from '../../../components/SectionState';
import { formatDay, formatPractised, myPracticeQuery, useMyPractice } from './api';
import { PracticeLines } from './YourPracticeLoading';

/** YourPracticeCard is the dashboard's "Your practice": this week's time and the pieces practised lately. */
export function YourPracticeCard({ choirId }: { choirId: string }) {
  const mine = useMyPractice(choirId);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="your-practice">
      <Title order={2} size="h3" id="your-practice" mb="xs">
        Your practice
      </Title>
      {mine.isPending ? (
        <PracticeLines />
      ) : mine.isError ? (
        <SectionError title="Unable to load your practice" error={mine.error} onRetry={() => void mine.refetch()} />
      ) : (
        <Stack gap="xs">
          <Text>
            Last 7 days: <strong>{formatPractised(mine.data.weekSeconds)}</strong>
          </Text>
          {mine.data.pieces.length === 0 ? (
            <Text c="dimmed">No practice yet. Open a piece in the music library and press Practice.</Text>
          ) : (
            <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {mine.data.pieces.map((p) => (
                <Group key={p.musicId} component="li" justify="space-between" gap="xs" wrap="nowrap">
                  <Anchor component={Link} to={`/dashboard/music/${encodeURIComponent(p.musicId)}?practice=true`} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    {p.title}
                  </Anchor>
                  <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                    {`${formatPractised(p.totalSeconds)}, ${formatDay(p.lastDay)}`}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Paper>
  );
}

/** warmYourPractice asks for the card's figures before it renders, when the app opens on the dashboard. */
export function warmYourPractice(queryClient: QueryClient, choirId: string) {
  return queryClient.prefetchQuery(myPracticeQuery(choirId));
}
