// One piece of the library: its query and the changes the piece page makes
// to it as a whole (archive, restore, delete).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';
import { ERROR_CONTEXT_MESSAGES } from '../../app/errors';
import { useSubmission } from '../../app/mutations';

export type MusicPiece = components['schemas']['MusicPiece'];

/** libraryQueryKey is everything cached about a choir's library; a piece's key sits under it. */
export const libraryQueryKey = (choirId: string) => ['choirs', choirId, 'music'] as const;
export const pieceQueryKey = (choirId: string, musicId: string) => [...libraryQueryKey(choirId), 'piece', musicId] as const;

const piecePath = (choirId: string, musicId: string) => ({ params: { path: { choirId, musicId } } });

export function usePiece(choirId: string, musicId: string) {
  return useQuery({
    queryKey: pieceQueryKey(choirId, musicId),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/music/{musicId}', piecePath(choirId, musicId))),
  });
}

/** A change to a piece is seen in the library too: both are read again. */
function useLibraryChanged(choirId: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: libraryQueryKey(choirId) });
}

export function useArchivePiece(choirId: string) {
  const changed = useLibraryChanged(choirId);
  return useSubmission({
    mutationFn: async ({ musicId, archive }: { musicId: string; archive: boolean }) =>
      unwrap(
        archive
          ? await api.POST('/choirs/{choirId}/music/{musicId}/archive', piecePath(choirId, musicId))
          : await api.POST('/choirs/{choirId}/music/{musicId}/restore', piecePath(choirId, musicId)),
      ),
    meta: { submission: { errorMessage: ERROR_CONTEXT_MESSAGES.music.save } },
    onSettled: changed,
  });
}

export function useDeletePiece(choirId: string) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async (musicId: string) => {
      unwrap(await api.DELETE('/choirs/{choirId}/music/{musicId}', piecePath(choirId, musicId)));
    },
    meta: { submission: { successMessage: 'Music piece deleted', errorMessage: ERROR_CONTEXT_MESSAGES.music.delete } },
    onSuccess: (_data, musicId) => {
      queryClient.removeQueries({ queryKey: pieceQueryKey(choirId, musicId) });
      void queryClient.invalidateQueries({ queryKey: libraryQueryKey(choirId) });
    },
  });
}
