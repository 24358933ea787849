import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoopEngine } from './loopEngine';
import type { Transport, TransportEvent } from './transport';

/** A transport whose time the test moves by hand. */
function fakeTransport(): Transport & { at(t: number): void } {
  const listeners = new Set<(e: TransportEvent) => void>();
  const emit = (e: TransportEvent) => listeners.forEach((l) => l(e));
  let time = 0;
  let playing = false;
  let rate = 1;
  return {
    duration: 60,
    currentTime: () => time,
    isPlaying: () => playing,
    play: async () => {
      playing = true;
      emit({ type: 'play', time });
    },
    pause: () => {
      playing = false;
      emit({ type: 'pause', time });
    },
    seek: (to) => {
      const from = time;
      time = to;
      emit({ type: 'seek', from, to });
    },
    setRate: (r) => {
      rate = r;
      emit({ type: 'ratechange', time });
    },
    rate: () => rate,
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    dispose: () => listeners.clear(),
    at(t: number) {
      time = t;
      emit({ type: 'timeupdate', time });
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('LoopEngine', () => {
  it('plays the loop faster as the learn ramp says, pass after pass, up to full speed', async () => {
    const transport = fakeTransport();
    const engine = new LoopEngine(transport);
    engine.setRamp({ start: 0.7, step: 0.1, every: 1 });
    expect(transport.rate()).toBe(0.7);
    engine.setLoop({ a: 10, b: 20 });
    await transport.play();
    const wraps = vi.fn();
    engine.onWrap(wraps);
    const speeds: number[] = [];
    for (let pass = 0; pass < 5; pass++) {
      transport.at(20);
      expect(transport.currentTime()).toBe(10);
      speeds.push(transport.rate());
    }
    expect(speeds).toEqual([0.8, 0.9, 1, 1, 1]);
    expect(wraps).toHaveBeenCalledTimes(5);
    expect(engine.getState().passes).toBe(5);
    engine.dispose();
  });

  it('counts in before each pass: pauses at A, clicks, then plays on', async () => {
    vi.useFakeTimers();
    const clicks: number[] = [];
    class FakeAudioContext {
      currentTime = 0;
      destination = {};
      createOscillator() {
        return { frequency: { value: 0 }, connect: (g: unknown) => g, start: (t: number) => clicks.push(t), stop() {} };
      }
      createGain() {
        return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (d: unknown) => d };
      }
      close() {
        return Promise.resolve();
      }
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const transport = fakeTransport();
    const engine = new LoopEngine(transport);
    engine.setCountIn({ beats: 4, bpm: 120 });
    engine.setLoop({ a: 10, b: 20 });
    await transport.play();
    transport.at(20);
    expect(transport.currentTime()).toBe(10);
    expect(transport.isPlaying()).toBe(false);
    expect(engine.getState().counting).toBe(true);
    expect(clicks.map((t) => Math.round(t * 100) / 100)).toEqual([0.05, 0.55, 1.05, 1.55]);
    vi.advanceTimersByTime(2000);
    expect(transport.isPlaying()).toBe(false);
    vi.advanceTimersByTime(100);
    expect(transport.isPlaying()).toBe(true);
    expect(engine.getState().counting).toBe(false);
    expect(clicks).toHaveLength(4);

    // Play pressed at A counts in too; pressed again during the clicks, it starts at once.
    transport.pause();
    transport.seek(10);
    await transport.play();
    expect(transport.isPlaying()).toBe(false);
    expect(clicks).toHaveLength(8);
    await transport.play();
    expect(transport.isPlaying()).toBe(true);
    expect(engine.getState().counting).toBe(false);
    vi.advanceTimersByTime(5000);
    expect(clicks).toHaveLength(8);
    // Resumed in the middle of the loop, it just plays.
    transport.pause();
    transport.seek(15);
    await transport.play();
    expect(transport.isPlaying()).toBe(true);
    expect(clicks).toHaveLength(8);
    engine.dispose();
  });

  it('does nothing at B while paused, nor without a whole loop', async () => {
    const transport = fakeTransport();
    const engine = new LoopEngine(transport);
    engine.setLoop({ a: 10, b: 20 });
    transport.at(25);
    expect(transport.currentTime()).toBe(25);
    engine.clear();
    await transport.play();
    transport.at(30);
    expect(transport.currentTime()).toBe(30);
    engine.dispose();
  });
});
