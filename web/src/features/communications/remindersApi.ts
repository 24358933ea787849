// Calls and cache keys of the choir's reminder settings
// (manage:communications): automatic RSVP reminders by event type and the
// part-balance alert.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';
import { useSubmission } from '../../app/mutations';

export type ReminderSettings = components['schemas']['ReminderSettings'];
export type ReminderTypeSetting = components['schemas']['ReminderTypeSetting'];

export const reminderSettingsKey = (choirId: string) => ['choirs', choirId, 'reminder-settings'] as const;

export function useReminderSettings(choirId: string) {
  return useQuery({
    queryKey: reminderSettingsKey(choirId),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/reminder-settings', { params: { path: { choirId } } })),
  });
}

/** useSetReminderSettings saves the reminders of every event type and the alert in one request. */
export function useSetReminderSettings(choirId: string) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async (body: ReminderSettings) =>
      unwrap(await api.PUT('/choirs/{choirId}/reminder-settings', { params: { path: { choirId } }, body })),
    meta: { submission: {} },
    onSuccess: (saved) => {
      queryClient.setQueryData(reminderSettingsKey(choirId), saved);
      // Events that follow their type's reminders show them.
      void queryClient.invalidateQueries({ queryKey: ['choirs', choirId, 'event-reminders'] });
    },
  });
}
