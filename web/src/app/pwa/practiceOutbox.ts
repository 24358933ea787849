// Practice played without a signal (issue 31): a report that meets no network
// is kept on the device and sent when the signal returns — at the browser's
// 'online', whenever the app comes back into view, and when the signed-in app
// starts (as the calendar's outbox does for answers). Reports are cumulative
// per session, so only the last one of each session is kept, and sending it
// twice does no harm. In localStorage; sign-out forgets them
// (forgetUnsentPractice), so they never go out under another user's session.
// In app/, not the music feature: the shell runs it from the start, without
// loading any of the music library's code.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';

type PracticeReport = components['schemas']['PracticeReport'];

export interface UnsentReport {
  choirId: string;
  musicId: string;
  report: PracticeReport;
}

const KEY = 'cantica.practiceOutbox';
/** At most this many sessions wait; the oldest goes first past it. */
const MAX_WAITING = 50;

export function unsentReports(): UnsentReport[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as UnsentReport[]) : [];
  } catch {
    return [];
  }
}

function save(list: UnsentReport[]) {
  try {
    if (list.length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(list.slice(-MAX_WAITING)));
  } catch {
    // Storage unavailable: the practice of this session is not counted.
  }
}

const sameSession = (a: UnsentReport, sessionId: string) => a.report.sessionId === sessionId;

/** keepUnsentReport keeps a session's latest report, replacing the one it had. */
export function keepUnsentReport(unsent: UnsentReport) {
  save([...unsentReports().filter((a) => !sameSession(a, unsent.report.sessionId)), unsent]);
}

/** dropUnsentReport forgets a session's waiting report (a later one of it was sent). */
export function dropUnsentReport(sessionId: string) {
  if (unsentReports().some((a) => sameSession(a, sessionId))) save(unsentReports().filter((a) => !sameSession(a, sessionId)));
}

/** forgetUnsentPractice empties the outbox (sign-out). */
export function forgetUnsentPractice() {
  save([]);
}

/** isNoNetwork says whether a request failed for want of a network (fetch's TypeError), not by the server's answer. */
export const isNoNetwork = (err: unknown) => err instanceof TypeError;

/** postReport sends one report; throws a TypeError without a network, an HttpError when refused. */
export async function postReport({ choirId, musicId, report }: UnsentReport): Promise<void> {
  const { error, response } = await api.POST('/choirs/{choirId}/music/{musicId}/practice/reports', {
    params: { path: { choirId, musicId } },
    body: report,
    keepalive: true,
  });
  if (error !== undefined) unwrap({ error, response });
}

let sending: Promise<number> | null = null;

/**
 * sendUnsentPractice sends each waiting report once; one the server refuses
 * (the piece is gone, the day too old) is dropped, one that meets no network
 * waits for the next try. Resolves to how many were sent.
 */
export function sendUnsentPractice(): Promise<number> {
  sending ??= (async () => {
    let sent = 0;
    for (const unsent of unsentReports()) {
      try {
        await postReport(unsent);
        sent += 1;
      } catch (err) {
        if (isNoNetwork(err)) break;
      }
      // Sent or refused: no longer waiting, unless a later report of the session replaced it meanwhile.
      save(unsentReports().filter((a) => JSON.stringify(a) !== JSON.stringify(unsent)));
    }
    return sent;
  })().finally(() => {
    sending = null;
  });
  return sending;
}

/**
 * usePracticeOutbox sends the waiting practice while a user is signed in: at
 * once, at the browser's 'online' and when the app comes back into view.
 */
export function usePracticeOutbox(signedIn: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn) return;
    const send = () => {
      if (unsentReports().length === 0 || document.visibilityState === 'hidden') return;
      const choirs = new Set(unsentReports().map((a) => a.choirId));
      void sendUnsentPractice().then((sent) => {
        // The singer's practice figures shown are read again.
        if (sent > 0) for (const choirId of choirs) void queryClient.invalidateQueries({ queryKey: ['choirs', choirId, 'practice'] });
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
