// The "learn" ramp: a loop starts slow and speeds up by a step every few
// passes until it is at full speed.

export interface LearnRamp {
  start: number; // rate, e.g. 0.7
  step: number; // rate added, e.g. 0.05
  every: number; // passes between steps, ≥ 1
}

export const DEFAULT_RAMP: LearnRamp = { start: 0.7, step: 0.05, every: 2 };

/** rampRate is the speed of pass number `pass` (0 for the first pass). */
export function rampRate(ramp: LearnRamp, pass: number): number {
  const every = Math.max(1, Math.floor(ramp.every));
  const steps = Math.floor(Math.max(0, pass) / every);
  // Rounded to the 5 % grid so float sums (0.7 + 0.05 + …) land on it.
  const rate = Math.round((ramp.start + steps * ramp.step) * 100) / 100;
  return Math.min(1, Math.max(0.5, rate));
}

/** rampSequence lists the speeds of the first n passes. */
export function rampSequence(ramp: LearnRamp, n: number): number[] {
  return Array.from({ length: n }, (_, pass) => rampRate(ramp, pass));
}
