// Bounded decoding for the part mixer. Decoded audio is large: six
// five-minute parts as stereo float at 44.1 kHz are 635 MB, even mono 317 MB.
// The mixer keeps each part mono at MIXER_SAMPLE_RATE (22.05 kHz: plenty for
// rehearsal listening, half the memory) and, when a whole piece would still
// exceed MEMORY_BUDGET_BYTES, keeps only the window being played and the
// next one, re-decoding a window from the (small, compressed) file bytes
// when playback reaches it.

export const MIXER_SAMPLE_RATE = 22_050;
/** What the mixer's decoded copies may take in all. */
export const MEMORY_BUDGET_BYTES = 96 * 1024 * 1024;
export const WINDOW_SECONDS = 60;
const BYTES_PER_SAMPLE = 4; // Float32

export interface DecodePlan {
  /** false: every part is kept whole. */
  windowed: boolean;
  /** The length of a window in seconds; the whole piece when not windowed. */
  windowSeconds: number;
  duration: number;
}

export interface DecodeWindow {
  index: number;
  start: number;
  end: number;
}

/** decodedBytes is the memory of `parts` mono copies of `seconds` of audio. */
export function decodedBytes(seconds: number, parts: number, sampleRate = MIXER_SAMPLE_RATE): number {
  return Math.ceil(seconds * sampleRate) * BYTES_PER_SAMPLE * parts;
}

/**
 * planDecoding keeps the parts whole when they fit the budget, and otherwise
 * cuts the piece into windows so small that two of them (the one playing
 * and the next, prepared ahead) fit.
 */
export function planDecoding(
  duration: number,
  parts: number,
  { budgetBytes = MEMORY_BUDGET_BYTES, windowSeconds = WINDOW_SECONDS, sampleRate = MIXER_SAMPLE_RATE } = {},
): DecodePlan {
  if (decodedBytes(duration, parts, sampleRate) <= budgetBytes) {
    return { windowed: false, windowSeconds: duration, duration };
  }
  const fitting = Math.floor(budgetBytes / (2 * parts * sampleRate * BYTES_PER_SAMPLE));
  return { windowed: true, windowSeconds: Math.max(1, Math.min(windowSeconds, fitting)), duration };
}

/** windowAt is the window that holds second t (clamped into the piece). */
export function windowAt(plan: DecodePlan, t: number): DecodeWindow {
  const count = windowCount(plan);
  const index = Math.min(count - 1, Math.max(0, Math.floor(t / plan.windowSeconds)));
  return windowByIndex(plan, index);
}

export function windowCount(plan: DecodePlan): number {
  return Math.max(1, Math.ceil(plan.duration / plan.windowSeconds));
}

export function windowByIndex(plan: DecodePlan, index: number): DecodeWindow {
  const start = index * plan.windowSeconds;
  return { index, start, end: Math.min(plan.duration, start + plan.windowSeconds) };
}

/** nextWindow is the window after w, or null at the end of the piece. */
export function nextWindow(plan: DecodePlan, w: DecodeWindow): DecodeWindow | null {
  return w.index + 1 < windowCount(plan) ? windowByIndex(plan, w.index + 1) : null;
}

/**
 * downmix averages a decoded buffer's channels into one, over the samples
 * [from, to): the mixer pans each part itself, so a part's own stereo image
 * is not kept.
 */
export function downmix(
  channels: readonly Float32Array[],
  from = 0,
  to = channels[0]?.length ?? 0,
): Float32Array<ArrayBuffer> {
  const out = new Float32Array(Math.max(0, to - from));
  if (channels.length === 0) return out;
  for (const ch of channels) {
    for (let i = 0; i < out.length; i++) out[i] += ch[from + i];
  }
  if (channels.length > 1) for (let i = 0; i < out.length; i++) out[i] /= channels.length;
  return out;
}
