// What each change of the feast pages reads again or puts in the cache: the
// pages' tests see a change through the screen, not all it refreshes.
import type { QueryKey } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryWrapper, resetToasts, testQueryClient } from '../../test/render';
import { choirKeys } from '../choirs';
import {
  feastKeys,
  useCorrectMasterFeast,
  useFeastImport,
  useGenerateFeasts,
  useSetCalendarPublished,
  useSetMasterFeastActive,
} from './api';
import { ANGLICAN, apiError, CALENDAR_TYPES, CHRISTMAS, EASTER, json, ROMAN_1962, serveFeasts, type Handler } from './testing';

const ROMAN_LIST = feastKeys.masterFeastList(ROMAN_1962.key, '');
const SEARCHED = feastKeys.masterFeastList(ROMAN_1962.key, 'chr');

beforeEach(() => {
  resetToasts();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A query client holding the catalogue, the affiliations and two lists of master feasts. */
function cached() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(choirKeys.calendarTypes, CALENDAR_TYPES);
  queryClient.setQueryData(choirKeys.affiliations, []);
  queryClient.setQueryData(ROMAN_LIST, [CHRISTMAS, EASTER]);
  queryClient.setQueryData(SEARCHED, [CHRISTMAS]);
  const wrapper = queryWrapper(queryClient);
  const invalidated = (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated;
  /** Whether the catalogue, the affiliations and the master feasts are all to be read again. */
  const calendarDataInvalidated = () =>
    [choirKeys.calendarTypes, choirKeys.affiliations, ROMAN_LIST, SEARCHED].map((key) => invalidated(key));
  return { queryClient, wrapper, invalidated, calendarDataInvalidated };
}

const boom: Handler = () => apiError(500, 'INTERNAL', 'boom');
const IMPORT = { calendarType: ANGLICAN.key, body: { format: 'csv' as const, content: 'key,name' } };
const REPORT = { rows: [], new: 0, changed: 0, unchanged: 0, invalid: 0 };

describe('changes to a calendar', () => {
  it('generating years reads the catalogue, the affiliations and the feasts again once it worked', async () => {
    serveFeasts({ handlers: { 'POST /calendar-types/:key/generate': () => json({ years: 2, instances: 10 }) } });
    const { wrapper, calendarDataInvalidated } = cached();
    const { result } = renderHook(useGenerateFeasts, { wrapper });
    await act(async () => {
      await result.current.submit({ calendarType: ROMAN_1962.key, body: { fromYear: 2026, toYear: 2027 } });
    });
    expect(calendarDataInvalidated()).toEqual([true, true, true, true]);
  });

  it('generating years that fails reads nothing again', async () => {
    serveFeasts({ handlers: { 'POST /calendar-types/:key/generate': boom } });
    const { wrapper, calendarDataInvalidated } = cached();
    const { result } = renderHook(useGenerateFeasts, { wrapper });
    await act(async () => {
      await expect(result.current.submit({ calendarType: ROMAN_1962.key, body: { fromYear: 2026, toYear: 2027 } })).rejects.toThrow();
    });
    expect(calendarDataInvalidated()).toEqual([false, false, false, false]);
  });

  it.each([
    ['that worked', () => json(REPORT)],
    ['that was refused', () => apiError(400, 'VALIDATION_ERROR', 'The stored feasts changed')],
  ] as const)('an import %s reads the calendar data again', async (_name, answer) => {
    serveFeasts({ handlers: { 'POST /calendar-types/:key/import': answer } });
    const { wrapper, calendarDataInvalidated } = cached();
    const { result } = renderHook(useFeastImport, { wrapper });
    await act(async () => {
      await result.current.submit(IMPORT).catch(() => undefined);
    });
    expect(calendarDataInvalidated()).toEqual([true, true, true, true]);
  });

  it('publishing shows the answer in the catalogue at once and reads the calendar data again', async () => {
    serveFeasts({ types: CALENDAR_TYPES });
    const { queryClient, wrapper, calendarDataInvalidated } = cached();
    const { result } = renderHook(useSetCalendarPublished, { wrapper });
    await act(async () => {
      await result.current.submit({ calendarType: ANGLICAN.key, published: true });
    });
    const types = queryClient.getQueryData<typeof CALENDAR_TYPES>(choirKeys.calendarTypes);
    expect(types?.find((t) => t.key === ANGLICAN.key)?.isPublished).toBe(true);
    expect(calendarDataInvalidated()).toEqual([true, true, true, true]);
  });

  it('publishing that fails still reads the calendar data again', async () => {
    serveFeasts({ handlers: { 'PUT /calendar-types/:key/published': boom } });
    const { wrapper, calendarDataInvalidated } = cached();
    const { result } = renderHook(useSetCalendarPublished, { wrapper });
    await act(async () => {
      await expect(result.current.submit({ calendarType: ANGLICAN.key, published: true })).rejects.toThrow();
    });
    expect(calendarDataInvalidated()).toEqual([true, true, true, true]);
  });
});

describe('changes to a master feast', () => {
  it('a correction goes into every list of its type and they are read again, not the catalogue', async () => {
    serveFeasts();
    const { queryClient, wrapper, invalidated } = cached();
    const { result } = renderHook(useCorrectMasterFeast, { wrapper });
    await act(async () => {
      await result.current.submit({ id: CHRISTMAS.id, changes: { rank: 'II class' } });
    });
    for (const key of [ROMAN_LIST, SEARCHED]) {
      expect(queryClient.getQueryData<(typeof CHRISTMAS)[]>(key)?.[0]).toMatchObject({ id: CHRISTMAS.id, rank: 'II class' });
      expect(invalidated(key)).toBe(true);
    }
    expect(invalidated(choirKeys.calendarTypes)).toBe(false);
    expect(invalidated(choirKeys.affiliations)).toBe(false);
  });

  it('a correction that fails reads nothing again', async () => {
    serveFeasts({ handlers: { 'PATCH /master-feasts/:id': boom } });
    const { wrapper, invalidated } = cached();
    const { result } = renderHook(useCorrectMasterFeast, { wrapper });
    await act(async () => {
      await expect(result.current.submit({ id: CHRISTMAS.id, changes: { rank: 'II class' } })).rejects.toThrow();
    });
    expect(invalidated(ROMAN_LIST)).toBe(false);
  });

  it.each([
    ['that worked', undefined],
    ['that failed', boom],
  ] as const)('deactivating %s reads the lists again, not the catalogue', async (_name, handler) => {
    serveFeasts({ handlers: handler ? { 'PATCH /master-feasts/:id': handler } : {} });
    const { wrapper, invalidated } = cached();
    const { result } = renderHook(useSetMasterFeastActive, { wrapper });
    await act(async () => {
      await result.current.submit({ id: CHRISTMAS.id, active: false }).catch(() => undefined);
    });
    expect(invalidated(ROMAN_LIST)).toBe(true);
    expect(invalidated(SEARCHED)).toBe(true);
    expect(invalidated(choirKeys.calendarTypes)).toBe(false);
  });
});
