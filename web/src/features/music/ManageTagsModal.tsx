import { Button, ColorSwatch, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { serverMessageOr } from '../../app/errors';
import { ConfirmModal } from '../../components/ConfirmModal';
import { SectionError, SectionLoading } from '../../components/SectionState';
import { DEFAULT_TAG_COLOR, useDeleteTag, useTags, useUpdateTag, type Tag } from './api';

const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

export interface ManageTagsModalProps {
  choirId: string;
  opened: boolean;
  onClose: () => void;
}

/** ManageTagsModal renames, recolours and deletes the choir's tags (edit:music). */
export function ManageTagsModal({ choirId, opened, onClose }: ManageTagsModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Tags" size="lg" centered>
      {opened && <TagList choirId={choirId} />}
    </Modal>
  );
}

function TagList({ choirId }: { choirId: string }) {
  const tags = useTags(choirId);
  const remove = useDeleteTag(choirId);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);

  if (tags.isPending) return <SectionLoading label="Loading tags" />;
  if (tags.isError) return <SectionError title="The tags could not be loaded" error={tags.error} onRetry={() => void tags.refetch()} />;
  if (tags.data.length === 0) return <Text>No tags yet. Tags are made in the music form.</Text>;

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.submit({ id: deleting.id }, { onSuccess: () => setDeleting(null) });
    } catch {
      setDeleting(null);
    }
  }

  return (
    <>
      <Table aria-label="Tags" verticalSpacing="xs">
        <Table.Tbody>
          {tags.data.map((tag) =>
            editing === tag.id ? (
              <Table.Tr key={tag.id}>
                <Table.Td colSpan={3}>
                  <EditTag choirId={choirId} tag={tag} onDone={() => setEditing(null)} />
                </Table.Td>
              </Table.Tr>
            ) : (
              <Table.Tr key={tag.id}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <ColorSwatch color={tag.color || DEFAULT_TAG_COLOR} size={16} aria-hidden />
                    <Text>{tag.name}</Text>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {tag.musicCount} {tag.musicCount === 1 ? 'piece' : 'pieces'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button size="compact-sm" variant="default" aria-label={`Edit ${tag.name}`} onClick={() => setEditing(tag.id)}>
                      Edit
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red.9"
                      aria-label={`Delete ${tag.name}`}
                      onClick={() => setDeleting(tag)}
                    >
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ),
          )}
        </Table.Tbody>
      </Table>
      <ConfirmModal
        opened={deleting !== null}
        title="Delete tag"
        confirmLabel="Delete tag"
        busy={remove.submitting}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        {deleting &&
          `Delete the tag "${deleting.name}"? It is taken off ${deleting.musicCount} ${deleting.musicCount === 1 ? 'piece' : 'pieces'}; the pieces stay.`}
      </ConfirmModal>
    </>
  );
}

function EditTag({ choirId, tag, onDone }: { choirId: string; tag: Tag; onDone: () => void }) {
  const update = useUpdateTag(choirId);
  const [name, setName] = useState(tag.name);
  const [color, setColor] = useState(tag.color || DEFAULT_TAG_COLOR);
  const [errors, setErrors] = useState<{ name?: string; color?: string }>({});

  async function save() {
    const found = {
      name: name.trim() ? undefined : 'Enter a name for the tag',
      color: COLOR_PATTERN.test(color) ? undefined : 'A colour is written #rrggbb, e.g. #3b82f6',
    };
    if (found.name || found.color) {
      setErrors(found);
      return;
    }
    try {
      await update.submit(
        { id: tag.id, body: { name: name.trim(), color } },
        { onSuccess: onDone, onError: (err) => setErrors({ name: serverMessageOr(err, 'Failed to update tag') }) },
      );
    } catch {
      // Shown under the field.
    }
  }

  return (
    <form
      aria-label={`Edit tag ${tag.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Stack gap="xs">
        <Group gap="xs" align="flex-start" grow>
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} data-autofocus />
          <TextInput
            label="Colour"
            value={color}
            onChange={(e) => setColor(e.currentTarget.value)}
            error={errors.color}
            leftSection={COLOR_PATTERN.test(color) ? <ColorSwatch color={color} size={14} aria-hidden /> : undefined}
          />
        </Group>
        <Group gap="xs" justify="flex-end">
          <Button variant="default" size="xs" onClick={onDone} disabled={update.submitting}>
            Cancel
          </Button>
          <Button type="submit" size="xs" loading={update.submitting}>
            Save tag
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
