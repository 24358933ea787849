// Calls and cache keys of answering and attendance: the caller's own answer
// for an event (every member, from the event's panel), and what the
// director sees and takes for it (edit:calendar), with the choir's minimum
// of confirmed singers per part. Each change a mutation.
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';
import { useSubmission } from '../../app/mutations';
import { dropQueuedAnswer, isNetworkFailure, queueAnswer, QUEUED_MESSAGE } from './outbox';
import type { DateRange } from './range';

export type RsvpStatus = components['schemas']['RsvpStatus'];
export type MyRsvp = components['schemas']['MyRsvp'];
export type LinkEvent = components['schemas']['LinkEvent'];
export type EventAttendance = components['schemas']['EventAttendance'];
export type AttendanceMember = components['schemas']['AttendanceMember'];
export type AttendancePartCount = components['schemas']['AttendancePartCount'];
export type AttendanceMark = components['schemas']['AttendanceMark'];
export type AttendanceMarksInput = components['schemas']['AttendanceMarksInput'];
export type AttendanceSettings = components['schemas']['AttendanceSettings'];

/** The success toast of an answer (calendar §8, RSVP). */
export const RSVP_UPDATED = 'RSVP updated successfully!';

/** Cache keys under the choir's, so invalidating a choir refreshes these too. */
export const attendanceKeys = {
  rsvp: (choirId: string, eventId: string) => ['choirs', choirId, 'rsvp', eventId] as const,
  attendance: (choirId: string, eventId: string) => ['choirs', choirId, 'attendance', eventId] as const,
  settings: (choirId: string) => ['choirs', choirId, 'attendance-settings'] as const,
};

const eventPath = (choirId: string, eventId: string) => ({ params: { path: { choirId, eventId } } });

/** useMyRsvp reads the caller's answer for an event or occurrence (its entry id). */
export function useMyRsvp(choirId: string, eventId: string) {
  return useQuery({
    queryKey: attendanceKeys.rsvp(choirId, eventId),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/events/{eventId}/rsvp', eventPath(choirId, eventId))),
  });
}

/** useEventAttendance reads who answered what, the counts by part and the marks taken (edit:calendar). */
export function useEventAttendance(choirId: string, eventId: string) {
  return useQuery({
    queryKey: attendanceKeys.attendance(choirId, eventId),
    queryFn: async () =>
      unwrap(await api.GET('/choirs/{choirId}/events/{eventId}/attendance', eventPath(choirId, eventId))),
  });
}

/** useMarkAttendance saves the marks taken, all in one request; the answer is the attendance after it. */
export function useMarkAttendance(choirId: string, eventId: string) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async (body: AttendanceMarksInput) =>
      unwrap(
        await api.PUT('/choirs/{choirId}/events/{eventId}/attendance/marks', { ...eventPath(choirId, eventId), body }),
      ),
    meta: { submission: {} },
    onSuccess: (attendance) => queryClient.setQueryData(attendanceKeys.attendance(choirId, eventId), attendance),
  });
}

/** attendanceExportUrl is the CSV download; a plain link, so the session cookie rides along. */
export function attendanceExportUrl(choirId: string, eventId: string): string {
  return `/api/v1/choirs/${encodeURIComponent(choirId)}/events/${encodeURIComponent(eventId)}/attendance/export`;
}

export function useAttendanceSettings(choirId: string) {
  return useQuery({
    queryKey: attendanceKeys.settings(choirId),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/attendance-settings', { params: { path: { choirId } } })),
  });
}

/** useSetAttendanceSettings changes the minimum; every event's warnings follow it. */
export function useSetAttendanceSettings(choirId: string) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async (body: AttendanceSettings) =>
      unwrap(await api.PUT('/choirs/{choirId}/attendance-settings', { params: { path: { choirId } }, body })),
    meta: { submission: {} },
    onSuccess: (settings) => {
      queryClient.setQueryData(attendanceKeys.settings(choirId), settings);
      void queryClient.invalidateQueries({ queryKey: ['choirs', choirId, 'attendance'] });
    },
  });
}

