// Calls of practice tracking: the caller's practice of a piece (to resume at
// the last position and speed) and the tracker's reports.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/generated/schema';
import { studioKeys } from './api';
import { dropUnsentReport, isNoNetwork, keepUnsentReport, postReport } from '../../../app/pwa/practiceOutbox';

export type PracticeReport = components['schemas']['PracticeReport'];
export type MyPiecePractice = components['schemas']['MyPiecePractice'];

/** Under the piece's key, so that refreshing a piece refreshes its practice. */
export const practiceKeys = {
  me: (choirId: string, musicId: string) => ['choirs', choirId, 'music', 'piece', musicId, 'practice', 'me'] as const,
  mine: (choirId: string) => ['choirs', choirId, 'practice', 'me'] as const,
};

const musicPath = (choirId: string, musicId: string) => ({ params: { path: { choirId, musicId } } });

export function useMyPiecePractice(choirId: string, musicId: string) {
  return useQuery({
    queryKey: practiceKeys.me(choirId, musicId),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/music/{musicId}/practice/me', musicPath(choirId, musicId))),
  });
}

/**
 * useReportPractice sends the tracker's cumulative figures. It runs in the
 * background, so it shows nothing (no submission); keepalive lets the last
 * report of a closing page still go out, with the session's cookie. A report
 * that meets no network waits on the device (app/pwa/practiceOutbox.ts).
 */
export function useReportPractice(choirId: string, musicId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (report: PracticeReport) => {
      try {
        await postReport({ choirId, musicId, report });
      } catch (err) {
        if (!isNoNetwork(err)) throw err;
        keepUnsentReport({ choirId, musicId, report });
        return;
      }
      dropUnsentReport(report.sessionId);
    },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: practiceKeys.me(choirId, musicId) }),
        client.invalidateQueries({ queryKey: practiceKeys.mine(choirId) }),
        // The administrators' view of the piece counts this practice too.
        client.invalidateQueries({ queryKey: studioKeys.piecePractice(choirId, musicId) }),
      ]),
  });
}
