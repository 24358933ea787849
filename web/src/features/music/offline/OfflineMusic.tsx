import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconCloudCheck, IconCloudDownload } from '@tabler/icons-react';
import { useMutation, useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { api, unwrap } from '../../../api/client';
import { expiryAfter, isRecordOf, removeKeptPiece, useKeptPieces } from '../../../app/pwa/keptMusic';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { formatDate } from '../../../components/format';
import { fetchMusicPiece, musicKeys, type MusicPiece } from '../api';
import { formatBytes } from '../attachments';
import { practiceKeys } from '../practice/trackingApi';
import { isOutdated, keptFiles, offlineAttachments, pieceAnswers } from './offlineFiles';
import { lastPlannedDays, storePieces, type PieceToKeep } from './store';

export const AVAILABLE_OFFLINE = 'Available offline';
export const REMOVE_FROM_DEVICE = 'Remove from this device';
export const STORE_FAILED = 'Unable to store the music on this device. Please try again.';
export const NO_SPACE = 'There is not enough space on this device for this music.';

export interface OfflineMusicProps {
  choirId: string;
  /** The pieces kept together: one on a piece's page, an event's plan on the event. */
  musicIds: string[];
  /** "Make available offline" (a piece) or "Make this music available offline" (an event). */
  label: string;
  /** On a piece's page, the piece as now: kept files since replaced are removed, to be stored again. */
  piece?: MusicPiece;
}

/**
 * OfflineMusic keeps pieces on this device for practice without a signal
 * (issue 31): the tap shows how many files and how much space first, then
 * asks the browser to keep the storage and downloads them with progress;
 * afterwards the music is "Available offline", with "Remove from this device".
 */
export function OfflineMusic({ choirId, musicIds, label, piece }: OfflineMusicProps) {
  const list = useKeptPieces();
  const record = piece ? list.find((p) => isRecordOf(p, choirId, piece.id)) : undefined;
  const outdated = !!record && !!piece && isOutdated(record, piece.attachments);
  useEffect(() => {
    if (outdated && piece) void removeKeptPiece(choirId, piece.id);
  }, [outdated, choirId, piece]);
  const [asking, setAsking] = useState(false);
  const remove = useMutation({
    mutationFn: () => Promise.all(musicIds.map((id) => removeKeptPiece(choirId, id))),
  });
  const kept = musicIds.length > 0 && musicIds.every((id) => list.some((p) => isRecordOf(p, choirId, id)));
  if (musicIds.length === 0) return null;

  if (kept) {
    return (
      <Group gap="sm" wrap="wrap">
        <Group gap={4} wrap="nowrap">
          <IconCloudCheck size={18} aria-hidden color="var(--mantine-color-green-text)" />
          <Text size="sm" fw={600}>
            {AVAILABLE_OFFLINE}
          </Text>
        </Group>
        <Button variant="subtle" size="compact-sm" loading={remove.isPending} onClick={() => remove.mutate()}>
          {REMOVE_FROM_DEVICE}
        </Button>
      </Group>
    );
  }
  return (
    <Group>
      <Button variant="default" leftSection={<IconCloudDownload size={16} aria-hidden />} onClick={() => setAsking(true)}>
        {label}
      </Button>
      {asking && <KeepModal choirId={choirId} musicIds={musicIds} title={label} onClose={() => setAsking(false)} />}
    </Group>
  );
}

/** KeepModal shows what would be stored, then stores it on the confirming tap. */
function KeepModal({ choirId, musicIds, title, onClose }: { choirId: string; musicIds: string[]; title: string; onClose: () => void }) {
  const progressId = useId();
  const pieces = useQueries({
    queries: musicIds.map((id) => ({ queryKey: musicKeys.piece(choirId, id), queryFn: () => fetchMusicPiece(choirId, id) })),
  });
  // The singer's voice parts in the choir (the same for every piece).
  const me = useQuery({
    queryKey: practiceKeys.me(choirId, musicIds[0]),
    queryFn: async () =>
      unwrap(await api.GET('/choirs/{choirId}/music/{musicId}/practice/me', { params: { path: { choirId, musicId: musicIds[0] } } })),
  });
  const planned = useQuery({
    queryKey: ['choirs', choirId, 'music', 'offline', 'lastPlanned', ...musicIds],
    queryFn: () => lastPlannedDays(choirId, musicIds),
  });
  const [loaded, setLoaded] = useState(0);
  const [openedAt] = useState(() => Date.now());
  const store = useMutation({
    mutationFn: async (toKeep: PieceToKeep[]) => {
      // Asked on the tap, so the browser does not clear the music when space runs short.
      await navigator.storage?.persist?.().catch(() => false);
      await storePieces(toKeep, setLoaded);
    },
    onSuccess: onClose,
  });

  const ready = pieces.every((q) => q.isSuccess) && me.isSuccess && planned.isSuccess;
  const failed = pieces.some((q) => q.isError) || me.isError || planned.isError;
  const toKeep: PieceToKeep[] = ready
    ? pieces.map((q) => {
        const piece = q.data!;
        const files = keptFiles(choirId, piece.id, offlineAttachments(piece.attachments, me.data.voiceParts));
        return {
          choirId,
          musicId: piece.id,
          title: piece.title,
          files,
          answers: pieceAnswers(choirId, piece.id),
          lastEventDay: planned.data.get(piece.id) ?? null,
        };
      })
    : [];
  const files = toKeep.flatMap((p) => p.files);
  const total = files.reduce((sum, f) => sum + f.bytes, 0);
  const until = Math.max(0, ...toKeep.map((p) => expiryAfter(p.lastEventDay, openedAt)));

  return (
    <Modal opened onClose={store.isPending ? () => {} : onClose} title={title} centered>
      <Stack gap="md">
        {failed ? (
          <ErrorAlert role="alert">Unable to load the music. Please try again.</ErrorAlert>
        ) : !ready ? (
          <Text c="dimmed">Counting the files…</Text>
        ) : files.length === 0 ? (
          <Text>This music has no score or recording to keep.</Text>
        ) : (
          <>
            <Text fw={600}>{`${files.length} ${files.length === 1 ? 'file' : 'files'}, ${formatBytes(total)}`}</Text>
            <Text size="sm">
              {`The score and the recordings of your part stay on this device until ${formatDate(new Date(until).toISOString())}, 30 days after the last event that uses them.`}
            </Text>
          </>
        )}
        {store.isPending && (
          <div>
            <Text size="sm" id={progressId}>
              {`Storing ${formatBytes(loaded)} of ${formatBytes(total)}`}
            </Text>
            <Progress.Root>
              <Progress.Section value={total > 0 ? (100 * loaded) / total : 0} aria-labelledby={progressId} />
            </Progress.Root>
          </div>
        )}
        {store.isError && (
          <ErrorAlert role="alert">{store.error instanceof DOMException && store.error.name === 'QuotaExceededError' ? NO_SPACE : STORE_FAILED}</ErrorAlert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={store.isPending}>
            Cancel
          </Button>
          <Button disabled={!ready || files.length === 0} loading={store.isPending} onClick={() => store.mutate(toKeep)}>
            {title}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
