// Calls and cache keys of the music library: pieces, tags, composers,
// voicings, types and categories, library numbers, bulk changes and the CSV
// import and export. Attachments live with the piece page.
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, HttpError, unwrap } from '../../api/client';
import type { components, operations } from '../../api/generated/schema';
import { ERROR_CONTEXT_MESSAGES } from '../../app/errors';
import { useSubmission } from '../../app/mutations';

export type MusicPiece = components['schemas']['MusicPiece'];
export type MusicInput = components['schemas']['MusicInput'];
export type MusicSummary = components['schemas']['MusicSummary'];
export type MusicPage = components['schemas']['MusicPage'];
export type MusicVoicing = components['schemas']['MusicVoicing'];
export type MusicVoicingInput = components['schemas']['MusicVoicingInput'];
export type Tag = components['schemas']['Tag'];
export type TagInput = components['schemas']['TagInput'];
export type Composer = components['schemas']['Composer'];
export type ComposerInput = components['schemas']['ComposerInput'];
export type ComposerMatch = components['schemas']['ComposerMatch'];
export type ComposerResolution = components['schemas']['ComposerResolution'];
export type Recommendation = ComposerResolution['recommendation'];
export type FamousComposer = components['schemas']['FamousComposer'];
export type FamousComposersLoaded = components['schemas']['FamousComposersLoaded'];
export type Voicing = components['schemas']['Voicing'];
export type VoicingInput = components['schemas']['VoicingInput'];
export type MusicType = components['schemas']['MusicType'];
export type LibraryNumbers = components['schemas']['LibraryNumbers'];
export type BulkResult = components['schemas']['BulkResult'];
export type MusicImport = components['schemas']['MusicImport'];
export type ComposerChoice = components['schemas']['ComposerChoice'];
export type MusicImportPreview = components['schemas']['MusicImportPreview'];
export type MusicImportRow = components['schemas']['MusicImportRow'];
export type MusicImportResult = components['schemas']['MusicImportResult'];
export type MusicImportComposer = components['schemas']['MusicImportComposer'];
export type Attachment = components['schemas']['Attachment'];
export type MusicStorage = components['schemas']['MusicStorage'];

/** The library's query to the server: search, filters, sort and page. */
export type MusicListParams = NonNullable<operations['listMusic']['parameters']['query']>;

/** Pieces per page of the library. */
export const MUSIC_PAGE_SIZE = 50;

/** The colour a new tag gets unless one is chosen (calendar §7). */
export const DEFAULT_TAG_COLOR = '#3b82f6';

/**
 * Cache keys, under the choir's own key so that invalidating a choir
 * refreshes these too. Every library page sits under lists; every piece
 * under pieces.
 */
export const musicKeys = {
  all: (choirId: string) => ['choirs', choirId, 'music'] as const,
  lists: (choirId: string) => ['choirs', choirId, 'music', 'list'] as const,
  list: (choirId: string, params: MusicListParams) => ['choirs', choirId, 'music', 'list', params] as const,
  pieces: (choirId: string) => ['choirs', choirId, 'music', 'piece'] as const,
  piece: (choirId: string, id: string) => ['choirs', choirId, 'music', 'piece', id] as const,
  numbers: (choirId: string) => ['choirs', choirId, 'music', 'numbers'] as const,
  storage: (choirId: string) => ['choirs', choirId, 'music', 'storage'] as const,
  tags: (choirId: string) => ['choirs', choirId, 'tags'] as const,
  composers: (choirId: string) => ['choirs', choirId, 'composers'] as const,
  composerSearch: (choirId: string, q: string) => ['choirs', choirId, 'composers', 'search', q] as const,
  composerMatch: (choirId: string, name: string) => ['choirs', choirId, 'composers', 'match', name] as const,
  voicings: (choirId: string) => ['choirs', choirId, 'voicings'] as const,
  types: (choirId: string) => ['choirs', choirId, 'music-types'] as const,
  categories: (choirId: string) => ['choirs', choirId, 'music-categories'] as const,
};

