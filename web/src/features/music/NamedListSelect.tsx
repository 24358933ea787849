import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { serverMessageOr } from '../../app/errors';
import type { SubmissionResult } from '../../app/mutations';
import type { MusicType } from './api';

export interface NamedListSelectProps {
  label: string;
  /** What a new entry is called, e.g. 'type'. */
  noun: string;
  items: MusicType[] | undefined;
  value: string | null;
  onChange: (id: string | null) => void;
  create: SubmissionResult<MusicType, string>;
  error?: ReactNode;
}

/** NamedListSelect picks one of the choir's types or categories, or adds a new one and picks it. */
export function NamedListSelect({ label, noun, items, value, onChange, create, error }: NamedListSelectProps) {
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);

  async function add() {
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(`Enter a name for the new ${noun}`);
      return;
    }
    try {
      await create.submit(trimmed, {
        onSuccess: (added) => {
          onChange(added.id);
          setAdding(false);
          setName('');
          setNameError(null);
        },
        onError: (err) => setNameError(serverMessageOr(err, `The ${noun} could not be added.`)),
      });
    } catch {
      // Shown under the field.
    }
  }

  return (
    <Stack gap={6}>
      <Select
        label={label}
        data={(items ?? []).map((t) => ({ value: t.id, label: t.name }))}
        value={value}
        onChange={onChange}
        clearable
        searchable
        error={error}
      />
      {adding ? (
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            aria-label={`New ${noun}`}
            placeholder={`New ${noun}`}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setNameError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void add();
              }
            }}
            error={nameError}
            style={{ flex: 1 }}
            data-autofocus
          />
          <Button variant="default" onClick={() => void add()} loading={create.submitting}>
            Add
          </Button>
        </Group>
      ) : (
        <Button variant="subtle" size="compact-sm" onClick={() => setAdding(true)} style={{ alignSelf: 'flex-start' }}>
          Create new {noun}
        </Button>
      )}
    </Stack>
  );
}
