// The library's search, filters, sort and page as kept in the URL, so that
// back, forward and reload keep them; apart from the page for testing.
import { MUSIC_PAGE_SIZE, type MusicListParams } from './api';

export type MusicSort = NonNullable<MusicListParams['sort']>;
export type SortOrder = NonNullable<MusicListParams['order']>;
export type ArchivedFilter = NonNullable<MusicListParams['archived']>;

export interface LibraryFilters {
  q: string;
  tags: string[];
  voicing: string | null;
  type: string | null;
  category: string | null;
  language: string;
  archived: ArchivedFilter;
  sort: MusicSort;
  order: SortOrder;
  /** 1-based. */
  page: number;
}

export const NO_FILTERS: LibraryFilters = {
  q: '',
  tags: [],
  voicing: null,
  type: null,
  category: null,
  language: '',
  archived: 'active',
  sort: 'title',
  order: 'asc',
  page: 1,
};

export const SORTS: readonly { value: MusicSort; label: string }[] = [
  { value: 'title', label: 'Title' },
  { value: 'composer', label: 'Composer' },
  { value: 'number', label: 'Library number' },
  { value: 'updated', label: 'Last changed' },
  { value: 'lastUsed', label: 'Last used' },
  { value: 'created', label: 'Date added' },
];

export const ORDERS: readonly { value: SortOrder; label: string }[] = [
  { value: 'asc', label: 'Ascending' },
  { value: 'desc', label: 'Descending' },
];

export const ARCHIVED_CHOICES: readonly { value: ArchivedFilter; label: string }[] = [
  { value: 'active', label: 'Current pieces' },
  { value: 'archived', label: 'Archived pieces' },
  { value: 'all', label: 'All pieces' },
];

const oneOf = <T extends string>(value: string | null, allowed: readonly { value: T }[], fallback: T): T =>
  allowed.some((a) => a.value === value) ? (value as T) : fallback;

/** parseFilters reads the filters from a URL's query; anything unknown falls back to the default. */
export function parseFilters(search: URLSearchParams): LibraryFilters {
  const page = Number.parseInt(search.get('page') ?? '', 10);
  return {
    q: search.get('q') ?? '',
    tags: search.getAll('tag').filter(Boolean),
    voicing: search.get('voicing') || null,
    type: search.get('type') || null,
    category: search.get('category') || null,
    language: search.get('language') ?? '',
    archived: oneOf(search.get('archived'), ARCHIVED_CHOICES, NO_FILTERS.archived),
    sort: oneOf(search.get('sort'), SORTS, NO_FILTERS.sort),
    order: search.get('order') === 'desc' ? 'desc' : 'asc',
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** filtersToSearch writes the filters as a URL query, leaving out what is the default. */
export function filtersToSearch(filters: LibraryFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.q.trim()) search.set('q', filters.q);
  for (const tag of filters.tags) search.append('tag', tag);
  if (filters.voicing) search.set('voicing', filters.voicing);
  if (filters.type) search.set('type', filters.type);
  if (filters.category) search.set('category', filters.category);
  if (filters.language.trim()) search.set('language', filters.language);
  if (filters.archived !== NO_FILTERS.archived) search.set('archived', filters.archived);
  if (filters.sort !== NO_FILTERS.sort) search.set('sort', filters.sort);
  if (filters.order !== NO_FILTERS.order) search.set('order', filters.order);
  if (filters.page > 1) search.set('page', String(filters.page));
  return search;
}

/** isFiltered says whether anything narrows the library (sort and page do not). */
export function isFiltered(filters: LibraryFilters): boolean {
  return (
    filters.q.trim() !== '' ||
    filters.tags.length > 0 ||
    filters.voicing !== null ||
    filters.type !== null ||
    filters.category !== null ||
    filters.language.trim() !== '' ||
    filters.archived !== NO_FILTERS.archived
  );
}

/** toListParams is the server's query for the filters: one page of MUSIC_PAGE_SIZE. */
export function toListParams(filters: LibraryFilters): MusicListParams {
  const params: MusicListParams = {
    archived: filters.archived,
    sort: filters.sort,
    order: filters.order,
    page: filters.page,
    pageSize: MUSIC_PAGE_SIZE,
  };
  if (filters.q.trim()) params.q = filters.q.trim();
  if (filters.tags.length > 0) params.tagId = filters.tags;
  if (filters.voicing) params.voicingId = filters.voicing;
  if (filters.type) params.typeId = filters.type;
  if (filters.category) params.categoryId = filters.category;
  if (filters.language.trim()) params.language = filters.language.trim();
  return params;
}
