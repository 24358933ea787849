// The public email-link calls. Every read changes nothing on the server;
// every write is a person's click (a mail scanner that runs the page's
// scripts only ever reads).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, HttpError, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';
import { storeActiveChoirId } from '../../app/choir';
import { useSubmission } from '../../app/mutations';
import { sessionQueryKey } from '../../app/session';

export type LinkEvent = components['schemas']['LinkEvent'];
export type RsvpLink = components['schemas']['RsvpLink'];
export type EventLink = components['schemas']['EventLink'];
export type RsvpStatus = components['schemas']['RsvpStatus'];
export type RsvpAnswer = components['schemas']['RsvpAnswer'];
export type PracticeLink = components['schemas']['PracticeLink'];
export type PracticeLinkOpened = components['schemas']['PracticeLinkOpened'];
export type LinkPlan = components['schemas']['LinkPlan'];
export type UnsubscribeLink = components['schemas']['UnsubscribeLink'];

export const linkKeys = {
  rsvp: (token: string) => ['email-links', 'rsvp', token] as const,
  event: (token: string) => ['email-links', 'event', token] as const,
  practice: (token: string) => ['email-links', 'practice', token] as const,
  unsubscribe: (token: string) => ['email-links', 'unsubscribe', token] as const,
};

const path = (linkToken: string) => ({ params: { path: { linkToken } } });

// A refused link stays refused: only a failure of the server or the network
// is worth the one retry of a read.
function retryRead(failures: number, err: unknown): boolean {
  return failures < 1 && !(err instanceof HttpError && err.status < 500);
}

/** linkFailure is the server's own refusal of a link (4xx, with its message), else the page's fallback. */
export function linkFailure(err: unknown, fallback: string): string {
  if (err instanceof HttpError && err.status < 500 && err.body?.message) return err.body.message;
  return fallback;
}

export function useRsvpLink(token: string) {
  return useQuery({
    queryKey: linkKeys.rsvp(token),
    queryFn: async () => unwrap(await api.GET('/email-links/rsvp/{linkToken}', path(token))),
    retry: retryRead,
    staleTime: 0,
  });
}

export function useEventLink(token: string) {
  return useQuery({
    queryKey: linkKeys.event(token),
    queryFn: async () => unwrap(await api.GET('/email-links/event/{linkToken}', path(token))),
    retry: retryRead,
    staleTime: 0,
  });
}

export function usePracticeLink(token: string) {
  return useQuery({
    queryKey: linkKeys.practice(token),
    queryFn: async () => unwrap(await api.GET('/email-links/practice/{linkToken}', path(token))),
    retry: retryRead,
    staleTime: 0,
  });
}

export function useUnsubscribeLink(token: string) {
  return useQuery({
    queryKey: linkKeys.unsubscribe(token),
    queryFn: async () => unwrap(await api.GET('/email-links/unsubscribe/{linkToken}', path(token))),
    retry: retryRead,
    staleTime: 0,
  });
}

/** icsUrl is the event link's calendar file: a plain link the browser downloads. */
export function icsUrl(token: string): string {
  return `/api/v1/email-links/event/${encodeURIComponent(token)}/ics`;
}

/** useAnswerRsvp records the member's answer (the RSVP token is never used up). */
export function useAnswerRsvp(token: string) {
  return useSubmission({
    mutationFn: async (status: RsvpStatus): Promise<RsvpAnswer> =>
      unwrap(await api.POST('/email-links/rsvp/{linkToken}', { ...path(token), body: { status } })),
  });
}

/**
 * useOpenPracticeLink uses the practice link (once) for the signed-in
 * member; its choir becomes the session's choir, so the studio opens in it.
 */
export function useOpenPracticeLink(token: string) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async (): Promise<PracticeLinkOpened> =>
      unwrap(await api.POST('/email-links/practice/{linkToken}', path(token))),
    onSuccess: async (opened) => {
      storeActiveChoirId(opened.choirId);
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}

/** useUnsubscribe turns the link's choir email off (idempotent on the server). */
export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async (): Promise<UnsubscribeLink> =>
      unwrap(await api.POST('/email-links/unsubscribe/{linkToken}', path(token))),
    onSuccess: (done) => queryClient.setQueryData(linkKeys.unsubscribe(token), done),
  });
}
