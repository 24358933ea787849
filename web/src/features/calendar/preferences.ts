// How the signed-in person likes the calendar shown, remembered on the
// server: for now whether the minor liturgical days are shown too.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';
import { useSubmission } from '../../app/mutations';

export type CalendarPreferences = components['schemas']['CalendarPreferences'];

export const SHOW_ALL_LITURGICAL_DAYS = 'Show all liturgical days';

export const preferencesKey = ['account', 'calendar-preferences'] as const;

export function useCalendarPreferences() {
  return useQuery(calendarPreferencesQuery);
}

/** calendarPreferencesQuery reads the caller's calendar preferences (GET /account/calendar-preferences). */
export const calendarPreferencesQuery = queryOptions({
  queryKey: preferencesKey,
  queryFn: async () => unwrap(await api.GET('/account/calendar-preferences')),
});

/** useSetCalendarPreferences saves a change; the switch follows at once and goes back if it is refused. */
export function useSetCalendarPreferences() {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async (body: CalendarPreferences) => unwrap(await api.PUT('/account/calendar-preferences', { body })),
    meta: { submission: { successMessage: null } },
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: preferencesKey });
      queryClient.setQueryData(preferencesKey, body);
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: preferencesKey }),
    onSuccess: (saved) => queryClient.setQueryData(preferencesKey, saved),
  });
}
