import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { fieldErrors } from '../../api/client';
import { useChoir } from '../../app/choir';
import { reportFailure, serverMessageOr } from '../../app/errors';
import { notify } from '../../app/notify';
import { SECTION_PADDING } from '../../app/theme';
import { ConfirmModal } from '../../components/ConfirmModal';
import { NoChoirSelected } from '../../components/NoChoirSelected';
import { SectionError, SectionLoading } from '../../components/SectionState';
import {
  createMusicalRole,
  deleteMusicalRole,
  memberKeys,
  renameMusicalRole,
  reorderMusicalRoles,
  useMusicalRoles,
  type MusicalRole,
} from './api';

export const VOICE_PART_FAILED = 'Unable to save the voice parts. Please try again.';
export const NAME_REQUIRED = 'Voice part name is required';

/**
 * nameFailure is what a refused name shows under its field: the server's
 * field message (required, too long), or its message for a refusal such as a
 * duplicate name; null for failures that are not about the name.
 */
function nameFailure(err: unknown): string | null {
  const field = fieldErrors(err).name;
  if (field) return field;
  const message = serverMessageOr(err, '');
  return message && /name/i.test(message) ? message : null;
}

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
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<MusicalRole | null>(null);

  // Names and order show on the Members page (through the members' parts) too.
  function refresh() {
    void queryClient.invalidateQueries({ queryKey: memberKeys.musicalRoles(choirId) });
    void queryClient.invalidateQueries({ queryKey: memberKeys.members(choirId) });
  }

  async function move(index: number, step: -1 | 1) {
    if (busy || !parts.data) return;
    setBusy(true);
    try {
      const saved = await reorderMusicalRoles(choirId, moved(parts.data.map((p) => p.id), index, step));
      queryClient.setQueryData(memberKeys.musicalRoles(choirId), saved);
    } catch (err) {
      reportFailure(err, VOICE_PART_FAILED);
    } finally {
      setBusy(false);
      refresh();
    }
  }

  async function remove() {
    if (!removing || busy) return;
    setBusy(true);
    try {
      await deleteMusicalRole(choirId, removing.id);
      notify.success(`${removing.name} removed`);
      setRemoving(null);
    } catch (err) {
      reportFailure(err, VOICE_PART_FAILED);
    } finally {
      setBusy(false);
      refresh();
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
                onRenamed={refresh}
              />
            ))}
          </Stack>
        )}
      </Paper>
      <AddVoicePart choirId={choirId} onAdded={refresh} />
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
  onRenamed,
}: {
  part: MusicalRole;
  choirId: string;
  first: boolean;
  last: boolean;
  disabled: boolean;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
  onRenamed: () => void;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <Group component="li" gap="xs" wrap="nowrap" justify="space-between" py={4} aria-label={part.name}>
      {editing ? (
        <RenameForm
          part={part}
          choirId={choirId}
          onDone={(renamed) => {
            setEditing(false);
            if (renamed) onRenamed();
          }}
        />
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
 * useNameSubmit sends a voice part name, keeping the refusal about the name
 * under the field; other failures go to a toast.
 */
function useNameSubmit(send: (name: string) => Promise<MusicalRole>, onSaved: (saved: MusicalRole) => void) {
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const running = useRef(false);

  async function submit(name: string) {
    if (running.current) return;
    if (!name.trim()) {
      setError(NAME_REQUIRED);
      return;
    }
    running.current = true;
    setSaving(true);
    setError(undefined);
    try {
      onSaved(await send(name.trim()));
    } catch (err) {
      const message = nameFailure(err);
      if (message) setError(message);
      else reportFailure(err, VOICE_PART_FAILED);
    } finally {
      running.current = false;
      setSaving(false);
    }
  }

  return { submit, error, clearError: () => setError(undefined), saving };
}

function RenameForm({
  part,
  choirId,
  onDone,
}: {
  part: MusicalRole;
  choirId: string;
  onDone: (renamed: boolean) => void;
}) {
  const [name, setName] = useState(part.name);
  const { submit, error, clearError, saving } = useNameSubmit(
    (value) => renameMusicalRole(choirId, part.id, value),
    () => onDone(true),
  );

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === part.name) onDone(false);
    else void submit(name);
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Rename ${part.name}`} style={{ flex: 1 }}>
      <Group gap="xs" align="flex-start">
        <TextInput
          label="Name"
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            clearError();
          }}
          error={error}
          // The field replaces the name the user chose to edit; typing goes straight in.
          autoFocus
          style={{ flex: '1 1 12rem' }}
        />
        <Group gap="xs" mt={{ base: 0, xs: 25 }}>
          <Button type="submit" loading={saving}>
            Save
          </Button>
          <Button variant="default" onClick={() => onDone(false)} disabled={saving}>
            Cancel
          </Button>
        </Group>
      </Group>
    </form>
  );
}

function AddVoicePart({ choirId, onAdded }: { choirId: string; onAdded: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const { submit, error, clearError, saving } = useNameSubmit(
    (value) => createMusicalRole(choirId, value),
    (added) => {
      queryClient.setQueryData<MusicalRole[]>(memberKeys.musicalRoles(choirId), (list) => (list ? [...list, added] : list));
      notify.success(`${added.name} added`);
      setName('');
      onAdded();
    },
  );

  return (
    <Paper withBorder p={SECTION_PADDING}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit(name);
        }}
        noValidate
        aria-label="Add a voice part"
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            Add a voice part
          </Title>
          <Group gap="sm" align="flex-start">
            <TextInput
              label="Voice part name"
              placeholder="Mezzo-soprano"
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                clearError();
              }}
              error={error}
              style={{ flex: '1 1 14rem' }}
            />
            <Button type="submit" loading={saving} mt={{ base: 0, xs: 25 }}>
              Add
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
