// Calls of the practice studio's markers and practice views: a piece's
// markers (read by everyone, replaced by the director), the caller's
// practice across pieces (the dashboard) and a piece's practice per member
// and voice part (administrators). The tracker's reports and the caller's
// practice of one piece are trackingApi.ts's.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/generated/schema';
import { useSubmission } from '../../../app/mutations';
import { formatDate } from '../../../components/format';
import { formatDuration } from '../format';

export type PracticeMarker = components['schemas']['PracticeMarker'];
export type MyPracticeSummary = components['schemas']['MyPracticeSummary'];
export type PiecePractice = components['schemas']['PiecePractice'];

/**
 * Under the piece's key, so that refreshing a piece refreshes these too;
 * mine is the key the tracker's reports invalidate (trackingApi.ts).
 */
export const studioKeys = {
  markers: (choirId: string, musicId: string) => ['choirs', choirId, 'music', 'piece', musicId, 'markers'] as const,
  piecePractice: (choirId: string, musicId: string) => ['choirs', choirId, 'music', 'piece', musicId, 'practice', 'all'] as const,
  mine: (choirId: string) => ['choirs', choirId, 'practice', 'me'] as const,
};

const musicPath = (choirId: string, musicId: string) => ({ params: { path: { choirId, musicId } } });

export function useMarkers(choirId: string, musicId: string) {
  return useQuery({
    queryKey: studioKeys.markers(choirId, musicId),
    queryFn: async () =>
      unwrap(await api.GET('/choirs/{choirId}/music/{musicId}/markers', musicPath(choirId, musicId))).markers,
  });
}

/** useSaveMarkers replaces the piece's markers as a whole. */
export function useSaveMarkers(choirId: string, musicId: string) {
  const client = useQueryClient();
  return useSubmission({
    mutationFn: async (markers: PracticeMarker[]) =>
      unwrap(await api.PUT('/choirs/{choirId}/music/{musicId}/markers', { ...musicPath(choirId, musicId), body: { markers } }))
        .markers,
    onSuccess: (saved) => client.setQueryData(studioKeys.markers(choirId, musicId), saved),
    meta: { submission: {} },
  });
}

/** useMyPractice is the caller's practice across pieces, for the dashboard. */
export function useMyPractice(choirId: string | null) {
  return useQuery({ ...myPracticeQuery(choirId ?? ''), enabled: !!choirId });
}

/** myPracticeQuery reads the caller's practice across pieces (GET /choirs/{choirId}/practice/me). */
export function myPracticeQuery(choirId: string) {
  return queryOptions({
    queryKey: studioKeys.mine(choirId),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/practice/me', { params: { path: { choirId } } })),
  });
}

/** usePiecePractice is who practised a piece and for how long (view:analytics). */
export function usePiecePractice(choirId: string, musicId: string, enabled: boolean) {
  return useQuery({
    queryKey: studioKeys.piecePractice(choirId, musicId),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/music/{musicId}/practice', musicPath(choirId, musicId))),
    enabled,
  });
}

/**
 * formatPractised words seconds practised in whole minutes, by the §2
 * duration rule ('12 min', '1h 5min'); a little practice is 'under 1 min',
 * not '0 min', which would read as none.
 */
export function formatPractised(seconds: number): string {
  if (seconds > 0 && seconds < 60) return 'under 1 min';
  return formatDuration(Math.floor(seconds / 60));
}

/** formatDay writes a YYYY-MM-DD day in the reader's locale, as that day where they are (not UTC midnight). */
export function formatDay(day: string): string {
  return formatDate(`${day}T00:00:00`);
}