const path = (choirId: string) => ({ params: { path: { choirId } } });
const musicPath = (choirId: string, musicId: string) => ({ params: { path: { choirId, musicId } } });

/**
 * useReadRetries: the library's reads are tried again 3 times, 1 s apart
 * (calendar §7 and §9), unless the client retries nothing at all (as in
 * tests). A refusal (a piece not found, say) will not change on asking again.
 */
function useReadRetries() {
  const client = useQueryClient();
  if (client.getDefaultOptions().queries?.retry === false) return {};
  return {
    retry: (failures: number, err: unknown) => failures < 3 && !(err instanceof HttpError && err.status < 500),
    retryDelay: 1000,
  };
}

/**
 * useMusicList reads one page of the library. While another page or filter
 * loads, the last page stays on screen, so the list does not flash empty.
 */
export function useMusicList(choirId: string | null, params: MusicListParams) {
  const retries = useReadRetries();
  return useQuery({
    ...retries,
    queryKey: musicKeys.list(choirId ?? '', params),
    queryFn: async () =>
      unwrap(await api.GET('/choirs/{choirId}/music', { params: { path: { choirId: choirId ?? '' }, query: params } })),
    enabled: !!choirId,
    placeholderData: keepPreviousData,
  });
}

export async function fetchMusicPiece(choirId: string, id: string): Promise<MusicPiece> {
  return unwrap(await api.GET('/choirs/{choirId}/music/{musicId}', musicPath(choirId, id)));
}

export function useMusicPiece(choirId: string | null, id: string | null) {
  const retries = useReadRetries();
  return useQuery({
    ...retries,
    queryKey: musicKeys.piece(choirId ?? '', id ?? ''),
    queryFn: () => fetchMusicPiece(choirId ?? '', id ?? ''),
    enabled: !!choirId && !!id,
  });
}

export function useTags(choirId: string | null) {
  return useQuery({
    queryKey: musicKeys.tags(choirId ?? ''),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/tags', path(choirId ?? ''))),
    enabled: !!choirId,
  });
}

/** useComposers lists the choir's composers, or with q searches them (at most 10). */
export function useComposers(choirId: string | null, q = '') {
  const query = q.trim();
  return useQuery({
    queryKey: query ? musicKeys.composerSearch(choirId ?? '', query) : musicKeys.composers(choirId ?? ''),
    queryFn: async () =>
      unwrap(
        await api.GET('/choirs/{choirId}/composers', {
          params: { path: { choirId: choirId ?? '' }, query: query ? { q: query } : {} },
        }),
      ),
    enabled: !!choirId,
  });
}

/**
 * useComposerMatch asks how a typed composer name relates to the choir's
 * composers and the famous list (§9). The caller debounces name; an empty
 * name asks nothing. The last answer stays while the next one loads.
 */
export function useComposerMatch(choirId: string | null, name: string) {
  const typed = name.trim();
  return useQuery({
    ...composerMatchQuery(choirId ?? '', typed),
    enabled: !!choirId && typed !== '',
    placeholderData: keepPreviousData,
  });
}

function composerMatchQuery(choirId: string, typed: string) {
  return {
    queryKey: musicKeys.composerMatch(choirId, typed),
    queryFn: async () =>
      unwrap(
        await api.GET('/choirs/{choirId}/composers/match', {
          params: { path: { choirId }, query: { name: typed } },
        }),
      ),
  };
}

/**
 * useFetchComposerMatch gives a function that asks the composer match for a
 * name now, without the typing pause (from the cache when it is there): a
 * save waits for it rather than leave the choice to the server.
 */
export function useFetchComposerMatch(choirId: string | null) {
  const queryClient = useQueryClient();
  return (name: string) => queryClient.fetchQuery(composerMatchQuery(choirId ?? '', name.trim()));
}

export function useVoicings(choirId: string | null) {
  return useQuery({
    queryKey: musicKeys.voicings(choirId ?? ''),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/voicings', path(choirId ?? ''))),
    enabled: !!choirId,
  });
}

export function useMusicTypes(choirId: string | null) {
  return useQuery({
    queryKey: musicKeys.types(choirId ?? ''),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/music-types', path(choirId ?? ''))),
    enabled: !!choirId,
  });
}

