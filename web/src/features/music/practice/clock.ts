/** formatClock writes a time in the recording as m:ss (h:mm:ss from an hour); unknown is 0:00. */
export function formatClock(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** formatRate writes a speed as the player shows it: "75 %". */
export function formatRate(rate: number): string {
  return `${Math.round(rate * 100)} %`;
}
