import { Anchor, Badge, Button, FileButton, Group, Modal, Paper, Progress, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload, IconEdit, IconReplace, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { showServerErrors } from '../../app/forms';
import { ConfirmModal } from '../../components/ConfirmModal';
import { useMusicStorage } from './api';
import {
  ATTACHMENT_TYPES,
  attachmentFileUrl,
  attachmentTypeLabel,
  formatBytes,
  isAudio,
  PART_NAME_REQUIRED,
  tooLarge,
  uploadErrorMessage,
  useDeleteAttachment,
  useReplaceAttachmentFile,
  useUpdateAttachment,
  type Attachment,
  type AttachmentFields,
  type AttachmentType,
} from './attachments';

export interface AttachmentListProps {
  choirId: string;
  musicId: string;
  attachments: readonly Attachment[];
  /** edit:music: the person may change, replace and delete files. */
  canEdit: boolean;
}

/**
 * AttachmentList shows a piece's files: what each is, a player for
 * recordings (the server answers Range requests, so seeking works) and a
 * download link for every file; editors also change, replace and delete.
 */
export function AttachmentList({ choirId, musicId, attachments, canEdit }: AttachmentListProps) {
  const [editing, setEditing] = useState<Attachment | null>(null);
  const [deleting, setDeleting] = useState<Attachment | null>(null);
  const remove = useDeleteAttachment(choirId, musicId);

  if (attachments.length === 0) {
    return <Text c="dimmed">No files yet.</Text>;
  }
  return (
    <Stack gap="sm">
      {attachments.map((attachment) => (
        <AttachmentItem
          key={attachment.id}
          choirId={choirId}
          musicId={musicId}
          attachment={attachment}
          canEdit={canEdit}
          onEdit={() => setEditing(attachment)}
          onDelete={() => setDeleting(attachment)}
        />
      ))}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title="Edit file details" centered>
        {editing && (
          <EditAttachmentForm key={editing.id} choirId={choirId} musicId={musicId} attachment={editing} onDone={() => setEditing(null)} />
        )}
      </Modal>
      <ConfirmModal
        opened={deleting !== null}
        title="Delete file"
        confirmLabel="Delete"
        busy={remove.submitting}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.submit(deleting.id, { onSuccess: () => setDeleting(null) }).catch(() => {
            // The error toast said why; the question stays open to try again.
          });
        }}
      >
        {deleting ? `Delete "${deleting.fileName}"? This cannot be undone.` : ''}
      </ConfirmModal>
    </Stack>
  );
}

interface ItemProps {
  choirId: string;
  musicId: string;
  attachment: Attachment;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

function AttachmentItem({ choirId, musicId, attachment, canEdit, onEdit, onDelete }: ItemProps) {
  const name = attachment.fileName;
  const fileUrl = attachmentFileUrl(choirId, musicId, attachment.id);
  return (
    <Paper withBorder p="sm" component="article" aria-label={name}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Badge variant="light">{attachmentTypeLabel(attachment.type)}</Badge>
              {attachment.customPartName && <Text fw={500}>{attachment.customPartName}</Text>}
            </Group>
            <Text style={{ overflowWrap: 'anywhere' }}>
              {name}{' '}
              <Text span c="dimmed" size="sm">
                ({formatBytes(attachment.sizeBytes)})
              </Text>
            </Text>
            {attachment.description && (
              <Text size="sm" c="dimmed">
                {attachment.description}
              </Text>
            )}
          </Stack>
          <Button
            component="a"
            href={attachmentFileUrl(choirId, musicId, attachment.id, true)}
            download={name}
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden />}
            aria-label={`Download ${name}`}
          >
            Download
          </Button>
        </Group>
        {isAudio(attachment) && (
          <audio controls preload="metadata" src={fileUrl} aria-label={`Play ${name}`} style={{ width: '100%' }} />
        )}
        {attachment.type === 'score' && (
          <Anchor href={fileUrl} target="_blank" rel="noopener" size="sm">
            Open {name}
          </Anchor>
        )}
        {canEdit && (
          <EditorControls choirId={choirId} musicId={musicId} attachment={attachment} onEdit={onEdit} onDelete={onDelete} />
        )}
      </Stack>
    </Paper>
  );
}

