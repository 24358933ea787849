// Calls and cache keys of the calendar: events of a range (with the buffer,
// pre-warm and neighbour preloading of calendar document §9), the rule
// preview, the choir's feasts for feast-based rules, and the private feed;
// and the changes made to them, each a mutation.
import { keepPreviousData, useQuery, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';
import { afterFirstPaint } from '../../app/afterFirstPaint';
import { ERROR_CONTEXT_MESSAGES } from '../../app/errors';
import { useSubmission } from '../../app/mutations';
import { completeFor, covers, prewarmRange, type DateRange } from './range';
import { SERIES_MOVE_MESSAGE } from './rule';
import { canKeepForOffline, keepUpcoming } from './upcoming';

export type CalendarEvent = components['schemas']['CalendarEvent'];
export type EventInput = components['schemas']['EventInput'];
export type EventUpdate = components['schemas']['EventUpdate'];
export type EventList = components['schemas']['EventList'];
export type EventPreview = components['schemas']['EventPreview'];
export type EventType = components['schemas']['EventType'];
export type EventStatus = components['schemas']['EventStatus'];
export type EditScope = components['schemas']['EditScope'];
export type RecurrenceRule = components['schemas']['RecurrenceRule'];
export type FeastEntry = components['schemas']['FeastEntry'];
export type ChoirFeast = components['schemas']['ChoirFeast'];
export type CalendarFeed = components['schemas']['CalendarFeed'];

/** Event and feast cache lifetime (§9). */
export const EVENT_CACHE_MS = 5 * 60 * 1000;
export const FEAST_CACHE_MS = 5 * 60 * 1000;

/** Cache keys; the choir's under its own key, so invalidating a choir refreshes these too. */
export const calendarKeys = {
  /** Every cached range of a choir's events. */
  events: (choirId: string) => ['choirs', choirId, 'events'] as const,
  range: (choirId: string, range: DateRange) => ['choirs', choirId, 'events', range.startDate, range.endDate] as const,
  preview: (choirId: string, input: string) => ['choirs', choirId, 'event-preview', input] as const,
  feasts: (choirId: string) => ['choirs', choirId, 'calendar-feasts'] as const,
  feed: ['calendar-feed'] as const,
};

const path = (choirId: string) => ({ params: { path: { choirId } } });
const eventPath = (choirId: string, eventId: string) => ({ params: { path: { choirId, eventId } } });

/**
 * Answers held with their ETags, by choir and range, so that asking again
 * sends If-None-Match and a 304 reuses the answer instead of downloading it
 * again (the server never lets the browser keep private answers itself).
 */
const heldAnswers = new Map<string, { etag: string; list: EventList }>();
const HELD_ANSWERS_MAX = 40;

/**
 * fetchEvents reads a range. The answer is an object with events and feasts
 * (and truncatedFrom when the cap cut a series); a bare array is read as the
 * events (calendar §7), anything else as none.
 */
export async function fetchEvents(choirId: string, range: DateRange): Promise<EventList> {
  const key = `${choirId}|${range.startDate}|${range.endDate}`;
  const held = heldAnswers.get(key);
  const result = await api.GET('/choirs/{choirId}/events', {
    params: { path: { choirId }, query: range, header: held ? { 'If-None-Match': held.etag } : {} },
  });
  if (held && result.response.status === 304) return held.list;
  const data: unknown = unwrap(result);
  const list = readEventList(data);
  const etag = result.response.headers.get('ETag');
  heldAnswers.delete(key);
  if (etag) {
    heldAnswers.set(key, { etag, list });
    if (heldAnswers.size > HELD_ANSWERS_MAX) heldAnswers.delete(heldAnswers.keys().next().value!);
  }
  return list;
}

function readEventList(data: unknown): EventList {
  if (Array.isArray(data)) return { events: data as CalendarEvent[], feasts: [] };
  const list = (data ?? {}) as Partial<EventList>;
  return {
    events: Array.isArray(list.events) ? list.events : [],
    feasts: Array.isArray(list.feasts) ? list.feasts : [],
    ...(typeof list.truncatedFrom === 'string' ? { truncatedFrom: list.truncatedFrom } : {}),
  };
}

/** forgetHeldAnswers empties the answers kept for revalidation (at sign-out, and between tests). */
export function forgetHeldAnswers() {
  heldAnswers.clear();
}

/** answers says whether a list fetched for a range holding this one has all of this one's events. */
const answers = (list: EventList, range: DateRange) => completeFor(list.truncatedFrom, range);

function rangeOf(query: Query): DateRange | null {
  const [, , kind, startDate, endDate] = query.queryKey;
  if (kind !== 'events' || typeof startDate !== 'string' || typeof endDate !== 'string') return null;
  return { startDate, endDate };
}

/** The cached ranges of a choir that hold every day of a range, the range itself left out. */
function coveringQueries(queryClient: QueryClient, choirId: string, range: DateRange): Query[] {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: calendarKeys.events(choirId) })
    .filter((q) => {
      const r = rangeOf(q);
      if (!r || (r.startDate === range.startDate && r.endDate === range.endDate)) return false;
      return covers(r, range) && !q.state.isInvalidated;
    });
}