export function useMusicCategories(choirId: string | null) {
  return useQuery({
    queryKey: musicKeys.categories(choirId ?? ''),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/music-categories', path(choirId ?? ''))),
    enabled: !!choirId,
  });
}

/** useLibraryNumbers gives the numbers in use and the next free one, which the form suggests. */
export function useLibraryNumbers(choirId: string | null, enabled = true) {
  return useQuery({
    queryKey: musicKeys.numbers(choirId ?? ''),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/music/numbers', path(choirId ?? ''))),
    enabled: !!choirId && enabled,
  });
}

/** musicExportUrl is the library's CSV download; a plain link, so the session cookie rides along. */
export function musicExportUrl(choirId: string): string {
  return `/api/v1/choirs/${encodeURIComponent(choirId)}/music/export`;
}

/**
 * useMusicStorage reads the bytes the choir's files take, its limit when
 * its plan has one, and the largest file one upload may carry.
 */
export function useMusicStorage(choirId: string | null) {
  return useQuery({
    queryKey: musicKeys.storage(choirId ?? ''),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/music/storage', path(choirId ?? ''))),
    enabled: !!choirId,
  });
}

// What a change to pieces touches: the library's pages, the numbers in use,
// the tags' and composers' piece counts, the storage their files take, and
// (when given) the pieces.
function piecesChanged(queryClient: QueryClient, choirId: string, ids?: readonly string[]) {
  void queryClient.invalidateQueries({ queryKey: musicKeys.lists(choirId) });
  void queryClient.invalidateQueries({ queryKey: musicKeys.storage(choirId) });
  void queryClient.invalidateQueries({ queryKey: musicKeys.numbers(choirId) });
  void queryClient.invalidateQueries({ queryKey: musicKeys.tags(choirId) });
  void queryClient.invalidateQueries({ queryKey: musicKeys.composers(choirId) });
  for (const id of ids ?? []) void queryClient.invalidateQueries({ queryKey: musicKeys.piece(choirId, id) });
}

const saveSubmission = { submission: { errorMessage: ERROR_CONTEXT_MESSAGES.music.save } };
const deleteSubmission = { submission: { errorMessage: ERROR_CONTEXT_MESSAGES.music.delete } };

/** summaryOf is a new piece as a line of the library (it has no files yet). */
export function summaryOf(piece: MusicPiece): MusicSummary {
  return {
    id: piece.id,
    title: piece.title,
    subtitle: piece.subtitle ?? '',
    composer: piece.composer ?? '',
    arranger: piece.arranger ?? '',
    number: piece.number ?? '',
    typeName: piece.type?.name,
    categoryName: piece.category?.name,
    language: piece.language ?? '',
    primaryVoicing: (piece.voicings.find((v) => v.isPrimary) ?? piece.voicings[0])?.name,
    durationMinutes: piece.durationMinutes ?? null,
    isArchived: piece.isArchived,
    lastUsedDate: piece.lastUsedDate ?? null,
    updatedAt: piece.updatedAt,
    tags: piece.tags,
    hasScore: false,
    hasAudio: false,
    attachmentCount: 0,
  };
}

/** An unfiltered first page of the current pieces: a new piece surely belongs on it. */
function holdsEveryPiece(params: MusicListParams | undefined): boolean {
  if (!params) return false;
  const { archived, page, q, tagId, voicingId, typeId, categoryId, language } = params;
  const filtered = !!q || (tagId?.length ?? 0) > 0 || !!voicingId || !!typeId || !!categoryId || !!language;
  return archived !== 'archived' && (page ?? 1) === 1 && !filtered;
}

/**
 * useCreateMusic adds a piece; the answer is cached as the piece, and the
 * library is read again. An empty library shows the first piece at once,
 * without waiting for that read: its empty state must not linger.
 */
