import { MultiSelect, Select, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Voicing } from './api';

export interface VoicingsFieldProps {
  voicings: Voicing[];
  value: string[];
  primary: string | null;
  onChange: (voicingIds: string[], primary: string | null) => void;
  error?: ReactNode;
}

/** VoicingsField picks the voicings a piece is written for, one of them the primary. */
export function VoicingsField({ voicings, value, primary, onChange, error }: VoicingsFieldProps) {
  const chosen = voicings.filter((v) => value.includes(v.id));
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <MultiSelect
        label="Voicings"
        data={voicings.map((v) => ({ value: v.id, label: v.name }))}
        value={value}
        onChange={(ids) => onChange(ids, primary && ids.includes(primary) ? primary : (ids[0] ?? null))}
        searchable
        clearable
        error={error}
      />
      <Select
        label="Primary voicing"
        data={chosen.map((v) => ({ value: v.id, label: v.name }))}
        value={primary}
        onChange={(id) => onChange(value, id)}
        disabled={chosen.length < 2}
        allowDeselect={false}
      />
    </SimpleGrid>
  );
}
