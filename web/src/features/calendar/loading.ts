// What every view of the calendar does around its events query: say a
// failed load once in the calendar's words (§8), and preload the
// neighbouring months after a load (§9).
import type { QueryClient, UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ERROR_CONTEXT_MESSAGES, handleError } from '../../app/errors';
import { preloadEvents, type EventList } from './api';
import { neighbourRanges } from './range';

/** Neighbouring months are preloaded this long after a load, the second one a second later (§9). */
export const PRELOAD_FIRST_MS = 500;
export const PRELOAD_SECOND_MS = 1000;

/** The dates a view shows: [start, end) and the first day of its own period. */
export interface Visible {
  start: Date;
  end: Date;
  currentStart: Date;
  title: string;
}

/** useEventsLoading says a failed load once per failure, in the calendar's own words. */
export function useEventsLoading(events: UseQueryResult<EventList>) {
  const shownError = useRef(0);
  useEffect(() => {
    if (events.isError && events.errorUpdatedAt !== shownError.current) {
      shownError.current = events.errorUpdatedAt;
      handleError(events.error, ERROR_CONTEXT_MESSAGES.calendar.load);
    }
  }, [events.isError, events.error, events.errorUpdatedAt]);
}

/** usePreloadNeighbours: after a load, the next month's range soon, the previous a second later. */
export function usePreloadNeighbours(
  queryClient: QueryClient,
  choirId: string,
  events: UseQueryResult<EventList>,
  startTime: number | undefined,
  endTime: number | undefined,
) {
  const loaded = events.isSuccess && !events.isPlaceholderData;
  useEffect(() => {
    if (!loaded || startTime === undefined || endTime === undefined) return;
    const [next, previous] = neighbourRanges(new Date(startTime), new Date(endTime));
    let second: ReturnType<typeof setTimeout> | undefined;
    const first = setTimeout(() => {
      void preloadEvents(queryClient, choirId, next);
      second = setTimeout(() => void preloadEvents(queryClient, choirId, previous), PRELOAD_SECOND_MS);
    }, PRELOAD_FIRST_MS);
    return () => {
      clearTimeout(first);
      clearTimeout(second);
    };
  }, [loaded, startTime, endTime, queryClient, choirId, events.dataUpdatedAt]);
}
