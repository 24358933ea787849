// Practice played without a signal (issue 31): a report that meets no network
// is kept on the device and sent when the signal returns (deviceOutbox.ts says
// when and how). Reports are cumulative per session, so only the last one of
// each session is kept, and sending it twice does no harm. Sign-out forgets
// them (forgetUnsentPractice). In app/, not the music feature: the shell runs
// it from the start, without loading any of the music library's code.
import { useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';
import { deviceOutbox, useOutboxSender } from './deviceOutbox';

export { isNoNetwork } from './deviceOutbox';

type PracticeReport = components['schemas']['PracticeReport'];

export interface UnsentReport {
  choirId: string;
  musicId: string;
  report: PracticeReport;
}

/** postReport sends one report; throws a TypeError without a network, an HttpError when refused. */
export async function postReport({ choirId, musicId, report }: UnsentReport): Promise<void> {
  const { error, response } = await api.POST('/choirs/{choirId}/music/{musicId}/practice/reports', {
    params: { path: { choirId, musicId } },
    body: report,
    keepalive: true,
  });
  if (error !== undefined) unwrap({ error, response });
}

const outbox = deviceOutbox<UnsentReport>({
  key: 'cantica.practiceOutbox',
  idOf: (unsent) => unsent.report.sessionId,
  deliver: postReport,
  // At most this many sessions wait; the oldest goes first past it.
  max: 50,
});

export const unsentReports = outbox.items;

/** keepUnsentReport keeps a session's latest report, replacing the one it had. */
export const keepUnsentReport = outbox.keep;

/** dropUnsentReport forgets a session's waiting report (a later one of it was sent). */
export const dropUnsentReport = outbox.drop;

/** forgetUnsentPractice empties the outbox (sign-out). */
export const forgetUnsentPractice = outbox.forget;

/** sendUnsentPractice sends each waiting report once; one the server refuses (the piece is gone, the day too old) is dropped. */
export const sendUnsentPractice = outbox.send;

/** usePracticeOutbox sends the waiting practice while a user is signed in; the practice figures shown are then read again. */
export function usePracticeOutbox(signedIn: boolean) {
  const queryClient = useQueryClient();
  useOutboxSender(outbox, signedIn, (sent) => {
    for (const choirId of new Set(sent.map((a) => a.choirId)))
      void queryClient.invalidateQueries({ queryKey: ['choirs', choirId, 'practice'] });
  });
}
