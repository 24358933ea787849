import { describe, expect, it } from 'vitest';
import { decodedBytes, downmix, MEMORY_BUDGET_BYTES, nextWindow, planDecoding, windowAt, windowCount } from './windows';

describe('planDecoding', () => {
  it('keeps a short piece whole', () => {
    const plan = planDecoding(180, 4);
    expect(plan).toEqual({ windowed: false, windowSeconds: 180, duration: 180 });
    expect(windowCount(plan)).toBe(1);
  });

  it('windows six five-minute parts so that two windows stay within the budget', () => {
    expect(decodedBytes(300, 6)).toBeGreaterThan(MEMORY_BUDGET_BYTES);
    const plan = planDecoding(300, 6);
    expect(plan.windowed).toBe(true);
    expect(plan.windowSeconds).toBe(60);
    expect(2 * decodedBytes(plan.windowSeconds, 6)).toBeLessThanOrEqual(MEMORY_BUDGET_BYTES);
    expect(windowCount(plan)).toBe(5);
  });

  it('shortens the windows when many parts would not fit two of them', () => {
    const plan = planDecoding(600, 24);
    expect(plan.windowSeconds).toBeLessThan(60);
    expect(2 * decodedBytes(plan.windowSeconds, 24)).toBeLessThanOrEqual(MEMORY_BUDGET_BYTES);
  });
});

describe('windows', () => {
  // A budget for exactly two 60 s windows of one part: 150 s does not fit whole.
  const plan = planDecoding(150, 1, { budgetBytes: decodedBytes(120, 1), windowSeconds: 60 });

  it('finds the window that holds a time, clamped into the piece', () => {
    expect(windowAt(plan, 0)).toEqual({ index: 0, start: 0, end: 60 });
    expect(windowAt(plan, 60)).toEqual({ index: 1, start: 60, end: 120 });
    expect(windowAt(plan, 149.9)).toEqual({ index: 2, start: 120, end: 150 });
    expect(windowAt(plan, 500)).toEqual({ index: 2, start: 120, end: 150 });
    expect(windowAt(plan, -3)).toEqual({ index: 0, start: 0, end: 60 });
  });

  it('steps to the next window until the end', () => {
    expect(nextWindow(plan, windowAt(plan, 10))).toEqual({ index: 1, start: 60, end: 120 });
    expect(nextWindow(plan, windowAt(plan, 130))).toBeNull();
  });
});

describe('downmix', () => {
  it('averages the channels over a range of samples', () => {
    const left = Float32Array.from([1, 0.5, 0, -1]);
    const right = Float32Array.from([0, 0.5, 1, -1]);
    expect(Array.from(downmix([left, right]))).toEqual([0.5, 0.5, 0.5, -1]);
    expect(Array.from(downmix([left, right], 1, 3))).toEqual([0.5, 0.5]);
    expect(Array.from(downmix([left]))).toEqual([1, 0.5, 0, -1]);
  });
});
