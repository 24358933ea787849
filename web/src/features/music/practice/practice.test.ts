import { describe, expect, it } from 'vitest';
import { rampRate, rampSequence } from './learnRamp';
import { fromRange, isActive, NO_LOOP, setA, setB, wrapTarget } from './loop';
import { localDay, PracticeTracker } from './tracker';
import { clampRate } from './transport';

function fakeClock() {
  let ms = 1_000_000;
  return { now: () => ms, advance: (seconds: number) => (ms += seconds * 1000) };
}

describe('PracticeTracker', () => {
  it('counts the seconds actually played: pauses, seeks, loops and speed changes counted right', () => {
    const clock = fakeClock();
    const tracker = new PracticeTracker(clock.now);
    tracker.handle({ type: 'play', time: 0 });
    clock.advance(10); // played 10 s
    tracker.handle({ type: 'pause', time: 10 });
    clock.advance(5); // paused: nothing
    tracker.handle({ type: 'seek', from: 10, to: 2 }); // back while paused
    tracker.handle({ type: 'play', time: 2 });
    clock.advance(4); // 14 s
    tracker.handle({ type: 'seek', from: 6, to: 1 }); // back while playing
    clock.advance(3); // 17 s
    // A loop over 20 s … 24 s, three times: 4 s each, the jumps take no time.
    tracker.handle({ type: 'seek', from: 4, to: 20 });
    for (let pass = 0; pass < 3; pass++) {
      clock.advance(4);
      tracker.handle({ type: 'seek', from: 24, to: 20 });
      tracker.loop();
    } // 29 s
    // Half speed for 6 real seconds is 6 seconds of practice (3 s of recording).
    tracker.setSpeed(0.5);
    tracker.handle({ type: 'ratechange', time: 20 });
    clock.advance(6); // 35 s
    tracker.handle({ type: 'timeupdate', time: 23 });
    expect(tracker.figures()).toEqual({ playedSeconds: 35, loops: 3, position: 23, speed: 0.5 });
    tracker.handle({ type: 'ended', time: 60 });
    clock.advance(100);
    expect(tracker.figures()).toEqual({ playedSeconds: 35, loops: 3, position: 60, speed: 0.5 });
  });

  it('counts nothing while the music waits for data, at any speed', () => {
    const clock = fakeClock();
    const tracker = new PracticeTracker(clock.now);
    tracker.setSpeed(0.5);
    tracker.handle({ type: 'play', time: 0 });
    clock.advance(8); // buffering before the first sound: the position stays
    tracker.handle({ type: 'timeupdate', time: 0 });
    clock.advance(4); // 4 s at half speed: 2 s of the recording
    tracker.handle({ type: 'timeupdate', time: 2 });
    clock.advance(30); // stalled mid-way, then 1 s more of music
    tracker.handle({ type: 'timeupdate', time: 2 });
    clock.advance(2);
    tracker.handle({ type: 'timeupdate', time: 3 });
    expect(tracker.figures().playedSeconds).toBe(6);
    clock.advance(10); // stalled again until the singer gives up
    tracker.handle({ type: 'pause', time: 3 });
    expect(tracker.figures()).toEqual({ playedSeconds: 6, loops: 0, position: 3, speed: 0.5 });
  });

  it('counts a second play event while playing once', () => {
    const clock = fakeClock();
    const tracker = new PracticeTracker(clock.now);
    tracker.handle({ type: 'play', time: 0 });
    clock.advance(2);
    tracker.handle({ type: 'play', time: 2 });
    clock.advance(2);
    tracker.handle({ type: 'pause', time: 4 });
    tracker.handle({ type: 'pause', time: 4 });
    expect(tracker.figures().playedSeconds).toBe(4);
  });

  it('reports the singer’s local day', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('learn ramp', () => {
  it('starts at the chosen speed and adds a step every N passes up to 100 %', () => {
    expect(rampSequence({ start: 0.7, step: 0.05, every: 2 }, 16)).toEqual([
      0.7, 0.7, 0.75, 0.75, 0.8, 0.8, 0.85, 0.85, 0.9, 0.9, 0.95, 0.95, 1, 1, 1, 1,
    ]);
    expect(rampSequence({ start: 0.5, step: 0.1, every: 1 }, 7)).toEqual([0.5, 0.6, 0.7, 0.8, 0.9, 1, 1]);
  });

  it('never goes above full speed nor treats N below one as no steps', () => {
    expect(rampRate({ start: 1.2, step: 0.05, every: 1 }, 0)).toBe(1);
    expect(rampRate({ start: 0.7, step: 0.05, every: 0 }, 2)).toBe(0.8);
  });
});

describe('A–B loop', () => {
  it('jumps back to A once B is reached, and not before', () => {
    const loop = setB(setA(NO_LOOP, 12), 20);
    expect(loop).toEqual({ a: 12, b: 20 });
    expect(wrapTarget(loop, 5)).toBeNull();
    expect(wrapTarget(loop, 19.99)).toBeNull();
    expect(wrapTarget(loop, 20)).toBe(12);
    expect(wrapTarget(loop, 20.04)).toBe(12);
    expect(wrapTarget(NO_LOOP, 20)).toBeNull();
  });

  it('starts from the beginning when only B is set, and drops B when A moves past it', () => {
    expect(setB(NO_LOOP, 8)).toEqual({ a: 0, b: 8 });
    expect(setA({ a: 2, b: 8 }, 9)).toEqual({ a: 9, b: null });
    expect(isActive({ a: 9, b: null })).toBe(false);
    expect(setB({ a: 9, b: null }, 3)).toEqual({ a: 9, b: null });
  });

  it('takes a drag on the waveform either way', () => {
    expect(fromRange(30, 10)).toEqual({ a: 10, b: 30 });
    expect(fromRange(10, 10.05)).toEqual(NO_LOOP);
  });
});

describe('clampRate', () => {
  it('keeps speeds within 50–150 % on the 5 % steps', () => {
    expect(clampRate(0.2)).toBe(0.5);
    expect(clampRate(1.9)).toBe(1.5);
    expect(clampRate(0.76)).toBe(0.75);
  });
});
