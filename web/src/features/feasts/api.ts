// Calls and cache keys of the global admin's feast pages: master feasts,
// feast imports, generation from the rules, and publishing a calendar type.
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';
import { choirKeys } from '../choirs';

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

export async function updateMasterFeast(masterFeastId: string, body: MasterFeastUpdate): Promise<MasterFeast> {
  return unwrap(await api.PATCH('/master-feasts/{masterFeastId}', { params: { path: { masterFeastId } }, body }));
}

const typePath = (calendarType: string) => ({ params: { path: { calendarType } } });

/** previewFeastImport classifies every row of an import; it changes nothing. */
export async function previewFeastImport(calendarType: string, body: FeastImport): Promise<FeastImportReport> {
  return unwrap(await api.POST('/calendar-types/{calendarType}/import/preview', { ...typePath(calendarType), body }));
}

/** commitFeastImport imports all the rows or none. */
export async function commitFeastImport(calendarType: string, body: FeastImport): Promise<FeastImportReport> {
  return unwrap(await api.POST('/calendar-types/{calendarType}/import', { ...typePath(calendarType), body }));
}

export async function generateFeasts(calendarType: string, body: FeastGenerate): Promise<FeastGenerated> {
  return unwrap(await api.POST('/calendar-types/{calendarType}/generate', { ...typePath(calendarType), body }));
}

export async function setCalendarPublished(calendarType: string, published: boolean) {
  return unwrap(await api.PUT('/calendar-types/{calendarType}/published', { ...typePath(calendarType), body: { published } }));
}

/**
 * refreshCalendarData refetches what a change to a calendar's feasts or
 * publication touches: the calendar type catalogue (published, uploaded),
 * the affiliations the choir forms label with it, and the master feasts.
 */
export function refreshCalendarData(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: choirKeys.calendarTypes });
  void queryClient.invalidateQueries({ queryKey: choirKeys.affiliations });
  void queryClient.invalidateQueries({ queryKey: feastKeys.masterFeasts });
}

/** masterFeastSaved puts the feast the server answered with into every cached list of its type. */
export function masterFeastSaved(queryClient: QueryClient, saved: MasterFeast) {
  queryClient.setQueriesData<MasterFeast[]>({ queryKey: [...feastKeys.masterFeasts, saved.calendarType] }, (list) =>
    list?.map((f) => (f.id === saved.id ? saved : f)),
  );
}
