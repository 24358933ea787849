import { Button, CloseButton, FileButton, Group, Paper, Progress, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useRef, useState, type DragEvent } from 'react';
import { useMusicStorage } from './api';
import {
  ATTACHMENT_TYPES,
  formatBytes,
  guessAttachmentType,
  isCancelled,
  PART_NAME_REQUIRED,
  refusesFile,
  tooLarge,
  uploadErrorMessage,
  uploadLimit,
  useUploadAttachment,
  type AttachmentFields,
  type AttachmentType,
} from './attachments';

/** refused: the file itself was refused (too large, not a kind taken); sending it again would not help. */
type Status = 'ready' | 'uploading' | 'failed' | 'refused';

interface Item extends AttachmentFields {
  key: number;
  file: File;
  status: Status;
  /** Percent sent, 0 to 100. */
  progress: number;
  error: string | null;
  partError: string | null;
}

/**
 * AttachmentUploader adds files to a piece: chosen with the button or
 * dropped on the area, several at once. Each file gets its type (guessed
 * from its name) and starts uploading as soon as it is chosen, with its own
 * progress bar and Cancel; a failed one says beside it why and can be sent
 * again, after changing its type, description or part if need be. A file larger than the server takes is refused before it is
 * sent. An uploaded file leaves the queue: the piece's list shows it.
 */
export function AttachmentUploader({ choirId, musicId }: { choirId: string; musicId: string }) {
  const upload = useUploadAttachment(choirId, musicId);
  const maxUploadBytes = useMusicStorage(choirId).data?.maxUploadBytes;
  const [items, setItems] = useState<Item[]>([]);
  const [dragging, setDragging] = useState(false);
  const nextKey = useRef(1);
  const controllers = useRef(new Map<number, AbortController>());

  const change = (key: number, patch: Partial<Item>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  const remove = (key: number) => setItems((current) => current.filter((item) => item.key !== key));

  // A chosen file goes at once, with the type its name suggests (changed
  // afterwards in the piece's list); one the server would refuse waits here
  // with its reason.
  const add = (files: File[]) => {
    if (files.length === 0) return;
    const added: Item[] = files.map((file) => {
      const refusal = tooLarge(file, maxUploadBytes);
      return {
        key: nextKey.current++,
        file,
        type: guessAttachmentType(file),
        description: '',
        customPartName: '',
        status: refusal ? 'refused' : 'ready',
        progress: 0,
        error: refusal,
        partError: null,
      };
    });
    setItems((current) => [...current, ...added]);
    added.filter((item) => item.status === 'ready').forEach((item) => void start(item));
  };

  const start = async (item: Item) => {
    if (item.status === 'uploading') return;
    const refusal = tooLarge(item.file, maxUploadBytes);
    if (refusal) {
      change(item.key, { status: 'refused', error: refusal });
      return;
    }
    const customPartName = item.type === 'audio_part' ? item.customPartName.trim() : '';
    if (item.type === 'audio_part' && !customPartName) {
      change(item.key, { partError: PART_NAME_REQUIRED });
      return;
    }
    const controller = new AbortController();
    controllers.current.set(item.key, controller);
    change(item.key, { status: 'uploading', progress: 0, error: null, partError: null });
    try {
      await upload.mutateAsync({
        file: item.file,
        fields: { type: item.type, description: item.description.trim(), customPartName },
        signal: controller.signal,
        onProgress: (share) => change(item.key, { progress: Math.round(share * 100) }),
      });
      remove(item.key);
    } catch (err) {
      const status = isCancelled(err) ? 'ready' : refusesFile(err) ? 'refused' : 'failed';
      change(item.key, { status, progress: 0, error: uploadErrorMessage(err) });
    } finally {
      controllers.current.delete(item.key);
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    add(Array.from(e.dataTransfer.files));
  };

  return (
    <Stack gap="sm">
      <Paper
        withBorder
        p="md"
        role="group"
        aria-label="Add files"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        style={{ borderStyle: 'dashed', background: dragging ? 'var(--mantine-color-blue-light)' : undefined }}
      >
        <Stack align="center" gap="xs">
          <Text ta="center">Drop scores, recordings, MusicXML or MIDI files here, or</Text>
          {maxUploadBytes !== undefined && (
            <Text size="sm" c="dimmed" ta="center">
              Each file up to {uploadLimit(maxUploadBytes)}.
            </Text>
          )}
          <FileButton onChange={add} multiple inputProps={{ 'aria-label': 'Choose files' }}>
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconUpload size={16} aria-hidden />}>
                Choose files
              </Button>
            )}
          </FileButton>
        </Stack>
      </Paper>

      {items.map((item) => (
        <UploadRow
          key={item.key}
          item={item}
          onChange={(patch) => change(item.key, patch)}
          onUpload={() => void start(item)}
          onCancel={() => controllers.current.get(item.key)?.abort()}
          onRemove={() => remove(item.key)}
        />
      ))}

    </Stack>
  );
}

interface UploadRowProps {
  item: Item;
  onChange: (patch: Partial<Item>) => void;
  onUpload: () => void;
  onCancel: () => void;
  onRemove: () => void;
}

function UploadRow({ item, onChange, onUpload, onCancel, onRemove }: UploadRowProps) {
  const name = item.file.name;
  const uploading = item.status === 'uploading';
  return (
    <Paper withBorder p="sm" role="group" aria-label={name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {name} <Text span c="dimmed" size="sm">({formatBytes(item.file.size)})</Text>
          </Text>
          {!uploading && <CloseButton aria-label={`Remove ${name}`} onClick={onRemove} />}
        </Group>
        <Group grow align="flex-start" gap="xs" wrap="wrap">
          <Select
            label="Type"
            data={ATTACHMENT_TYPES as { value: string; label: string }[]}
            value={item.type}
            allowDeselect={false}
            disabled={uploading}
            // Another type may fit a refused file (a PDF is no recording): it may go again.
            onChange={(value) =>
              value &&
              onChange({ type: value as AttachmentType, partError: null, ...(item.status === 'refused' && { status: 'ready', error: null }) })
            }
            miw={160}
          />
          {item.type === 'audio_part' && (
            <TextInput
              label="Part name"
              placeholder="Soprano 1"
              value={item.customPartName}
              disabled={uploading}
              error={item.partError}
              onChange={(e) => onChange({ customPartName: e.currentTarget.value, partError: null })}
              miw={160}
            />
          )}
          <TextInput
            label="Description"
            value={item.description}
            disabled={uploading}
            onChange={(e) => onChange({ description: e.currentTarget.value })}
            miw={160}
          />
        </Group>
        {uploading ? (
          <Group gap="sm" wrap="nowrap">
            <Progress value={item.progress} aria-label={`Uploading ${name}`} style={{ flex: 1 }} />
            <Text size="sm" w={40} ta="right" aria-hidden>
              {item.progress}%
            </Text>
            <Button size="xs" variant="default" onClick={onCancel} aria-label={`Cancel upload of ${name}`}>
              Cancel
            </Button>
          </Group>
        ) : (
          <Group justify="space-between" gap="xs">
            <Text
              size="sm"
              c={item.status === 'failed' || item.status === 'refused' ? 'red.8' : 'dimmed'}
              role={item.error ? 'alert' : undefined}
            >
              {item.error}
            </Text>
            {item.status !== 'refused' && (
              <Button size="xs" onClick={onUpload} aria-label={item.status === 'failed' ? `Try again to upload ${name}` : `Upload ${name}`}>
                {item.status === 'failed' ? 'Try again' : 'Upload'}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
