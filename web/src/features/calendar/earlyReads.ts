// The calendar's first reads, for the entry's early reads (app/earlyReads.ts):
// what warm.ts asks for, as API paths. No React and no query library here.
import type { Can } from '../../app/permissions';
import { phoneNow } from '../../components/phone';
import { prewarmRange } from './range';

export function calendarReads(choirId: string, can: Can): string[] {
  const choir = `/choirs/${choirId}`;
  const paths = ['/account/calendar-preferences'];
  if (can('edit:calendar')) paths.push(choir);
  if (phoneNow()) {
    // The agenda's range: the pre-warm's (agenda.ts's agendaRange).
    const { startDate, endDate } = prewarmRange(new Date());
    const range = `startDate=${startDate}&endDate=${endDate}`;
    paths.push(`${choir}/events?${range}`, `${choir}/rsvps?${range}`);
  }
  return paths;
}