export function useCreateMusic(choirId: string) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async (body: MusicInput) => unwrap(await api.POST('/choirs/{choirId}/music', { ...path(choirId), body })),
    meta: saveSubmission,
    onSuccess: (saved) => {
      queryClient.setQueryData(musicKeys.piece(choirId, saved.id), saved);
      for (const [key, page] of queryClient.getQueriesData<MusicPage>({ queryKey: musicKeys.lists(choirId) })) {
        if (page && page.total === 0 && holdsEveryPiece(key[4] as MusicListParams | undefined)) {
          queryClient.setQueryData<MusicPage>(key, { ...page, items: [summaryOf(saved)], total: 1 });
        }
      }
      piecesChanged(queryClient, choirId);
    },
  });
}

/** useUpdateMusic saves a whole piece. */
export function useUpdateMusic(choirId: string) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async ({ id, body }: { id: string; body: MusicInput }) =>
      unwrap(await api.PUT('/choirs/{choirId}/music/{musicId}', { ...musicPath(choirId, id), body })),
    meta: saveSubmission,
    onSuccess: (saved) => {
      queryClient.setQueryData(musicKeys.piece(choirId, saved.id), saved);
      piecesChanged(queryClient, choirId);
    },
  });
}

function useArchiving(choirId: string, action: 'archive' | 'restore') {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async ({ id }: { id: string }) =>
      action === 'archive'
        ? unwrap(await api.POST('/choirs/{choirId}/music/{musicId}/archive', musicPath(choirId, id)))
        : unwrap(await api.POST('/choirs/{choirId}/music/{musicId}/restore', musicPath(choirId, id))),
    meta: saveSubmission,
    onSuccess: (saved) => {
      queryClient.setQueryData(musicKeys.piece(choirId, saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: musicKeys.lists(choirId) });
    },
  });
}

/** useArchiveMusic takes a piece out of the library's default view. */
export function useArchiveMusic(choirId: string) {
  return useArchiving(choirId, 'archive');
}

/** useRestoreMusic brings an archived piece back. */
export function useRestoreMusic(choirId: string) {
  return useArchiving(choirId, 'restore');
}

/** useDeleteMusic deletes a piece with its files; its cached copy goes. */
export function useDeleteMusic(choirId: string) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async ({ id }: { id: string }) => {
      unwrap(await api.DELETE('/choirs/{choirId}/music/{musicId}', musicPath(choirId, id)));
    },
    meta: deleteSubmission,
    onSuccess: (_data, { id }) => {
      queryClient.removeQueries({ queryKey: musicKeys.piece(choirId, id), exact: true });
      piecesChanged(queryClient, choirId);
    },
  });
}

/** useBulkDeleteMusic deletes several pieces; the server says which went and which failed. */
export function useBulkDeleteMusic(choirId: string) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async (ids: string[]) =>
      unwrap(await api.POST('/choirs/{choirId}/music/bulk-delete', { ...path(choirId), body: { ids } })),
    meta: deleteSubmission,
    // Some may have gone even when the call failed part-way.
    onSettled: (_result, _err, ids) => {
      for (const id of ids) queryClient.removeQueries({ queryKey: musicKeys.piece(choirId, id), exact: true });
      piecesChanged(queryClient, choirId);
    },
  });
}

/** useBulkTagMusic adds tags to several pieces. */
export function useBulkTagMusic(choirId: string) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async (body: { ids: string[]; tagIds: string[] }) =>
      unwrap(await api.POST('/choirs/{choirId}/music/bulk-tag', { ...path(choirId), body })),
    meta: saveSubmission,
    onSuccess: (_result, { ids }) => {
      void queryClient.invalidateQueries({ queryKey: musicKeys.lists(choirId) });
      void queryClient.invalidateQueries({ queryKey: musicKeys.tags(choirId) });
      for (const id of ids) void queryClient.invalidateQueries({ queryKey: musicKeys.piece(choirId, id) });
    },
  });
}

/**
 * useCreateTag adds a tag; it says nothing itself, since a duplicate name's
 * message goes under the field that named it.
 */
