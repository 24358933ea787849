// Calls and cache keys of an event's reminders (edit:calendar): its own
// reminder days or its type's, and the one "Remind non-responders" it gets.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';
import { useSubmission } from '../../app/mutations';

export type EventReminders = components['schemas']['EventReminders'];
export type ManualReminder = components['schemas']['ManualReminder'];

export const reminderKeys = {
  event: (choirId: string, eventId: string) => ['choirs', choirId, 'event-reminders', eventId] as const,
};

const eventPath = (choirId: string, eventId: string) => ({ params: { path: { choirId, eventId } } });

/** useEventReminders reads an event's reminders and when its non-responders were reminded by hand. */
export function useEventReminders(choirId: string, eventId: string, enabled = true) {
  return useQuery({
    queryKey: reminderKeys.event(choirId, eventId),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/events/{eventId}/reminders', eventPath(choirId, eventId))),
    enabled,
  });
}

/** useSetEventReminders gives an event its own reminder days, or with null its type's. */
export function useSetEventReminders(choirId: string) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async ({ eventId, days }: { eventId: string; days: number[] | null }) =>
      unwrap(await api.PUT('/choirs/{choirId}/events/{eventId}/reminders', { ...eventPath(choirId, eventId), body: { days } })),
    // The event's own save says it is saved; a refusal shows its toast.
    meta: { submission: { successMessage: null } },
    // An occurrence's reminders are its series': every cached one may have changed.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['choirs', choirId, 'event-reminders'] }),
  });
}

export const REMINDED = 'Reminder sent to members who have not answered';

/** useRemindNonResponders emails the event's non-responders, once per event. */
export function useRemindNonResponders(choirId: string, eventId: string) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async () =>
      unwrap(await api.POST('/choirs/{choirId}/events/{eventId}/remind-non-responders', eventPath(choirId, eventId))),
    meta: { submission: { loadingMessage: 'Sending reminders...', successMessage: REMINDED } },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: reminderKeys.event(choirId, eventId) }),
  });
}
