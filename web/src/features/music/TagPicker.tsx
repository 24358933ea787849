import { Button, Group, MultiSelect, Stack, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { serverMessageOr } from '../../app/errors';
import { useCreateTag, useTags } from './api';

export interface TagPickerProps {
  choirId: string;
  value: string[];
  onChange: (tagIds: string[]) => void;
  error?: ReactNode;
}

/**
 * TagPicker picks the choir's tags, and makes a new one on the spot with
 * the default colour (calendar §7). A name the choir has already gets the
 * server's duplicate message under the new tag's field.
 */
export function TagPicker({ choirId, value, onChange, error }: TagPickerProps) {
  const tags = useTags(choirId);
  const create = useCreateTag(choirId);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);

  async function add() {
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError('Enter a name for the new tag');
      return;
    }
    try {
      await create.submit(
        { name: trimmed },
        {
          onSuccess: (tag) => {
            onChange([...value, tag.id]);
            setName('');
            setNameError(null);
          },
          onError: (err) => setNameError(serverMessageOr(err, 'Failed to create tag')),
        },
      );
    } catch {
      // Shown under the field.
    }
  }

  return (
    <Stack gap={6}>
      <MultiSelect
        label="Tags"
        data={(tags.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
        value={value}
        onChange={onChange}
        searchable
        clearable
        error={error}
        nothingFoundMessage="No tag by that name"
      />
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          aria-label="New tag"
          placeholder="New tag"
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setNameError(null);
          }}
          onKeyDown={(e) => {
            // Enter adds the tag rather than saving the whole piece.
            if (e.key === 'Enter') {
              e.preventDefault();
              void add();
            }
          }}
          error={nameError}
          style={{ flex: 1 }}
        />
        <Button variant="default" onClick={() => void add()} loading={create.submitting}>
          Create tag
        </Button>
      </Group>
    </Stack>
  );
}