const isFresh = (q: Query) =>
  q.state.data !== undefined && !q.state.isInvalidated && Date.now() - q.state.dataUpdatedAt < EVENT_CACHE_MS;

/**
 * freshAnswer says whether a cached answer for a wider range is still fresh
 * and complete for this one: not cut by the occurrence cap before its end.
 */
const freshAnswer = (range: DateRange) => (q: Query) => isFresh(q) && answers(q.state.data as EventList, range);

/** freshCovering is a cached answer, still fresh, for a wider range holding this one. */
function freshCovering(queryClient: QueryClient, choirId: string, range: DateRange): Query | undefined {
  return coveringQueries(queryClient, choirId, range).find(freshAnswer(range));
}

/**
 * loadEvents reads a range, unless a wider one is already on its way (the
 * pre-warm, say): then its answer serves, so one request does for both.
 */
async function loadEvents(queryClient: QueryClient, choirId: string, range: DateRange): Promise<EventList> {
  const covering = coveringQueries(queryClient, choirId, range);
  const fresh = covering.find(freshAnswer(range));
  if (fresh) return fresh.state.data as EventList;
  const inFlight = covering.find((q) => q.state.fetchStatus === 'fetching');
  const wider = inFlight && rangeOf(inFlight);
  if (wider) {
    try {
      const list = await queryClient.fetchQuery({
        queryKey: calendarKeys.range(choirId, wider),
        queryFn: () => fetchEvents(choirId, wider),
        staleTime: EVENT_CACHE_MS,
      });
      if (answers(list, range)) return list;
      // The cap cut the wider answer before this range ends.
    } catch {
      // The wider request failed; ask for this range on its own.
    }
  }
  return fetchEvents(choirId, range);
}

/**
 * useEvents reads the events and feasts of a fetch range. A fresh cached
 * answer for a wider range serves at once; while a new range loads, the last
 * one stays on screen.
 */
export function useEvents(choirId: string | null, range: DateRange | null) {
  const queryClient = useQueryClient();
  const key = calendarKeys.range(choirId ?? '', range ?? { startDate: '', endDate: '' });
  return useQuery({
    queryKey: key,
    queryFn: () => loadEvents(queryClient, choirId!, range!),
    enabled: !!choirId && !!range,
    staleTime: EVENT_CACHE_MS,
    initialData: () => (choirId && range ? (freshCovering(queryClient, choirId, range)?.state.data as EventList) : undefined),
    initialDataUpdatedAt: () =>
      choirId && range ? freshCovering(queryClient, choirId, range)?.state.dataUpdatedAt : undefined,
    placeholderData: keepPreviousData,
  });
}

/** preloadEvents fills the cache for a range nobody shows yet, unless a fresh answer already holds it. */
export function preloadEvents(queryClient: QueryClient, choirId: string, range: DateRange): Promise<void> {
  if (freshCovering(queryClient, choirId, range)) return Promise.resolve();
  return queryClient.prefetchQuery({
    queryKey: calendarKeys.range(choirId, range),
    queryFn: () => loadEvents(queryClient, choirId, range),
    staleTime: EVENT_CACHE_MS,
  });
}

/** prewarmEvents loads three months either side of today (§4, §9). */
export function prewarmEvents(queryClient: QueryClient, choirId: string, today = new Date()): Promise<void> {
  return preloadEvents(queryClient, choirId, prewarmRange(today));
}

/**
 * usePrewarmedEvents pre-warms a choir's event cache once the choir context
 * knows the choir (§4), so that the calendar opens on data already loaded.
 */
export function usePrewarmedEvents(choirId: string | null, enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!choirId || !enabled) return;
    // After the first page has painted: on a phone, parsing months of events
    // while the dashboard renders would hold the dashboard up. The calendar
    // asks for its own range at once if it opens first.
    let cancelIdle = () => {};
    let stopped = false;
    const cancelPrewarm = afterFirstPaint(() =>
      void prewarmEvents(queryClient, choirId).then(() => {
        // With the months loaded, the next two weeks' plans and answers are asked for, for offline use.
        if (stopped || !canKeepForOffline()) return;
        cancelIdle = afterFirstPaint(() => void keepUpcoming(choirId, cachedEvents(queryClient, choirId)));
      }),
    );
    return () => {
      stopped = true;
      cancelPrewarm();
      cancelIdle();
    };
  }, [queryClient, choirId, enabled]);
}

