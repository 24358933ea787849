import type { QueryClient } from '@tanstack/react-query';
import { choirDetailsQuery } from '../../app/choir';
import type { Can } from '../../app/permissions';
import { unreadAnnouncementsQuery } from '../announcements';
import { warmYourPractice } from '../music';
import { myStandingQuery, policiesQuery } from '../policies';
import { warmWeek } from './weekApi';

/**
 * warmDashboard asks for what the dashboard shows first — the choir, the
 * week, the singer's practice and the notices (unread announcements,
 * policies, attendance) — as the queries the page's components use, so that
 * they find the answers waiting and the page renders once with them rather
 * than once for each answer, and its notices are not asked for only after
 * it has rendered, a round trip later. Returns what it asked, to wait for.
 */
export function warmDashboard(queryClient: QueryClient, choirId: string, can: Can): Promise<unknown>[] {
  return [
    queryClient.prefetchQuery(choirDetailsQuery(choirId)),
    can('view:calendar') && warmWeek(queryClient, choirId),
    can('view:music') && warmYourPractice(queryClient, choirId),
    queryClient.prefetchQuery(unreadAnnouncementsQuery(choirId)),
    queryClient.prefetchQuery(policiesQuery(choirId)),
    queryClient.prefetchQuery(myStandingQuery(choirId)),
  ].filter((asked) => asked !== false);
}
