// Calls and cache keys of the global admin's feast pages: master feasts,
// feast imports, generation from the rules, and publishing a calendar type.
// Each change is a mutation that says nothing itself: the pages say what
// happened in their own words.
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';
import { useSubmission } from '../../app/mutations';
import { choirKeys, type CalendarType } from '../choirs';

export type { CalendarType } from '../choirs';
export type MasterFeast = components['schemas']['MasterFeast'];
export type MasterFeastUpdate = components['schemas']['MasterFeastUpdate'];
export type FeastImport = components['schemas']['FeastImport'];
export type FeastImportFormat = FeastImport['format'];
export type FeastImportReport = components['schemas']['FeastImportReport'];
export type FeastImportRow = components['schemas']['FeastImportRow'];
export type FeastImportStatus = FeastImportRow['status'];
export type FeastGenerate = components['schemas']['FeastGenerate'];
export type FeastGenerated = components['schemas']['FeastGenerated'];

export const feastKeys = {
  /** Every master feast list, whatever the calendar type or search. */
  masterFeasts: ['master-feasts'] as const,
  masterFeastList: (calendarType: string, q: string) => ['master-feasts', calendarType, q] as const,
};

/**
 * useMasterFeasts lists a calendar type's master feasts, searched by name or
 * key on the server. While a new search loads, the last answer for the same
 * type stays on screen; another type's never does.
 */
export function useMasterFeasts(calendarType: string | null, q: string) {
  return useQuery({
    queryKey: feastKeys.masterFeastList(calendarType ?? '', q),
    queryFn: async () =>
      unwrap(
        await api.GET('/master-feasts', {
          params: { query: { calendarType: calendarType ?? '', ...(q ? { q } : {}) } },
        }),
      ),
    enabled: !!calendarType,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === calendarType ? keepPreviousData(previous) : undefined,
  });
}

const typePath = (calendarType: string) => ({ params: { path: { calendarType } } });

async function updateMasterFeast(masterFeastId: string, body: MasterFeastUpdate): Promise<MasterFeast> {
  return unwrap(await api.PATCH('/master-feasts/{masterFeastId}', { params: { path: { masterFeastId } }, body }));
}

/**
 * refreshCalendarData refetches what a change to a calendar's feasts or
 * publication touches: the calendar type catalogue (published, uploaded),
 * the affiliations the choir forms label with it, and the master feasts.
 */
function refreshCalendarData(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: choirKeys.calendarTypes });
  void queryClient.invalidateQueries({ queryKey: choirKeys.affiliations });
  void queryClient.invalidateQueries({ queryKey: feastKeys.masterFeasts });
}

/** masterFeastSaved puts the feast the server answered with into every cached list of its type. */
function masterFeastSaved(queryClient: QueryClient, saved: MasterFeast) {
  queryClient.setQueriesData<MasterFeast[]>({ queryKey: [...feastKeys.masterFeasts, saved.calendarType] }, (list) =>
    list?.map((f) => (f.id === saved.id ? saved : f)),
  );
}

/**
 * useCorrectMasterFeast saves a master feast's name or rank: the answer goes
 * into the lists at once, and they are read again (the feast may now match
 * a search, or no longer).
 */
export function useCorrectMasterFeast() {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: ({ id, changes }: { id: string; changes: MasterFeastUpdate }) => updateMasterFeast(id, changes),
    onSuccess: (saved) => {
      masterFeastSaved(queryClient, saved);
      void queryClient.invalidateQueries({ queryKey: feastKeys.masterFeasts });
    },
  });
}

/**
 * useSetMasterFeastActive activates or deactivates a master feast. The
 * lists are read again even when it fails: a refusal may come from a list
 * that is out of date.
 */
export function useSetMasterFeastActive() {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => updateMasterFeast(id, { active }),
    onSuccess: (saved) => masterFeastSaved(queryClient, saved),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: feastKeys.masterFeasts });
    },
  });
}

/** useFeastImportPreview classifies every row of an import; it changes nothing. */
export function useFeastImportPreview() {
  return useSubmission({
    mutationFn: async ({ calendarType, body }: { calendarType: string; body: FeastImport }) =>
      unwrap(await api.POST('/calendar-types/{calendarType}/import/preview', { ...typePath(calendarType), body })),
  });
}

/**
 * useFeastImport imports all the rows or none. The calendar's data is read
 * again whatever the answer: a refusal may come from feasts stored since the
 * preview.
 */
export function useFeastImport() {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async ({ calendarType, body }: { calendarType: string; body: FeastImport }) =>
      unwrap(await api.POST('/calendar-types/{calendarType}/import', { ...typePath(calendarType), body })),
    onSettled: () => refreshCalendarData(queryClient),
  });
}

/** useGenerateFeasts computes a range of years of a calendar from its tradition's rules. */
export function useGenerateFeasts() {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async ({ calendarType, body }: { calendarType: string; body: FeastGenerate }) =>
      unwrap(await api.POST('/calendar-types/{calendarType}/generate', { ...typePath(calendarType), body })),
    onSuccess: () => refreshCalendarData(queryClient),
  });
}

/**
 * useSetCalendarPublished publishes or unpublishes a calendar type. The
 * catalogue shows the answer at once; the refetch that follows, made
 * whatever the answer, confirms it.
 */
export function useSetCalendarPublished() {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async ({ calendarType, published }: { calendarType: string; published: boolean }) =>
      unwrap(await api.PUT('/calendar-types/{calendarType}/published', { ...typePath(calendarType), body: { published } })),
    onSuccess: (saved) => {
      queryClient.setQueryData<CalendarType[]>(choirKeys.calendarTypes, (list) =>
        list?.map((t) => (t.key === saved.key ? saved : t)),
      );
    },
    onSettled: () => refreshCalendarData(queryClient),
  });
}