/** cachedEvents are the events of every range of a choir held in the cache. */
function cachedEvents(queryClient: QueryClient, choirId: string): CalendarEvent[] {
  return queryClient
    .getQueriesData<EventList>({ queryKey: calendarKeys.events(choirId) })
    .flatMap(([, list]) => list?.events ?? []);
}

export const CALENDAR_MESSAGES = {
  deleted: 'Event deleted',
  deleting: 'Deleting event...',
  cannotMoveSeries: SERIES_MOVE_MESSAGE,
} as const;

/** refreshEvents drops every cached range of a choir after a change; the visible one reloads. */
function refreshEvents(queryClient: QueryClient, choirId: string) {
  void queryClient.invalidateQueries({ queryKey: calendarKeys.events(choirId) });
}

/** useCreateEvent makes an event in a choir's calendar. */
export function useCreateEvent(choirId: string) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async (body: EventInput) => unwrap(await api.POST('/choirs/{choirId}/events', { ...path(choirId), body })),
    meta: { submission: { errorMessage: ERROR_CONTEXT_MESSAGES.calendar.create } },
    onSuccess: () => refreshEvents(queryClient, choirId),
  });
}

export interface EventChange {
  eventId: string;
  body: EventUpdate;
}

/** useUpdateEvent saves an event, or an occurrence with the scope it reaches: from the dialog or by a drag. */
export function useUpdateEvent(choirId: string) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async ({ eventId, body }: EventChange) =>
      unwrap(await api.PUT('/choirs/{choirId}/events/{eventId}', { ...eventPath(choirId, eventId), body })),
    meta: { submission: { errorMessage: ERROR_CONTEXT_MESSAGES.calendar.save } },
    onSuccess: () => refreshEvents(queryClient, choirId),
  });
}

export interface DeleteOptions {
  scope?: EditScope;
  instanceStartTime?: string;
}

/** useDeleteEvent deletes an event, or occurrences of a series with the scope given. */
export function useDeleteEvent(choirId: string) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async ({ eventId, ...options }: DeleteOptions & { eventId: string }) => {
      const query: DeleteOptions = {};
      if (options.scope) query.scope = options.scope;
      if (options.instanceStartTime) query.instanceStartTime = options.instanceStartTime;
      unwrap(await api.DELETE('/choirs/{choirId}/events/{eventId}', { params: { path: { choirId, eventId }, query } }));
    },
    meta: {
      submission: {
        loadingMessage: CALENDAR_MESSAGES.deleting,
        successMessage: CALENDAR_MESSAGES.deleted,
        errorMessage: ERROR_CONTEXT_MESSAGES.calendar.save,
      },
    },
    onSuccess: () => refreshEvents(queryClient, choirId),
  });
}

export async function previewEvent(choirId: string, body: EventInput): Promise<EventPreview> {
  return unwrap(await api.POST('/choirs/{choirId}/events/preview', { ...path(choirId), body }));
}

/**
 * useEventPreview asks the server to word a rule and list its next
 * occurrences; input is the JSON of an EventInput, or null for no preview.
 */
export function useEventPreview(choirId: string, input: string | null) {
  return useQuery({
    queryKey: calendarKeys.preview(choirId, input ?? ''),
    queryFn: () => previewEvent(choirId, JSON.parse(input!) as EventInput),
    enabled: input !== null,
    staleTime: EVENT_CACHE_MS,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** useChoirFeasts lists the feasts a rule can follow; only when the rule builder needs them (enabled). */
export function useChoirFeasts(choirId: string, enabled: boolean) {
  return useQuery({
    queryKey: calendarKeys.feasts(choirId),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/calendar-feasts', path(choirId))),
    enabled,
    staleTime: FEAST_CACHE_MS,
  });
}

/** eventIcsUrl is an event's .ics download; a plain link, so the session cookie rides along. */
export function eventIcsUrl(choirId: string, eventId: string): string {
  return `/api/v1/choirs/${encodeURIComponent(choirId)}/events/${encodeURIComponent(eventId)}/ics`;
}

export function useCalendarFeed(enabled: boolean) {
  return useQuery({
    queryKey: calendarKeys.feed,
    queryFn: async () => unwrap(await api.GET('/calendar-feed')),
    enabled,
  });
}

/**
 * useRenewCalendarFeed makes the caller's feed address, or a new one in
 * place of the old. The modal says what happened in its own words.
 */
export function useRenewCalendarFeed() {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async () => unwrap(await api.POST('/calendar-feed')),
    onSuccess: (feed) => {
      queryClient.setQueryData(calendarKeys.feed, feed);
    },
  });
}

/** useTurnOffCalendarFeed turns the caller's feed off: its address stops working. */
export function useTurnOffCalendarFeed() {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async (): Promise<CalendarFeed> => {
      unwrap(await api.DELETE('/calendar-feed'));
      return { enabled: false };
    },
    onSuccess: (feed) => {
      queryClient.setQueryData(calendarKeys.feed, feed);
    },
  });
}
