// The dashboard's week (issue 26): one request for what the page shows,
// and the changes made from it (an answer, a dismissal).
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';
import { useSubmission } from '../../app/mutations';
import { useAnswerEvent, type RsvpStatus } from '../calendar';

export type Week = components['schemas']['Week'];
export type WeekEvent = components['schemas']['WeekEvent'];
export type WeekChecklist = components['schemas']['WeekChecklist'];
export type WeekDismissal = components['schemas']['WeekDismissal'];

/** Under the choir's key, so that a choir's invalidation refreshes it too. */
export const weekKey = (choirId: string) => ['choirs', choirId, 'week'] as const;

/**
 * weekQuery reads the week. It is read again on every visit of the dashboard
 * (shown from the cache meanwhile), so that what was done elsewhere — a
 * piece added, a plan saved — ticks the checklist on return.
 */
export function weekQuery(choirId: string) {
  return queryOptions({
    queryKey: weekKey(choirId),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/week', { params: { path: { choirId } } })),
    staleTime: 0,
  });
}

/**
 * When the answer asked for before the app's first page rendered arrived
 * (warm.ts), until the dashboard has mounted with it; 0 otherwise.
 */
let warmedAt = 0;

/** warmWeek asks for the week before the dashboard renders, when the app opens on it. */
export async function warmWeek(queryClient: QueryClient, choirId: string) {
  await queryClient.prefetchQuery(weekQuery(choirId));
  warmedAt = queryClient.getQueryState(weekKey(choirId))?.dataUpdatedAt ?? 0;
}

export function useWeek(choirId: string | null) {
  const week = useQuery({
    ...weekQuery(choirId ?? ''),
    enabled: !!choirId,
    // The answer asked for the first page is this visit's: not read twice. Every later visit reads it again.
    refetchOnMount: (query) => warmedAt === 0 || query.state.dataUpdatedAt !== warmedAt,
  });
  useEffect(() => {
    warmedAt = 0;
  }, []);
  return week;
}

function withAnswer(week: Week, eventId: string, status: RsvpStatus): Week {
  const mark = (e?: WeekEvent) => (e && e.event.id === eventId ? { ...e, myAnswer: status } : e);
  return { ...week, rehearsal: mark(week.rehearsal), service: mark(week.service) };
}

/**
 * useAnswer records the caller's answer for one of the week's events, with
 * the calendar's own mutation; the week shows it at once, and is read
 * again for the directors' list of who has not answered.
 */
export function useAnswer(choirId: string) {
  const queryClient = useQueryClient();
  return useAnswerEvent(choirId, {
    onAnswered: (eventId, status) => {
      queryClient.setQueryData<Week>(weekKey(choirId), (week) => week && withAnswer(week, eventId, status));
      void queryClient.invalidateQueries({ queryKey: weekKey(choirId) });
    },
    // A refusal (the event started meanwhile) is told by the error toast; the week is read again.
    onRefused: () => void queryClient.invalidateQueries({ queryKey: weekKey(choirId) }),
  });
}

/** useDismiss puts the checklist or the voice-part question away for good: remembered on the server. */
export function useDismiss(choirId: string) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async (what: WeekDismissal) =>
      unwrap(await api.PUT('/choirs/{choirId}/week/dismissals/{what}', { params: { path: { choirId, what } } })),
    // Put away at once; a failure brings it back when the week is read again.
    onMutate: (what) => forget(queryClient, choirId, what),
    onError: () => void queryClient.invalidateQueries({ queryKey: weekKey(choirId) }),
  });
}

/** forget takes the checklist or the question out of the week held. */
export function forget(queryClient: QueryClient, choirId: string, what: WeekDismissal) {
  queryClient.setQueryData<Week>(weekKey(choirId), (week) =>
    week && (what === 'checklist' ? { ...week, checklist: undefined } : { ...week, voicePartQuestion: undefined }),
  );
}