export function useCreateTag(choirId: string) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async (body: TagInput) =>
      unwrap(await api.POST('/choirs/{choirId}/tags', { ...path(choirId), body: { color: DEFAULT_TAG_COLOR, ...body } })),
    onSuccess: (added) => {
      queryClient.setQueryData<Tag[]>(musicKeys.tags(choirId), (list) =>
        list ? [...list, added].sort((a, b) => a.name.localeCompare(b.name)) : list,
      );
      void queryClient.invalidateQueries({ queryKey: musicKeys.tags(choirId) });
    },
  });
}

// A tag's name and colour show on every piece that carries it.
function tagsChanged(queryClient: QueryClient, choirId: string) {
  void queryClient.invalidateQueries({ queryKey: musicKeys.tags(choirId) });
  void queryClient.invalidateQueries({ queryKey: musicKeys.lists(choirId) });
  void queryClient.invalidateQueries({ queryKey: musicKeys.pieces(choirId) });
}

/** useUpdateTag renames or recolours a tag. */
export function useUpdateTag(choirId: string) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async ({ id, body }: { id: string; body: TagInput }) =>
      unwrap(await api.PUT('/choirs/{choirId}/tags/{tagId}', { params: { path: { choirId, tagId: id } }, body })),
    onSuccess: () => tagsChanged(queryClient, choirId),
  });
}

/** useDeleteTag deletes a tag and its links to pieces. */
export function useDeleteTag(choirId: string) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async ({ id }: { id: string }) => {
      unwrap(await api.DELETE('/choirs/{choirId}/tags/{tagId}', { params: { path: { choirId, tagId: id } } }));
    },
    meta: { submission: { errorMessage: 'Failed to delete tag' } },
    onSettled: () => tagsChanged(queryClient, choirId),
  });
}

/** useCreateComposer adds a composer; a duplicate name's message goes under the field. */
export function useCreateComposer(choirId: string) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async (body: ComposerInput) =>
      unwrap(await api.POST('/choirs/{choirId}/composers', { ...path(choirId), body })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: musicKeys.composers(choirId) }),
  });
}

/** useLoadFamousComposers adds the built-in famous composers the choir lacks. */
export function useLoadFamousComposers(choirId: string) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async () => unwrap(await api.POST('/choirs/{choirId}/composers/famous', path(choirId))),
    meta: { submission: { successMessage: null } },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: musicKeys.composers(choirId) }),
  });
}

/** useCreateMusicType adds a music type. */
export function useCreateMusicType(choirId: string) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async (name: string) =>
      unwrap(await api.POST('/choirs/{choirId}/music-types', { ...path(choirId), body: { name } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: musicKeys.types(choirId) }),
  });
}

/** useCreateMusicCategory adds a music category. */
export function useCreateMusicCategory(choirId: string) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async (name: string) =>
      unwrap(await api.POST('/choirs/{choirId}/music-categories', { ...path(choirId), body: { name } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: musicKeys.categories(choirId) }),
  });
}

/** useCreateVoicing adds a voicing of the choir's own. */
export function useCreateVoicing(choirId: string) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async (body: VoicingInput) =>
      unwrap(await api.POST('/choirs/{choirId}/voicings', { ...path(choirId), body })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: musicKeys.voicings(choirId) }),
  });
}

/** usePreviewMusicImport says what importing a CSV would do, row by row; it changes nothing. */
export function usePreviewMusicImport(choirId: string) {
  return useSubmission({
    mutationFn: async (body: MusicImport) =>
      unwrap(await api.POST('/choirs/{choirId}/music/import/preview', { ...path(choirId), body })),
  });
}

/**
 * useImportMusic imports a CSV library, all or nothing. It may add pieces,
 * composers, tags, types, categories and voicings, so all of those are read
 * again.
 */
export function useImportMusic(choirId: string) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async (body: MusicImport) =>
      unwrap(await api.POST('/choirs/{choirId}/music/import', { ...path(choirId), body })),
    meta: { submission: { successMessage: null } },
    onSuccess: () => {
      piecesChanged(queryClient, choirId);
      void queryClient.invalidateQueries({ queryKey: musicKeys.types(choirId) });
      void queryClient.invalidateQueries({ queryKey: musicKeys.categories(choirId) });
      void queryClient.invalidateQueries({ queryKey: musicKeys.voicings(choirId) });
    },
  });
}
