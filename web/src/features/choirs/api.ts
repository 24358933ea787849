// Calls and cache keys of the choir pages: the reference lists the choir
// forms read, the choir itself, and the changes made to it.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';
import { storeActiveChoirId, useChoir as useChoirContext } from '../../app/choir';
import { useSubmission } from '../../app/mutations';
import { sessionQueryKey } from '../../app/session';
import { prefixFailure } from './errors';

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

export const DETAILS_FAILURE_PREFIX = 'Failed to update choir details';
export const AFFILIATION_FAILURE_PREFIX = 'Failed to update choir affiliation';

/** Pause after creation before the success toast (accounts §4.11, §9). */
export const POST_CREATION_WAIT_MS = 500;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * useCreateChoir creates a choir (accounts §4.11). The new choir becomes the
 * active one and the session, whose memberships now hold it, is read again;
 * then a short pause. The creation counts as running until all that is done,
 * so the form stays busy and a second submission is ignored.
 */
export function useCreateChoir() {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async (body: ChoirCreate) => unwrap(await api.POST('/choirs', { body })),
    onSuccess: async (choir) => {
      storeActiveChoirId(choir.id);
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey, refetchType: 'all' });
      await wait(POST_CREATION_WAIT_MS);
    },
  });
}

/** useChoirSaved keeps the saved choir and re-reads the session, whose memberships carry choir names. */
function useChoirSaved() {
  const queryClient = useQueryClient();
  return (choir: ChoirDetails) => {
    queryClient.setQueryData(choirKeys.choir(choir.id), choir);
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  };
}

/** useUpdateChoir saves a choir's details, through the saving flow ('Saving changes...'). */
export function useUpdateChoir(choirId: string) {
  const saved = useChoirSaved();
  return useSubmission({
    mutationFn: (body: ChoirUpdate) =>
      prefixFailure(DETAILS_FAILURE_PREFIX, async () =>
        unwrap(await api.PATCH('/choirs/{choirId}', { params: { path: { choirId } }, body })),
      ),
    meta: { submission: {} },
    onSuccess: saved,
  });
}

/** useUpdateChoirAffiliation saves a choir's focus/tradition, which picks its liturgical calendar. */
export function useUpdateChoirAffiliation(choirId: string) {
  const saved = useChoirSaved();
  return useSubmission({
    mutationFn: (religiousAffiliationId: string) =>
      prefixFailure(AFFILIATION_FAILURE_PREFIX, async () =>
        unwrap(
          await api.PUT('/choirs/{choirId}/affiliation', { params: { path: { choirId } }, body: { religiousAffiliationId } }),
        ),
      ),
    meta: { submission: {} },
    onSuccess: saved,
  });
}

/**
 * useSelectChoir makes a choir the one the user works in, through the choir
 * context's switch, which stores the choice, tells the server, reads the
 * session again and shows its own error toast. A switch that did not happen
 * fails the mutation.
 */
export function useSelectChoir() {
  const { switchChoir } = useChoirContext();
  return useSubmission({
    mutationFn: async (choirId: string) => {
      if (!(await switchChoir(choirId))) throw new Error('The choir was not switched');
    },
  });
}
