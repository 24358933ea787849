import type { QueryClient } from '@tanstack/react-query';
import { choirDetailsQuery } from '../../app/choir';
import type { Can } from '../../app/permissions';
import { agendaRange } from './agenda';
import { preloadEvents } from './api';
import { myAnswersQuery } from './attendanceApi';
import { initialView } from './CalendarPage';
import { calendarPreferencesQuery } from './preferences';

/**
 * warmCalendar asks for what the calendar shows first, as the queries its
 * components use: the caller's preferences, the choir's details for an
 * administrator and, on a phone, the agenda's events and the caller's
 * answers (FullCalendar's month asks for its own range once it has loaded).
 * Returns what it asked, to wait for.
 */
export function warmCalendar(queryClient: QueryClient, choirId: string, can: Can): Promise<unknown>[] {
  const asked: Promise<unknown>[] = [queryClient.prefetchQuery(calendarPreferencesQuery)];
  if (can('edit:calendar')) asked.push(queryClient.prefetchQuery(choirDetailsQuery(choirId)));
  if (initialView() === 'list') {
    const range = agendaRange(new Date());
    asked.push(preloadEvents(queryClient, choirId, range), queryClient.prefetchQuery(myAnswersQuery(choirId, range)));
  }
  return asked;
}