function EditorControls({
  choirId,
  musicId,
  attachment,
  onEdit,
  onDelete,
}: Omit<ItemProps, 'canEdit'>) {
  const replace = useReplaceAttachmentFile(choirId, musicId);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [controller, setController] = useState<AbortController | null>(null);
  const name = attachment.fileName;

  const maxUploadBytes = useMusicStorage(choirId).data?.maxUploadBytes;

  const onFile = async (file: File | null) => {
    if (!file) return;
    const refusal = tooLarge(file, maxUploadBytes);
    if (refusal) {
      setError(refusal);
      return;
    }
    const abort = new AbortController();
    setController(abort);
    setError(null);
    setProgress(0);
    try {
      await replace.mutateAsync({
        attachment,
        file,
        signal: abort.signal,
        onProgress: (share) => setProgress(Math.round(share * 100)),
      });
    } catch (err) {
      setError(uploadErrorMessage(err));
    } finally {
      setProgress(null);
      setController(null);
    }
  };

  return (
    <Stack gap="xs">
      {progress !== null ? (
        <Group gap="sm" wrap="nowrap">
          <Progress value={progress} aria-label={`Replacing ${name}`} style={{ flex: 1 }} />
          <Button size="xs" variant="default" onClick={() => controller?.abort()} aria-label={`Cancel replacing ${name}`}>
            Cancel
          </Button>
        </Group>
      ) : (
        <Group gap="xs">
          <Button size="xs" variant="default" leftSection={<IconEdit size={14} aria-hidden />} onClick={onEdit} aria-label={`Edit ${name}`}>
            Edit
          </Button>
          <FileButton onChange={(file) => void onFile(file)} inputProps={{ 'aria-label': `Replace file ${name}` }}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="default"
                leftSection={<IconReplace size={14} aria-hidden />}
                aria-label={`Replace file ${name}`}
              >
                Replace file
              </Button>
            )}
          </FileButton>
          <Button
            size="xs"
            variant="default"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={onDelete}
            aria-label={`Delete ${name}`}
          >
            Delete
          </Button>
        </Group>
      )}
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function EditAttachmentForm({
  choirId,
  musicId,
  attachment,
  onDone,
}: {
  choirId: string;
  musicId: string;
  attachment: Attachment;
  onDone: () => void;
}) {
  const update = useUpdateAttachment(choirId, musicId);
  const form = useForm<AttachmentFields>({
    initialValues: {
      type: attachment.type,
      description: attachment.description,
      customPartName: attachment.customPartName,
    },
    validate: {
      customPartName: (value, values) => (values.type === 'audio_part' && !value.trim() ? PART_NAME_REQUIRED : null),
    },
  });

  async function onSubmit(values: AttachmentFields) {
    const body = {
      type: values.type,
      description: values.description.trim(),
      customPartName: values.type === 'audio_part' ? values.customPartName.trim() : '',
    };
    try {
      await update.submit(
        { attachmentId: attachment.id, body },
        { onSuccess: onDone, onError: (err) => showServerErrors(form, err) },
      );
    } catch {
      // The error toast said why.
    }
  }

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate aria-label={`Edit ${attachment.fileName}`}>
      <Stack gap="md">
        <Select
          label="Type"
          data={ATTACHMENT_TYPES as { value: string; label: string }[]}
          allowDeselect={false}
          {...form.getInputProps('type')}
          onChange={(value) => value && form.setFieldValue('type', value as AttachmentType)}
        />
        {form.values.type === 'audio_part' && (
          <TextInput label="Part name" placeholder="Soprano 1" {...form.getInputProps('customPartName')} />
        )}
        <TextInput label="Description" {...form.getInputProps('description')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={update.submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={update.submitting}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
