import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useChoir } from '../../app/choir';
import { reportFailure, serverMessageOr } from '../../app/errors';
import { showServerErrors } from '../../app/forms';
import { notify } from '../../app/notify';
import { SECTION_PADDING } from '../../app/theme';
import { ConfirmModal } from '../../components/ConfirmModal';
import { NoChoirSelected } from '../../components/NoChoirSelected';
import { SectionError, SectionLoading } from '../../components/SectionState';
import {
  useCreateMusicalRole,
  useDeleteMusicalRole,
  useMusicalRoles,
  useRenameMusicalRole,
  useReorderMusicalRoles,
  type MusicalRole,
} from './api';

export const VOICE_PART_FAILED = 'Unable to save the voice parts. Please try again.';
export const NAME_REQUIRED = 'Voice part name is required';

/** moved returns the ids with one moved a place up (-1) or down (+1). */
export function moved(ids: readonly string[], index: number, step: -1 | 1): string[] {
  const next = [...ids];
  const target = index + step;
  if (target < 0 || target >= next.length) return next;
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

/**
 * MusicalRolesPage (/dashboard/settings/musical-roles, edit:settings) keeps
 * the current choir's voice parts: their order, names, additions and removals.
 */
export function MusicalRolesPage() {
  const { currentChoir, loading } = useChoir();
  const choirId = loading ? null : (currentChoir?.id ?? null);
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>Musical Roles</Title>
      <Text c="dimmed">
        The voice parts your singers take, in the order the choir lists them. Members are assigned their parts on the
        Members page.
      </Text>
      {loading ? (
        <SectionLoading label="Loading voice parts" />
      ) : !choirId ? (
        <NoChoirSelected />
      ) : (
        <VoicePartsEditor key={choirId} choirId={choirId} />
      )}
    </Stack>
  );
}

function VoicePartsEditor({ choirId }: { choirId: string }) {
  const parts = useMusicalRoles(choirId);
  const reorder = useReorderMusicalRoles(choirId);
  const deletion = useDeleteMusicalRole(choirId);
  const [removing, setRemoving] = useState<MusicalRole | null>(null);
  // One move or removal at a time.
  const busy = reorder.isPending || deletion.isPending;

  async function move(index: number, step: -1 | 1) {
    if (busy || !parts.data) return;
    try {
      await reorder.submit(moved(parts.data.map((p) => p.id), index, step), {
        onError: (err) => reportFailure(err, VOICE_PART_FAILED),
      });
    } catch {
      // onError has shown why.
    }
  }

  async function remove() {
    if (!removing || busy) return;
    const part = removing;
    try {
      await deletion.submit(part, {
        onSuccess: () => {
          notify.success(`${part.name} removed`);
          setRemoving(null);
        },
        onError: (err) => reportFailure(err, VOICE_PART_FAILED),
      });
    } catch {
      // onError has shown why.
    }
  }

  if (parts.isPending) return <SectionLoading label="Loading voice parts" />;
  if (parts.isError) {
    return <SectionError title="Could not load the voice parts" error={parts.error} onRetry={() => void parts.refetch()} />;
  }

  return (
    <Stack gap="lg">
      <Paper withBorder p={SECTION_PADDING}>
        {parts.data.length === 0 ? (
          <Text c="dimmed">No voice parts yet. Add the first one below.</Text>
        ) : (
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Voice parts">
            {parts.data.map((part, index) => (
              <VoicePartRow
                key={part.id}
                part={part}
                choirId={choirId}
                first={index === 0}
                last={index === parts.data.length - 1}
                disabled={busy}
                onMove={(step) => void move(index, step)}
                onRemove={() => setRemoving(part)}
              />
            ))}
          </Stack>
        )}
      </Paper>
      <AddVoicePart choirId={choirId} />
      <ConfirmModal
        opened={removing !== null}
        title={`Remove ${removing?.name ?? 'voice part'}?`}
        confirmLabel="Remove"
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      >
        Members assigned to it lose it. This cannot be undone.
      </ConfirmModal>
    </Stack>
  );
}

