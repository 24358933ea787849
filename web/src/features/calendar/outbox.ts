// Answers given without a signal (issue 31): kept on the device and sent when
// the signal returns (app/pwa/deviceOutbox.ts says when and how); the latest
// answer for an event replaces an earlier one, as on the server. Sign-out
// forgets them (forgetQueuedAnswers).
import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';
import { deviceOutbox, isNoNetwork, useOutboxSender } from '../../app/pwa/deviceOutbox';

type RsvpStatus = components['schemas']['RsvpStatus'];

export interface QueuedAnswer {
  choirId: string;
  eventId: string;
  status: RsvpStatus;
}

export const WILL_BE_SENT = 'will be sent';
export const QUEUED_MESSAGE = 'No signal: your answer will be sent when you are back online.';

const answerId = (choirId: string, eventId: string) => `${choirId}/${eventId}`;

const outbox = deviceOutbox<QueuedAnswer>({
  key: 'cantica.answerOutbox',
  idOf: (a) => answerId(a.choirId, a.eventId),
  deliver: async (answer) =>
    unwrap(
      await api.PUT('/choirs/{choirId}/events/{eventId}/rsvp', {
        params: { path: { choirId: answer.choirId, eventId: answer.eventId } },
        body: { status: answer.status },
      }),
    ),
});

export const queuedAnswers = outbox.items;

/** queueAnswer keeps an answer to send later, replacing one for the same event. */
export const queueAnswer = outbox.keep;

/** dropQueuedAnswer forgets the answer waiting for an event (a newer one was sent). */
export function dropQueuedAnswer(choirId: string, eventId: string) {
  outbox.drop(answerId(choirId, eventId));
}

/** forgetQueuedAnswers empties the outbox (sign-out). */
export const forgetQueuedAnswers = outbox.forget;

/** isNetworkFailure says whether a request failed for want of a network, not by the server's answer. */
export const isNetworkFailure = isNoNetwork;

/** sendQueuedAnswers sends each waiting answer once; one the server refuses (the event has started, the event is gone) is dropped. */
export const sendQueuedAnswers = outbox.send;

/** useQueuedAnswer is the answer waiting to be sent for an event, or null. */
export function useQueuedAnswer(choirId: string, eventId: string): RsvpStatus | null {
  const list = useSyncExternalStore(outbox.subscribe, outbox.items);
  return list.find((a) => a.choirId === choirId && a.eventId === eventId)?.status ?? null;
}

/** useAnswerOutbox sends the waiting answers while a user is signed in; the answers shown are then read again. */
export function useAnswerOutbox(signedIn: boolean) {
  const queryClient = useQueryClient();
  useOutboxSender(outbox, signedIn, (sent) => {
    for (const choirId of new Set(sent.map((a) => a.choirId))) void queryClient.invalidateQueries({ queryKey: ['choirs', choirId] });
  });
}
