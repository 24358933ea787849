import type { QueryClient } from '@tanstack/react-query';
import { choirDetailsQuery } from '../../app/choir';
import type { Can } from '../../app/permissions';
import { warmYourPractice } from '../music';
import { warmWeek } from './weekApi';

/**
 * warmDashboard asks for what the dashboard shows first — the choir, the
 * week and the singer's practice — as the queries the page's components
 * use, so that they find the answers waiting and the page renders once with
 * them rather than once for each answer. Returns what it asked, to wait for.
 */
export function warmDashboard(queryClient: QueryClient, choirId: string, can: Can): Promise<unknown>[] {
  return [
    queryClient.prefetchQuery(choirDetailsQuery(choirId)),
    can('view:calendar') && warmWeek(queryClient, choirId),
    can('view:music') && warmYourPractice(queryClient, choirId),
  ].filter((asked) => asked !== false);
}