function VoicePartRow({
  part,
  choirId,
  first,
  last,
  disabled,
  onMove,
  onRemove,
}: {
  part: MusicalRole;
  choirId: string;
  first: boolean;
  last: boolean;
  disabled: boolean;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <Group component="li" gap="xs" wrap="nowrap" justify="space-between" py={4} aria-label={part.name}>
      {editing ? (
        <RenameForm part={part} choirId={choirId} onDone={() => setEditing(false)} />
      ) : (
        <>
          <Text fw={600} miw={0} style={{ overflowWrap: 'anywhere', flex: 1 }}>
            {part.name}
          </Text>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={`Move ${part.name} up`}
              disabled={disabled || first}
              onClick={() => onMove(-1)}
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={`Move ${part.name} down`}
              disabled={disabled || last}
              onClick={() => onMove(1)}
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="default" size="lg" aria-label={`Rename ${part.name}`} onClick={() => setEditing(true)}>
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={`Remove ${part.name}`}
              disabled={disabled}
              onClick={onRemove}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </>
      )}
    </Group>
  );
}

/**
 * showNameRefusal puts a refused name's message under the name field: the
 * server's field message (required, too long), or its message for a refusal
 * such as a duplicate name. Other failures go to a toast.
 */
function showNameRefusal(form: UseFormReturnType<NameValues>, err: unknown) {
  if (showServerErrors(form, err)) return;
  const message = serverMessageOr(err, '');
  if (message && /name/i.test(message)) form.setFieldError('name', message);
  else reportFailure(err, VOICE_PART_FAILED);
}

interface NameValues {
  name: string;
}

const validateName = { name: (name: string) => (name.trim() ? null : NAME_REQUIRED) };

function RenameForm({ part, choirId, onDone }: { part: MusicalRole; choirId: string; onDone: () => void }) {
  const rename = useRenameMusicalRole(choirId);
  const form = useForm<NameValues>({ initialValues: { name: part.name }, validate: validateName });

  async function onSubmit({ name }: NameValues) {
    if (name.trim() === part.name) {
      onDone();
      return;
    }
    try {
      await rename.submit({ roleId: part.id, name: name.trim() }, { onSuccess: onDone, onError: (err) => showNameRefusal(form, err) });
    } catch {
      // onError has shown why.
    }
  }

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate aria-label={`Rename ${part.name}`} style={{ flex: 1 }}>
      <Group gap="xs" align="flex-start">
        <TextInput
          label="Name"
          {...form.getInputProps('name')}
          // The field replaces the name the user chose to edit; typing goes straight in.
          autoFocus
          style={{ flex: '1 1 12rem' }}
        />
        <Group gap="xs" mt={{ base: 0, xs: 25 }}>
          <Button type="submit" loading={rename.submitting}>
            Save
          </Button>
          <Button variant="default" onClick={onDone} disabled={rename.submitting}>
            Cancel
          </Button>
        </Group>
      </Group>
    </form>
  );
}

function AddVoicePart({ choirId }: { choirId: string }) {
  const add = useCreateMusicalRole(choirId);
  const form = useForm<NameValues>({ initialValues: { name: '' }, validate: validateName });

  async function onSubmit({ name }: NameValues) {
    try {
      await add.submit(name.trim(), {
        onSuccess: (added) => {
          notify.success(`${added.name} added`);
          form.reset();
        },
        onError: (err) => showNameRefusal(form, err),
      });
    } catch {
      // onError has shown why.
    }
  }

  return (
    <Paper withBorder p={SECTION_PADDING}>
      <form onSubmit={form.onSubmit(onSubmit)} noValidate aria-label="Add a voice part">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Add a voice part
          </Title>
          <Group gap="sm" align="flex-start">
            <TextInput
              label="Voice part name"
              placeholder="Mezzo-soprano"
              {...form.getInputProps('name')}
              style={{ flex: '1 1 14rem' }}
            />
            <Button type="submit" loading={add.submitting} mt={{ base: 0, xs: 25 }}>
              Add
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
