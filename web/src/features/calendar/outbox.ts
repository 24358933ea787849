// Answers given without a signal (issue 31): kept on the device and sent when
// the signal returns — at the browser's 'online', whenever the app comes back
// into view, and when the signed-in app starts. Background Sync is
// Chromium's alone, so the page sends them itself. Kept in localStorage (a
// few answers, read synchronously to show "will be sent" at once); the latest
// answer for an event replaces an earlier one, as on the server. Sign-out
// forgets them (forgetQueuedAnswers).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { api, HttpError, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';

type RsvpStatus = components['schemas']['RsvpStatus'];

export interface QueuedAnswer {
  choirId: string;
  eventId: string;
  status: RsvpStatus;
}

const KEY = 'cantica.answerOutbox';
export const WILL_BE_SENT = 'will be sent';
export const QUEUED_MESSAGE = 'No signal: your answer will be sent when you are back online.';

const listeners = new Set<() => void>();
let snapshot: QueuedAnswer[] | null = null;

export function queuedAnswers(): QueuedAnswer[] {
  if (snapshot) return snapshot;
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    snapshot = Array.isArray(parsed) ? (parsed as QueuedAnswer[]) : [];
  } catch {
    snapshot = [];
  }
  return snapshot;
}

function save(list: QueuedAnswer[]) {
  snapshot = list;
  try {
    if (list.length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // Storage unavailable: the answers wait in this page only.
  }
  listeners.forEach((l) => l());
}

const same = (a: QueuedAnswer, choirId: string, eventId: string) => a.choirId === choirId && a.eventId === eventId;

/** queueAnswer keeps an answer to send later, replacing one for the same event. */
export function queueAnswer(answer: QueuedAnswer) {
  save([...queuedAnswers().filter((a) => !same(a, answer.choirId, answer.eventId)), answer]);
}

/** dropQueuedAnswer forgets the answer waiting for an event (a newer one was sent). */
export function dropQueuedAnswer(choirId: string, eventId: string) {
  if (queuedAnswers().some((a) => same(a, choirId, eventId))) save(queuedAnswers().filter((a) => !same(a, choirId, eventId)));
}

/** forgetQueuedAnswers empties the outbox (sign-out). */
export function forgetQueuedAnswers() {
  save([]);
}

/** isNetworkFailure says whether a request failed for want of a network (fetch's TypeError), not by the server's answer. */
export function isNetworkFailure(err: unknown): boolean {
  return err instanceof TypeError && !(err instanceof HttpError);
}

let sending: Promise<number> | null = null;

/**
 * sendQueuedAnswers sends each waiting answer once; an answer the server
 * refuses (the event has started, the event is gone) is dropped, one that
 * meets no network waits for the next try. Resolves to how many were sent.
 */
export function sendQueuedAnswers(): Promise<number> {
  sending ??= (async () => {
    let sent = 0;
    for (const answer of queuedAnswers()) {
      try {
        unwrap(
          await api.PUT('/choirs/{choirId}/events/{eventId}/rsvp', {
            params: { path: { choirId: answer.choirId, eventId: answer.eventId } },
            body: { status: answer.status },
          }),
        );
        sent += 1;
      } catch (err) {
        if (isNetworkFailure(err)) break;
      }
      // Sent or refused: no longer waiting, unless a newer answer replaced it meanwhile.
      save(queuedAnswers().filter((a) => a !== answer));
    }
    return sent;
  })().finally(() => {
    sending = null;
  });
  return sending;
}

/** useQueuedAnswer is the answer waiting to be sent for an event, or null. */
export function useQueuedAnswer(choirId: string, eventId: string): RsvpStatus | null {
  const list = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    queuedAnswers,
  );
  return list.find((a) => same(a, choirId, eventId))?.status ?? null;
}

/**
 * useAnswerOutbox sends the waiting answers while a user is signed in: at
 * once, at the browser's 'online' and when the app comes back into view; the
 * answers shown are then read again.
 */
export function useAnswerOutbox(signedIn: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn) return;
    const send = () => {
      if (queuedAnswers().length === 0 || document.visibilityState === 'hidden') return;
      const choirs = new Set(queuedAnswers().map((a) => a.choirId));
      void sendQueuedAnswers().then((sent) => {
        if (sent > 0) for (const choirId of choirs) void queryClient.invalidateQueries({ queryKey: ['choirs', choirId] });
      });
    };
    send();
    window.addEventListener('online', send);
    document.addEventListener('visibilitychange', send);
    return () => {
      window.removeEventListener('online', send);
      document.removeEventListener('visibilitychange', send);
    };
  }, [signedIn, queryClient]);
}
