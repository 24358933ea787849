import { describe, expect, it } from 'vitest';
import { peaksOf } from './peaks';

describe('peaksOf', () => {
  it('keeps the loudest sample of each stretch, over every channel, either sign', () => {
    const left = new Float32Array([0.1, -0.5, 0.2, 0, 0.3, 0.1]);
    const right = new Float32Array([0, 0.2, -0.9, 0, 0.1, 0.4]);
    expect(Array.from(peaksOf([left, right], 3))).toEqual([0.5, 0.9, 0.4].map(Math.fround));
  });

  it('gives no more points than samples, and none for silence of no length', () => {
    expect(peaksOf([new Float32Array([0.25, -0.75])], 10)).toEqual(new Float32Array([0.25, 0.75]));
    expect(peaksOf([], 10)).toHaveLength(0);
  });
});
