import { ActionIcon, Button, Group, NumberInput, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useSaveMarkers, type PracticeMarker } from './api';
import { formatTime, sortMarkers } from './markers';
import type { Transport } from './transport';

export interface MarkersEditorProps {
  choirId: string;
  musicId: string;
  markers: PracticeMarker[];
  /** The recording's playback; null until there is one. */
  transport: Transport | null;
  /** The score page on screen. */
  page: number;
}

/**
 * MarkersEditor is the director's (edit:music) list of markers: "now →
 * page N (bar M)" is added from where the recording and the score are,
 * then each can be changed or removed, and the list is saved as a whole.
 */
export function MarkersEditor({ choirId, musicId, markers, transport, page }: MarkersEditorProps) {
  const [draft, setDraft] = useState<PracticeMarker[]>(markers);
  const [bar, setBar] = useState<number | ''>('');
  const save = useSaveMarkers(choirId, musicId);
  const changed = JSON.stringify(draft) !== JSON.stringify(markers);

  const update = (i: number, change: Partial<PracticeMarker>) => setDraft(draft.map((m, j) => (j === i ? { ...m, ...change } : m)));
  const add = () => {
    const time = Math.round((transport?.currentTime() ?? 0) * 10) / 10;
    setDraft(sortMarkers([...draft, { time, page, bar: bar === '' ? null : bar }]));
    setBar('');
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="markers-title">
      <Title order={2} size="h4" id="markers-title">
        Markers
      </Title>
      <Text size="sm" c="dimmed">
        A marker turns the score to its page when the recording reaches its time.
      </Text>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <NumberInput label="Bar (optional)" min={1} w={130} value={bar} onChange={(v) => setBar(typeof v === 'number' ? v : '')} />
        <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={add} disabled={!transport}>
          {`Add marker: now → page ${page}`}
        </Button>
      </Group>
      {draft.length > 0 && (
        <Table.ScrollContainer minWidth={300}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time (s)</Table.Th>
                <Table.Th>Page</Table.Th>
                <Table.Th>Bar</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Remove</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {draft.map((m, i) => (
                <Table.Tr key={i}>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Time of marker ${i + 1} in seconds (${formatTime(m.time)})`}
                      min={0}
                      decimalScale={1}
                      size="xs"
                      w={90}
                      value={m.time}
                      onChange={(v) => typeof v === 'number' && update(i, { time: v })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Page of marker ${i + 1}`}
                      min={1}
                      size="xs"
                      w={70}
                      value={m.page}
                      onChange={(v) => typeof v === 'number' && update(i, { page: v })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Bar of marker ${i + 1}`}
                      min={1}
                      size="xs"
                      w={70}
                      value={m.bar ?? ''}
                      onChange={(v) => update(i, { bar: typeof v === 'number' ? v : null })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon variant="subtle" color="red" aria-label={`Remove marker ${i + 1}`} onClick={() => setDraft(draft.filter((_, j) => j !== i))}>
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group>
        <Button
          disabled={!changed}
          loading={save.submitting}
          // A refusal is said by the error toast; the draft stays to try again.
          onClick={() => void save.submit(sortMarkers(draft), { onSuccess: (saved) => setDraft(saved) }).catch(() => {})}
        >
          Save markers
        </Button>
      </Group>
    </Stack>
  );
}
