// The A–B loop, learn ramp and count-in running against a Transport. One
// engine per transport, so LoopControls, the Waveform and the tracker share
// the same loop without the studio passing it around.
import { useSyncExternalStore } from 'react';
import { rampRate, type LearnRamp } from './learnRamp';
import { isActive, NO_LOOP, setA, setB, wrapTarget, type Loop } from './loop';
import type { Transport } from './transport';

export interface CountIn {
  beats: number;
  bpm: number;
}

export interface LoopState {
  loop: Loop;
  ramp: LearnRamp | null;
  countIn: CountIn | null;
  passes: number; // completed A→B passes since the loop was set
  counting: boolean; // count-in clicks sounding
}

export class LoopEngine {
  private state: LoopState = { loop: NO_LOOP, ramp: null, countIn: null, passes: 0, counting: false };
  private readonly listeners = new Set<() => void>();
  private readonly wrapListeners = new Set<() => void>();
  private frame = 0;
  private resume: ReturnType<typeof setTimeout> | undefined;
  private audio: AudioContext | null = null;

  constructor(private readonly transport: Transport) {
    transport.subscribe((event) => {
      if (event.type === 'play') {
        // Pressing play during the count-in starts at once.
        this.stopCountIn();
        this.watch();
      }
      // The screen may be locked, with no animation frames: time updates
      // still come, so the loop still holds, if less tightly.
      if (event.type === 'timeupdate') this.check();
    });
  }

  getState = () => this.state;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** onWrap tells of each A→B pass (the tracker counts them). */
  onWrap(listener: () => void) {
    this.wrapListeners.add(listener);
    return () => {
      this.wrapListeners.delete(listener);
    };
  }

  setLoop(loop: Loop) {
    this.update({ loop, passes: 0 });
    if (this.state.ramp && isActive(loop)) this.transport.setRate(rampRate(this.state.ramp, 0));
  }

  setA() {
    this.setLoop(setA(this.state.loop, this.transport.currentTime()));
  }

  setB() {
    this.setLoop(setB(this.state.loop, this.transport.currentTime()));
  }

  clear() {
    this.setLoop(NO_LOOP);
  }

  setRamp(ramp: LearnRamp | null) {
    this.update({ ramp, passes: 0 });
    if (ramp) this.transport.setRate(rampRate(ramp, 0));
  }

  setCountIn(countIn: CountIn | null) {
    // Made here, on the user's click: browsers start an AudioContext only then.
    if (countIn && !this.audio && typeof AudioContext !== 'undefined') this.audio = new AudioContext();
    this.update({ countIn });
  }

  dispose() {
    cancelAnimationFrame(this.frame);
    this.stopCountIn();
    void this.audio?.close();
    this.listeners.clear();
    this.wrapListeners.clear();
  }

  /** check jumps back to A once B is reached; called every frame while playing. */
  check() {
    if (!this.transport.isPlaying()) return;
    const to = wrapTarget(this.state.loop, this.transport.currentTime());
    if (to === null) return;
    this.transport.seek(to);
    const passes = this.state.passes + 1;
    this.update({ passes });
    this.wrapListeners.forEach((l) => l());
    if (this.state.ramp) this.transport.setRate(rampRate(this.state.ramp, passes));
    if (this.state.countIn) this.countIn(this.state.countIn);
  }

  private watch() {
    cancelAnimationFrame(this.frame);
    const tick = () => {
      if (!this.transport.isPlaying()) return;
      this.check();
      this.frame = requestAnimationFrame(tick);
    };
    this.frame = requestAnimationFrame(tick);
  }

  private countIn({ beats, bpm }: CountIn) {
    const ctx = this.audio;
    if (!ctx) return;
    this.transport.pause();
    const beat = 60 / bpm;
    const start = ctx.currentTime + 0.05;
    for (let i = 0; i < beats; i++) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = i === 0 ? 1500 : 1000;
      gain.gain.setValueAtTime(0.5, start + i * beat);
      gain.gain.exponentialRampToValueAtTime(0.001, start + i * beat + 0.05);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start + i * beat);
      osc.stop(start + i * beat + 0.06);
    }
    this.update({ counting: true });
    this.resume = setTimeout(() => {
      this.update({ counting: false });
      void this.transport.play();
    }, (0.05 + beats * beat) * 1000);
  }

  private stopCountIn() {
    clearTimeout(this.resume);
    if (this.state.counting) this.update({ counting: false });
  }

  private update(change: Partial<LoopState>) {
    this.state = { ...this.state, ...change };
    this.listeners.forEach((l) => l());
  }
}

const engines = new WeakMap<Transport, LoopEngine>();

/** loopEngine is the transport's one loop engine. */
export function loopEngine(transport: Transport): LoopEngine {
  let engine = engines.get(transport);
  if (!engine) {
    engine = new LoopEngine(transport);
    engines.set(transport, engine);
  }
  return engine;
}

/** useLoop is the loop of a transport, re-rendering when it changes. */
export function useLoop(transport: Transport): [LoopState, LoopEngine] {
  const engine = loopEngine(transport);
  return [useSyncExternalStore(engine.subscribe, engine.getState), engine];
}
