// Calls and cache keys of the choir pages: the reference lists the choir
// forms read, and the choir itself.
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';

export type Country = components['schemas']['Country'];
export type Affiliation = components['schemas']['Affiliation'];
export type AffiliationCategory = Affiliation['category'];
export type CalendarType = components['schemas']['CalendarType'];
export type ChoirDetails = components['schemas']['ChoirDetails'];
export type ChoirCreate = components['schemas']['ChoirCreate'];
export type ChoirUpdate = components['schemas']['ChoirUpdate'];

export const choirKeys = {
  countries: ['reference', 'countries'] as const,
  affiliations: ['reference', 'affiliations'] as const,
  calendarTypes: ['reference', 'calendar-types'] as const,
  choir: (choirId: string) => ['choirs', choirId] as const,
};

// The reference lists change only with a new server version.
const REFERENCE_STALE_MS = 60 * 60 * 1000;

export function useCountries() {
  return useQuery({
    queryKey: choirKeys.countries,
    queryFn: async () => unwrap(await api.GET('/reference/countries')),
    staleTime: REFERENCE_STALE_MS,
  });
}

/** useAffiliations lists the religious affiliations, by sort order then name. */
export function useAffiliations() {
  return useQuery({
    queryKey: choirKeys.affiliations,
    queryFn: async () => unwrap(await api.GET('/reference/affiliations')),
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useCalendarTypes() {
  return useQuery({
    queryKey: choirKeys.calendarTypes,
    queryFn: async () => unwrap(await api.GET('/reference/calendar-types')),
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useChoir(choirId: string | null) {
  return useQuery({
    queryKey: choirKeys.choir(choirId ?? ''),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}', { params: { path: { choirId: choirId ?? '' } } })),
    enabled: !!choirId,
  });
}

export async function createChoir(body: ChoirCreate): Promise<ChoirDetails> {
  return unwrap(await api.POST('/choirs', { body }));
}

export async function updateChoir(choirId: string, body: ChoirUpdate): Promise<ChoirDetails> {
  return unwrap(await api.PATCH('/choirs/{choirId}', { params: { path: { choirId } }, body }));
}

export async function updateChoirAffiliation(choirId: string, religiousAffiliationId: string): Promise<ChoirDetails> {
  return unwrap(
    await api.PUT('/choirs/{choirId}/affiliation', { params: { path: { choirId } }, body: { religiousAffiliationId } }),
  );
}
