// What each change of the calendar reads again or puts in the cache: the
// pages' tests see a change through the screen, not what else it refreshes.
import type { QueryKey } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryWrapper, resetToasts, testQueryClient } from '../../test/render';
import {
  calendarKeys,
  useCreateEvent,
  useDeleteEvent,
  useRenewCalendarFeed,
  useTurnOffCalendarFeed,
  useUpdateEvent,
  type EventInput,
} from './api';
import { apiError, FEED, json, noContent, serveCalendar, type Handler } from './testing';

const MAY = { startDate: '2026-03-01', endDate: '2026-07-31' };
const JUNE = { startDate: '2026-04-01', endDate: '2026-08-31' };
const BODY: EventInput = {
  title: 'Rehearsal',
  eventType: 'rehearsal',
  start: '2026-05-12T18:30:00.000Z',
  end: '2026-05-12T20:30:00.000Z',
  allDay: false,
  location: '',
  notes: '',
  status: 'published',
};

beforeEach(() => {
  resetToasts();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A query client holding two ranges of choir c1, one of c2, c1's feasts and the feed. */
function cached() {
  const queryClient = testQueryClient();
  const list = { events: [], feasts: [] };
  queryClient.setQueryData(calendarKeys.range('c1', MAY), list);
  queryClient.setQueryData(calendarKeys.range('c1', JUNE), list);
  queryClient.setQueryData(calendarKeys.range('c2', MAY), list);
  queryClient.setQueryData(calendarKeys.feasts('c1'), []);
  queryClient.setQueryData(calendarKeys.feed, FEED);
  const wrapper = queryWrapper(queryClient);
  const invalidated = (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated;
  return { queryClient, wrapper, invalidated };
}

const failing: Record<string, Handler> = {
  'POST /choirs/:choirId/events': () => apiError(500, 'INTERNAL', 'boom'),
  'PUT /choirs/:choirId/events/:eventId': () => apiError(500, 'INTERNAL', 'boom'),
  'DELETE /choirs/:choirId/events/:eventId': () => apiError(500, 'INTERNAL', 'boom'),
};

/** A change's hook, and what one call of it is given. */
type Change = readonly [string, () => { submit: (variables: never) => Promise<unknown> }, unknown];
const submitOf = (current: { submit: (variables: never) => Promise<unknown> }) =>
  current.submit as (variables: unknown) => Promise<unknown>;

describe('changes to events', () => {
  const changes: readonly Change[] = [
    ['creating', () => useCreateEvent('c1'), BODY],
    ['saving', () => useUpdateEvent('c1'), { eventId: 'ev-2', body: BODY }],
    ['deleting', () => useDeleteEvent('c1'), { eventId: 'ev-1-occurrence-2026-05-12', scope: 'all' }],
  ];

  it.each(changes)("%s an event reloads every range of the choir's calendar, and nothing else", async (_name, useChange, variables) => {
    serveCalendar();
    const { wrapper, invalidated } = cached();
    const { result } = renderHook(useChange, { wrapper });
    await act(async () => {
      await submitOf(result.current)(variables);
    });
    expect(invalidated(calendarKeys.range('c1', MAY))).toBe(true);
    expect(invalidated(calendarKeys.range('c1', JUNE))).toBe(true);
    expect(invalidated(calendarKeys.range('c2', MAY))).toBe(false);
    expect(invalidated(calendarKeys.feasts('c1'))).toBe(false);
    expect(invalidated(calendarKeys.feed)).toBe(false);
  });

  it.each(changes)('%s an event that fails reloads nothing', async (_name, useChange, variables) => {
    serveCalendar({ handlers: failing });
    const { wrapper, invalidated } = cached();
    const { result } = renderHook(useChange, { wrapper });
    await act(async () => {
      await expect(submitOf(result.current)(variables)).rejects.toThrow('boom');
    });
    expect(invalidated(calendarKeys.range('c1', MAY))).toBe(false);
    expect(invalidated(calendarKeys.range('c1', JUNE))).toBe(false);
  });
});

describe('changes to the feed', () => {
  it('keeps the renewed address, and the feed turned off, without asking again', async () => {
    const fresh = { ...FEED, url: 'https://cantica.example/api/v1/feeds/fresh-token.ics' };
    const api = serveCalendar({
      handlers: { 'POST /calendar-feed': () => json(fresh), 'DELETE /calendar-feed': () => noContent() },
    });
    const { queryClient, wrapper, invalidated } = cached();
    const renew = renderHook(useRenewCalendarFeed, { wrapper });
    await act(async () => {
      await renew.result.current.submit();
    });
    expect(queryClient.getQueryData(calendarKeys.feed)).toEqual(fresh);

    const off = renderHook(useTurnOffCalendarFeed, { wrapper });
    await act(async () => {
      await off.result.current.submit();
    });
    expect(queryClient.getQueryData(calendarKeys.feed)).toEqual({ enabled: false });
    expect(invalidated(calendarKeys.feed)).toBe(false);
    expect(invalidated(calendarKeys.range('c1', MAY))).toBe(false);
    expect(api.requests('GET', '/calendar-feed')).toHaveLength(0);
  });
});
