import { Button, Collapse, Group, MultiSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { SEARCH_MAX_LENGTH } from '../../app/forms';
import { useMusicCategories, useMusicTypes, useTags, useVoicings } from './api';
import {
  ARCHIVED_CHOICES,
  isFiltered,
  NO_FILTERS,
  ORDERS,
  SORTS,
  type ArchivedFilter,
  type LibraryFilters,
  type MusicSort,
  type SortOrder,
} from './filters';
import { MOBILE_QUERY } from '../../components/phone';

/** Pause after the last keystroke before a search goes to the URL and the server. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface MusicFiltersProps {
  choirId: string;
  filters: LibraryFilters;
  /** A change of filter; replace keeps typing out of the history. */
  onChange: (filters: LibraryFilters, options?: { replace?: boolean }) => void;
}

/** MusicFilters are the library's search, filters and sort; any change goes back to the first page. */
export function MusicFilters({ choirId, filters, onChange }: MusicFiltersProps) {
  // On a phone the filters fold away under the search box.
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [unfolded, setUnfolded] = useState(false);
  const tags = useTags(choirId);
  const voicings = useVoicings(choirId);
  const types = useMusicTypes(choirId);
  const categories = useMusicCategories(choirId);
  const set = (changes: Partial<LibraryFilters>) => onChange({ ...filters, ...changes, page: 1 });
  const options = (items: { id: string; name: string }[] | undefined) =>
    (items ?? []).map((i) => ({ value: i.id, label: i.name }));

  return (
    <Stack gap="xs" role="search" aria-label="Search and filter the library">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TypedFilter
          label="Search"
          placeholder="Title, composer, arranger or number"
          leftSection={<IconSearch size={16} aria-hidden />}
          type="search"
          maxLength={SEARCH_MAX_LENGTH}
          value={filters.q}
          onCommit={(q) => onChange({ ...filters, q, page: 1 }, { replace: true })}
          style={{ flex: 1 }}
        />
        {isMobile && (
          <Button
            variant="default"
            aria-expanded={unfolded}
            aria-controls="music-filters"
            onClick={() => setUnfolded((u) => !u)}
          >
            Filters
          </Button>
        )}
      </Group>
      <Collapse expanded={!isMobile || unfolded} id="music-filters">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <MultiSelect
            label="Tags"
            data={options(tags.data)}
            value={filters.tags}
            onChange={(ids) => set({ tags: ids })}
            searchable
            clearable
          />
          <Select label="Voicing" data={options(voicings.data)} value={filters.voicing} onChange={(v) => set({ voicing: v })} clearable searchable />
          <Select label="Type" data={options(types.data)} value={filters.type} onChange={(v) => set({ type: v })} clearable searchable />
          <Select
            label="Category"
            data={options(categories.data)}
            value={filters.category}
            onChange={(v) => set({ category: v })}
            clearable
            searchable
          />
          <TypedFilter
            label="Language"
            value={filters.language}
            onCommit={(language) => onChange({ ...filters, language, page: 1 }, { replace: true })}
          />
          <Select
            label="Show"
            data={ARCHIVED_CHOICES.map((c) => ({ value: c.value, label: c.label }))}
            value={filters.archived}
            onChange={(v) => set({ archived: (v ?? NO_FILTERS.archived) as ArchivedFilter })}
            allowDeselect={false}
          />
          <Select
            label="Sort by"
            data={SORTS.map((s) => ({ value: s.value, label: s.label }))}
            value={filters.sort}
            onChange={(v) => set({ sort: (v ?? NO_FILTERS.sort) as MusicSort })}
            allowDeselect={false}
          />
          <Select
            label="Order"
            data={ORDERS.map((o) => ({ value: o.value, label: o.label }))}
            value={filters.order}
            onChange={(v) => set({ order: (v ?? NO_FILTERS.order) as SortOrder })}
            allowDeselect={false}
          />
        </SimpleGrid>
      </Collapse>
      {isFiltered(filters) && (
        <Button
          variant="subtle"
          size="compact-sm"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => onChange({ ...NO_FILTERS, sort: filters.sort, order: filters.order })}
        >
          Clear filters
        </Button>
      )}
    </Stack>
  );
}

interface TypedFilterProps {
  label: string;
  /** The value in the URL. */
  value: string;
  /** Gets what was typed once typing pauses. */
  onCommit: (value: string) => void;
  placeholder?: string;
  leftSection?: ReactNode;
  type?: 'search';
  maxLength?: number;
  style?: CSSProperties;
}

/**
 * TypedFilter is a text filter that shows each keystroke at once and asks
 * the server only when typing pauses; the URL keeps it, replacing rather
 * than adding history.
 */
function TypedFilter({ value, onCommit, ...props }: TypedFilterProps) {
  const [typed, setTyped] = useState(value);
  const [shown, setShown] = useState(value);
  // What the box last sent: its arrival in the URL must not undo what was typed since.
  const [sent, setSent] = useState<string | null>(null);
  if (value !== shown) {
    setShown(value);
    // Otherwise the URL changed under the box (back, forward, clear): the box follows it.
    if (value !== sent) setTyped(value);
    setSent(null);
  }
  const commit = useDebouncedCallback((next: string) => {
    setSent(next);
    onCommit(next);
  }, SEARCH_DEBOUNCE_MS);
  return (
    <TextInput
      {...props}
      value={typed}
      onChange={(e) => {
        setTyped(e.currentTarget.value);
        commit(e.currentTarget.value);
      }}
    />
  );
}
