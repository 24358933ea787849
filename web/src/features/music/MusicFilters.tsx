import { ActionIcon, Button, Collapse, Group, MultiSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useState } from 'react';
import { useMusicCategories, useMusicTypes, useTags, useVoicings } from './api';
import {
  ARCHIVED_CHOICES,
  isFiltered,
  NO_FILTERS,
  SORTS,
  type ArchivedFilter,
  type LibraryFilters,
  type MusicSort,
} from './filters';

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
  const isMobile = useMediaQuery('(max-width: 767px)');
  const [unfolded, setUnfolded] = useState(false);
  const tags = useTags(choirId);
  const voicings = useVoicings(choirId);
  const types = useMusicTypes(choirId);
  const categories = useMusicCategories(choirId);
  // The search box shows each keystroke; the URL follows when typing pauses.
  const [typed, setTyped] = useState(filters.q);
  const [shownQ, setShownQ] = useState(filters.q);
  if (filters.q !== shownQ) {
    // The URL changed under us (back, forward, clear): the box follows it.
    setShownQ(filters.q);
    setTyped(filters.q);
  }
  const search = useDebouncedCallback((q: string) => onChange({ ...filters, q, page: 1 }, { replace: true }), SEARCH_DEBOUNCE_MS);
  const set = (changes: Partial<LibraryFilters>) => onChange({ ...filters, ...changes, page: 1 });
  const options = (items: { id: string; name: string }[] | undefined) =>
    (items ?? []).map((i) => ({ value: i.id, label: i.name }));

  return (
    <Stack gap="xs" role="search" aria-label="Search and filter the library">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="Search"
          placeholder="Title, composer, arranger or number"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={typed}
          onChange={(e) => {
            setTyped(e.currentTarget.value);
            search(e.currentTarget.value);
          }}
          type="search"
          style={{ flex: 1 }}
        />
        {isMobile && (
          <Button
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
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
          <TextInput
            label="Language"
            value={filters.language}
            onChange={(e) => onChange({ ...filters, language: e.currentTarget.value, page: 1 }, { replace: true })}
          />
          <Select
            label="Show"
            data={ARCHIVED_CHOICES.map((c) => ({ value: c.value, label: c.label }))}
            value={filters.archived}
            onChange={(v) => set({ archived: (v ?? NO_FILTERS.archived) as ArchivedFilter })}
            allowDeselect={false}
          />
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <Select
              label="Sort by"
              data={SORTS.map((s) => ({ value: s.value, label: s.label }))}
              value={filters.sort}
              onChange={(v) => set({ sort: (v ?? NO_FILTERS.sort) as MusicSort })}
              allowDeselect={false}
              style={{ flex: 1 }}
            />
            <ActionIcon
              variant="default"
              size="input-sm"
              aria-label="Sort descending"
              aria-pressed={filters.order === 'desc'}
              onClick={() => set({ order: filters.order === 'asc' ? 'desc' : 'asc' })}
            >
              {filters.order === 'asc' ? <IconSortAscending size={18} aria-hidden /> : <IconSortDescending size={18} aria-hidden />}
            </ActionIcon>
          </Group>
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