export type MyRsvpEntry = components['schemas']['MyRsvpEntry'];
/** The caller's answers of a range, by the id the events list gives each event or occurrence. */
export type MyAnswers = Readonly<Record<string, RsvpStatus>>;

/** Every cached range of the caller's answers in a choir. */
export const myAnswersKey = (choirId: string) => ['choirs', choirId, 'my-rsvps'] as const;

/** useMyAnswers reads the caller's answers of a range in one request (an agenda's, a month's). */
export function useMyAnswers(choirId: string, range: DateRange | null) {
  return useQuery({ ...myAnswersQuery(choirId, range ?? { startDate: '', endDate: '' }), enabled: !!range });
}

/** myAnswersQuery reads the caller's answers of a range (GET /choirs/{choirId}/rsvps). */
export function myAnswersQuery(choirId: string, range: DateRange) {
  return queryOptions({
    queryKey: [...myAnswersKey(choirId), range.startDate, range.endDate],
    queryFn: async (): Promise<MyAnswers> => {
      const list = unwrap(await api.GET('/choirs/{choirId}/rsvps', { params: { path: { choirId }, query: range } }));
      return Object.fromEntries(list.answers.map((a) => [a.id, a.status]));
    },
  });
}

/** rememberAnswer puts an answer just recorded into every cached range of answers. */
function rememberAnswer(queryClient: QueryClient, choirId: string, eventId: string, status: RsvpStatus | null | undefined) {
  queryClient.setQueriesData<MyAnswers>({ queryKey: myAnswersKey(choirId) }, (old) => {
    if (!old) return old;
    const next = { ...old };
    if (status) next[eventId] = status;
    else delete next[eventId];
    return next;
  });
}

/** What a view adds to an answer's bookkeeping: its own copy of the answer (the dashboard's week). */
export interface AnswerFollowUp {
  onAnswered?: (eventId: string, status: RsvpStatus) => void;
  onRefused?: () => void;
}

/**
 * useAnswerEvent records the caller's answer for an event or occurrence (its
 * entry id), overwriting the last: from the event's panel, the agenda or the
 * dashboard. The answer is then the panel's and every cached range's. A
 * refusal (the event has started meanwhile) reloads what the server holds,
 * so the buttons close.
 */
export function useAnswerEvent(choirId: string, followUp: AnswerFollowUp = {}) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async ({ eventId, status }: { eventId: string; status: RsvpStatus }) => {
      try {
        const answer = unwrap(await api.PUT('/choirs/{choirId}/events/{eventId}/rsvp', { ...eventPath(choirId, eventId), body: { status } }));
        dropQueuedAnswer(choirId, eventId);
        return answer;
      } catch (err) {
        // No signal (issue 31): the answer waits on the device and is sent when the signal returns.
        if (!isNetworkFailure(err)) throw err;
        queueAnswer({ choirId, eventId, status });
        return null;
      }
    },
    meta: { submission: { successMessage: (answer) => (answer ? RSVP_UPDATED : QUEUED_MESSAGE) } },
    onSuccess: (answer, { eventId, status }) => {
      if (answer) queryClient.setQueryData(attendanceKeys.rsvp(choirId, eventId), answer);
      rememberAnswer(queryClient, choirId, eventId, answer?.status ?? status);
      void queryClient.invalidateQueries({ queryKey: attendanceKeys.attendance(choirId, eventId) });
      followUp.onAnswered?.(eventId, status);
    },
    onError: (_error, { eventId }) => {
      void queryClient.invalidateQueries({ queryKey: attendanceKeys.rsvp(choirId, eventId) });
      void queryClient.invalidateQueries({ queryKey: myAnswersKey(choirId) });
      followUp.onRefused?.();
    },
  });
}
