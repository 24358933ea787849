// Where the planning pages live, so the event panel, the redirect and the
// pages link to them alike.

/** planMusicPath opens planning for a date (the device redirect picks the page), with an event preselected. */
export function planMusicPath(date: string, eventId?: string | null): string {
  const path = `/dashboard/calendar/plan-music/${encodeURIComponent(date)}`;
  return eventId ? `${path}?event=${encodeURIComponent(eventId)}` : path;
}

/** practisePath opens a piece in practice mode. */
export function practisePath(musicId: string): string {
  return `/dashboard/music/${encodeURIComponent(musicId)}?practice=true`;
}

export const MUSIC_USAGE_PATH = '/dashboard/calendar/music-usage';
