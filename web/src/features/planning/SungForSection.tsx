import { Badge, Button, Group, Modal, MultiSelect, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { useChoir } from '../../app/choir';
import { SectionError, SectionLoading } from '../../components/SectionState';
import { useFeastChoices, useLiturgicalSeasons, useMusicLiturgy, useSetMusicLiturgy, type MusicLiturgy } from './api';
import { MOBILE_QUERY } from '../../components/phone';

/**
 * SungForSection is a piece's feasts and seasons on its page: what
 * suggestions match it to. Editors (edit:music) change them.
 */
export function SungForSection({ choirId, musicId }: { choirId: string; musicId: string }) {
  const { can } = useChoir();
  const canEdit = can('edit:music');
  const liturgy = useMusicLiturgy(choirId, musicId);
  const [editing, setEditing] = useState(false);
  const phone = useMediaQuery(MOBILE_QUERY);
  const data = liturgy.data;
  const empty = data !== undefined && data.feasts.length === 0 && data.seasons.length === 0;

  return (
    <Stack gap="sm" component="section" aria-labelledby="piece-sung-for">
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h3" id="piece-sung-for">
          Sung for
        </Title>
        {canEdit && data && (
          <Button variant="default" size="sm" leftSection={<IconEdit size={16} aria-hidden />} onClick={() => setEditing(true)} aria-label="Edit Sung for">
            Edit
          </Button>
        )}
      </Group>
      {liturgy.isPending && <SectionLoading label="Loading feasts and seasons" />}
      {liturgy.isError && (
        <SectionError title="The feasts and seasons could not be loaded" error={liturgy.error} onRetry={() => void liturgy.refetch()} />
      )}
      {empty && <Text c="dimmed">No feasts or seasons yet.</Text>}
      {data && !empty && (
        <Group gap={6}>
          {data.feasts.map((f) => (
            <Badge key={f.feastKey} variant="default" styles={{ root: { textTransform: 'none' } }}>
              {f.name}
            </Badge>
          ))}
          {data.seasons.map((s) => (
            <Badge key={s.key} variant="default" styles={{ root: { textTransform: 'none' } }}>
              {s.name}
            </Badge>
          ))}
        </Group>
      )}
      {canEdit && data && (
        <Modal opened={editing} onClose={() => setEditing(false)} title="Sung for" centered fullScreen={phone}>
          {editing && <SungForForm choirId={choirId} musicId={musicId} liturgy={data} onDone={() => setEditing(false)} />}
        </Modal>
      )}
    </Stack>
  );
}

interface SungForValues {
  seasons: string[];
  feastKeys: string[];
}

function SungForForm({ choirId, musicId, liturgy, onDone }: { choirId: string; musicId: string; liturgy: MusicLiturgy; onDone: () => void }) {
  const seasons = useLiturgicalSeasons(choirId);
  const feasts = useFeastChoices(choirId, true);
  const save = useSetMusicLiturgy(choirId, musicId);
  const form = useForm<SungForValues>({
    initialValues: { seasons: liturgy.seasons.map((s) => s.key), feastKeys: liturgy.feasts.map((f) => f.feastKey) },
  });

  // The piece's own tags stay choosable even when the calendar no longer lists them.
  const seasonOptions = unique([...(seasons.data ?? []).map((s) => ({ value: s.key, label: s.name })), ...liturgy.seasons.map((s) => ({ value: s.key, label: s.name }))]);
  const feastOptions = unique([
    ...(feasts.data ?? []).filter((f) => f.feastKey).map((f) => ({ value: f.feastKey, label: f.name })),
    ...liturgy.feasts.map((f) => ({ value: f.feastKey, label: f.name })),
  ]);

  return (
    <form
      aria-label="Sung for"
      onSubmit={form.onSubmit((values) => void save.submit(values, { onSuccess: onDone }).catch(() => {}))}
    >
      <Stack gap="md">
        <MultiSelect label="Seasons" data={seasonOptions} clearable {...form.getInputProps('seasons')} />
        <MultiSelect
          label="Feasts"
          data={feastOptions}
          searchable
          clearable
          nothingFoundMessage="No feast of that name"
          {...form.getInputProps('feastKeys')}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone} disabled={save.submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={save.submitting}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function unique(options: { value: string; label: string }[]) {
  const seen = new Set<string>();
  return options.filter((o) => !seen.has(o.value) && seen.add(o.value));
}
