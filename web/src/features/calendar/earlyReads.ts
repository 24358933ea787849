// The calendar's first reads, for the entry's early reads (app/earlyReads.ts):
// what warm.ts asks for, as API paths. No React and no query library here.
import type { Can } from '../../app/permissions';
import { prewarmRange } from './range';

/** The specification's mobile breakpoint (§9): under 768 px a phone's views are shown. */
export const MOBILE_QUERY = '(max-width: 767px)';

export function calendarReads(choirId: string, can: Can): string[] {
  const choir = `/choirs/${choirId}`;
  const paths = ['/account/calendar-preferences'];
  if (can('edit:calendar')) paths.push(choir);
  if (window.matchMedia?.(MOBILE_QUERY).matches) {
    // The agenda's range: the pre-warm's (agenda.ts's agendaRange).
    const { startDate, endDate } = prewarmRange(new Date());
    const range = `startDate=${startDate}&endDate=${endDate}`;
    paths.push(`${choir}/events?${range}`, `${choir}/rsvps?${range}`);
  }
  return paths;
}
