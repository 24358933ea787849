// The A–B loop as plain values, so that the rules are tested without audio.

export interface Loop {
  a: number | null; // seconds
  b: number | null; // seconds
}

export const NO_LOOP: Loop = { a: null, b: null };

/** Shortest loop kept: a B at or before A would loop on nothing. */
export const MIN_LOOP_SECONDS = 0.2;

/** An active loop has both ends, B after A. */
export function isActive(loop: Loop): loop is { a: number; b: number } {
  return loop.a !== null && loop.b !== null && loop.b - loop.a >= MIN_LOOP_SECONDS;
}

/** Setting A past B starts a new loop from A (B is dropped). */
export function setA(loop: Loop, t: number): Loop {
  const a = Math.max(0, t);
  return loop.b !== null && loop.b - a >= MIN_LOOP_SECONDS ? { a, b: loop.b } : { a, b: null };
}

/** Setting B before A (or with no A) loops from the start to B. */
export function setB(loop: Loop, t: number): Loop {
  const a = loop.a ?? 0;
  if (t - a < MIN_LOOP_SECONDS) return loop.a === null ? { a: null, b: null } : loop;
  return { a, b: t };
}

/** A loop from a drag on the waveform, whichever way the drag went. */
export function fromRange(start: number, end: number): Loop {
  const a = Math.max(0, Math.min(start, end));
  const b = Math.max(start, end);
  return b - a >= MIN_LOOP_SECONDS ? { a, b } : NO_LOOP;
}

/**
 * wrapTarget says where to jump when playback is at time t: A once B is
 * reached, otherwise null (keep playing). Before A nothing happens, so a
 * singer may start a little earlier to find the note.
 */
export function wrapTarget(loop: Loop, t: number): number | null {
  if (!isActive(loop)) return null;
  return t >= loop.b ? loop.a : null;
}
