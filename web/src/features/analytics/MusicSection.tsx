import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { SectionError, SectionLoading } from '../../components/SectionState';
import { type AnalyticsMusic, csvUrl, type Filters, useMusic } from './api';
import { DataTable } from './DataTable';

/** musicRows are the section's tables as rows of text, the same as the CSV the server writes. */
export function musicRows(m: AnalyticsMusic) {
  return {
    sung: m.sung.map((u) => [u.title, u.composer, String(u.timesSung), u.lastSung ?? '']),
    never: m.never.map((u) => [u.title, u.composer, u.added]),
    seasons: m.seasons.map((u) => [u.seasonName, u.title, String(u.timesSung)]),
  };
}

/** MusicSection: what was sung, what never was, and by liturgical season. */
export function MusicSection({ choirId, filters }: { choirId: string; filters: Filters }) {
  const q = useMusic(choirId, filters, true);
  const csv = (table: string) => csvUrl(choirId, 'music', table, filters);
  const rows = q.data ? musicRows(q.data) : undefined;
  return (
    <Stack gap="md" component="section" aria-labelledby="analytics-music">
      <Title order={2} id="analytics-music">
        Music
      </Title>
      {q.isPending && <SectionLoading label="Loading music" />}
      {q.isError && <SectionError title="Music could not be loaded" error={q.error} onRetry={() => void q.refetch()} />}
      {q.data && rows && (
        <>
          <Text size="sm" c="dimmed">
            From the music plans of past services, concerts and other events (rehearsals are not counted).{' '}
            <Anchor component={Link} to="/dashboard/calendar/music-usage" underline="always" className="analytics-noprint">
              Music usage report for licences
            </Anchor>
          </Text>
          <DataTable
            title="Pieces sung"
            csv={csv('sung')}
            header={['Piece', 'Composer', 'Times sung', 'Last sung']}
            rows={rows.sung}
            rowKey={(i) => q.data.sung[i].musicId}
            empty="No piece was sung in this period."
          />
          <DataTable
            title="Never sung since added"
            csv={csv('never')}
            header={['Piece', 'Composer', 'Added']}
            rows={rows.never}
            rowKey={(i) => q.data.never[i].musicId}
            empty="Every piece in the library has been sung."
          />
          {q.data.seasonal && (
            <DataTable
              title="By liturgical season"
              csv={csv('seasons')}
              header={['Season', 'Piece', 'Times sung']}
              rows={rows.seasons}
              rowKey={(i) => `${q.data.seasons[i].season}-${q.data.seasons[i].musicId}`}
              empty="No piece was sung in this period."
            />
          )}
        </>
      )}
    </Stack>
  );
}
