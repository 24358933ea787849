// The dashboard's first reads, for the entry's early reads (app/earlyReads.ts):
// what warm.ts asks for, as API paths. No React and no query library here.
import type { Can } from '../../app/permissions';

export function dashboardReads(choirId: string, can: Can): string[] {
  const choir = `/choirs/${choirId}`;
  return [
    choir,
    ...(can('view:calendar') ? [`${choir}/week`] : []),
    ...(can('view:music') ? [`${choir}/practice/me`] : []),
    `${choir}/announcements/unread`,
    `${choir}/policies`,
    `${choir}/attendance-standing/me`,
  ];
}
