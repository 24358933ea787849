// Markers link a time in the recording to a page (and optionally a bar) of
// the score: the director sets them once; the score follows the music and a
// singer jumps to "bar 45" with them.

export interface Marker {
  /** Seconds into the recording. */
  time: number;
  /** Page of the score, from 1. */
  page: number;
  /** Bar number on that page, when the director gave one. */
  bar?: number | null;
}

/** sortMarkers orders markers by time (a copy). */
export function sortMarkers<M extends Marker>(markers: readonly M[]): M[] {
  return [...markers].sort((a, b) => a.time - b.time);
}

/**
 * markerAt is the marker in force at time t: the one with the greatest time
 * not after t. Before the first marker there is none (the score stays where
 * the singer put it).
 */
export function markerAt<M extends Marker>(markers: readonly M[], t: number): M | null {
  let found: M | null = null;
  for (const m of markers) {
    if (m.time <= t && (!found || m.time >= found.time)) found = m;
  }
  return found;
}

/** pageAt is the score page for time t, or null before the first marker. */
export function pageAt(markers: readonly Marker[], t: number): number | null {
  return markerAt(markers, t)?.page ?? null;
}

/**
 * timeOfBar is where bar n starts in the recording: the marker of that bar,
 * or else between the two barred markers around it, in proportion (bars of
 * one tempo take the same time). Before the first barred marker it is that
 * marker's time, after the last one the last one's; null when no marker has
 * a bar.
 */
export function timeOfBar(markers: readonly Marker[], bar: number): number | null {
  const barred = sortMarkers(markers.filter((m): m is Marker & { bar: number } => m.bar != null)).sort(
    (a, b) => a.bar - b.bar || a.time - b.time,
  );
  if (barred.length === 0) return null;
  const exact = barred.find((m) => m.bar === bar);
  if (exact) return exact.time;
  if (bar < barred[0].bar) return barred[0].time;
  for (let i = 0; i < barred.length - 1; i++) {
    const a = barred[i];
    const b = barred[i + 1];
    if (bar > a.bar && bar < b.bar) return a.time + ((bar - a.bar) / (b.bar - a.bar)) * (b.time - a.time);
  }
  return barred[barred.length - 1].time;
}

/** formatTime: '1:05', '12:00', '1:02:03'. */
export function formatTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
