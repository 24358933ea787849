// The part mixer's Transport: ONE Web Audio graph for all parts.
//
//   part i: AudioBufferSourceNode → GainNode (volume/mute/solo) → StereoPannerNode ─┐
//                                                     … all parts summed into one ─┴→ stretch → destination
//
// Every part's source is started at the same AudioContext time with the same
// offset and playbackRate, so the parts are sample-locked by construction:
// one clock, one scheduling decision, never several elements nudged into
// step. The sources play at the chosen speed, which also moves the pitch by
// 12·log2(rate) semitones; the single signalsmith-stretch node (live-input
// mode, loaded by dynamic import when the mixer starts) shifts the summed mix
// back by the same amount, so the speed changes and the pitch stays.
//
// Memory is bounded as windows.ts explains: each part is kept mono at
// 22.05 kHz, whole when the piece fits the budget, otherwise as the window
// being played plus the next one, re-decoded from the compressed bytes.
// The waveform draws the first part's peaks, taken while it is decoded here,
// so that no part is downloaded twice.
import type { StretchNode } from 'signalsmith-stretch';
import { peaksOf } from './peaks';
import { clampRate, type Transport, type TransportEvent, type WaveformSource } from './transport';
import {
  downmix,
  MIXER_SAMPLE_RATE,
  nextWindow,
  planDecoding,
  windowAt,
  windowByIndex,
  type DecodePlan,
  type DecodeWindow,
} from './windows';

/** How far ahead sources are scheduled, so every part starts on the same sample. */
const LEAD_SECONDS = 0.03;
const TICK_MS = 250;

export interface MixerTransport extends Transport {
  /** setGain applies a part's effective gain (see mix.ts effectiveGains). */
  setGain(part: number, gain: number): void;
  /** setPan places a part from −1 (left) to 1 (right). */
  setPan(part: number, pan: number): void;
}

export interface LoadProgress {
  loaded: number;
  total: number;
}

interface Decoded {
  channels: Float32Array[];
  sampleRate: number;
  duration: number;
}

/** decode turns a file's bytes into its channels at the mixer's sample rate. */
async function decode(bytes: ArrayBuffer): Promise<Decoded> {
  // An OfflineAudioContext decodes (and resamples) without touching the
  // output device; its own length is irrelevant for decoding.
  const offline = new OfflineAudioContext(1, 1, MIXER_SAMPLE_RATE);
  // decodeAudioData detaches the buffer it is given; the bytes are kept for
  // re-decoding windows, so it gets a copy.
  const buffer = await offline.decodeAudioData(bytes.slice(0));
  const channels = Array.from({ length: buffer.numberOfChannels }, (_, c) => buffer.getChannelData(c));
  return { channels, sampleRate: buffer.sampleRate, duration: buffer.duration };
}

async function fetchBytes(url: string, signal: AbortSignal): Promise<ArrayBuffer> {
  const response = await fetch(url, { credentials: 'same-origin', signal });
  if (!response.ok) throw new Error(`mixer: fetch part: HTTP ${response.status}`);
  return response.arrayBuffer();
}

/**
 * createMixerTransport fetches every part in parallel, decodes them one at a
 * time (a whole decoded file is the largest transient, so only one exists at
 * once), reports progress as each part is ready, builds the graph and
 * resolves when all parts can be played. Aborting the signal stops loading.
 */
export async function createMixerTransport(
  urls: readonly string[],
  { signal, onProgress }: { signal: AbortSignal; onProgress?: (p: LoadProgress) => void },
): Promise<MixerTransport> {
  const total = urls.length;
  onProgress?.({ loaded: 0, total });
  const fetches = urls.map((url) => fetchBytes(url, signal));
  // Each is awaited below, in order; this only keeps a later failure from
  // being reported as unhandled while an earlier part is still decoding.
  fetches.forEach((f) => f.catch(() => undefined));

  let plan: DecodePlan | null = null;
  let duration = 0;
  // The waveform is the first part's, outlined while it is decoded here anyway.
  let peaks: Float32Array | null = null;
  const first: AudioBuffer[] = [];
  const kept: ArrayBuffer[] = [];
  for (const [i, fetched] of fetches.entries()) {
    const bytes = await fetched;
    signal.throwIfAborted();
    const decoded = await decode(bytes);
    signal.throwIfAborted();
    // The parts of one piece are as long as each other, give or take a
    // breath; the first one decides whether the piece is kept whole.
    plan ??= planDecoding(decoded.duration, total);
    peaks ??= peaksOf(decoded.channels);
    duration = Math.max(duration, decoded.duration);
    const w = plan.windowed ? windowByIndex(plan, 0) : { index: 0, start: 0, end: decoded.duration };
    first.push(toBuffer(decoded, w));
    // Only a windowed piece needs the compressed bytes again.
    if (plan.windowed) kept.push(bytes);
    onProgress?.({ loaded: i + 1, total });
  }
  if (!plan) throw new Error('mixer: no parts to load');
  plan = plan.windowed ? { ...plan, duration } : { windowed: false, windowSeconds: duration, duration };

  const context = new AudioContext();
  const stretch = await loadStretch(context);
  if (signal.aborted) {
    void context.close();
    signal.throwIfAborted();
  }
  return new GraphTransport(context, plan, kept, first, stretch, { peaks: [peaks ?? new Float32Array(0)], duration });
}

/**
 * loadStretch brings in the time-stretcher only now that the mixer starts
 * (a dynamic import, so it is no part of the studio's own JavaScript).
 */
async function loadStretch(context: AudioContext): Promise<StretchNode | null> {
  try {
    const { default: SignalsmithStretch } = await import('signalsmith-stretch');
    const stretch = await SignalsmithStretch(context);
    stretch.connect(context.destination);
    await stretch.start();
    return stretch;
  } catch (err) {
    // Without AudioWorklet the mix still plays; only the pitch follows the speed.
    console.warn('mixer: time-stretch unavailable, pitch will follow speed', err);
    return null;
  }
}

/** toBuffer keeps a window of a decoded part as a mono AudioBuffer. */
function toBuffer(decoded: Decoded, w: DecodeWindow): AudioBuffer {
  const rate = decoded.sampleRate;
  const available = decoded.channels[0]?.length ?? 0;
  const from = Math.min(available, Math.floor(w.start * rate));
  const to = Math.min(available, Math.ceil(w.end * rate));
  const mono = downmix(decoded.channels, from, to);
  // A part shorter than the piece plays silence for the rest of the window.
  const length = Math.max(1, Math.ceil((w.end - w.start) * rate), mono.length);
  const buffer = new AudioBuffer({ numberOfChannels: 1, length, sampleRate: rate });
  buffer.copyToChannel(mono, 0);
  return buffer;
}

class GraphTransport implements MixerTransport {
  readonly duration: number;
  private readonly gains: GainNode[];
  private readonly pans: StereoPannerNode[];
  private readonly listeners = new Set<(event: TransportEvent) => void>();
  /** Decoded windows by index: at most the one playing and the next. */
  private readonly windows: Map<number, AudioBuffer[]>;
  private sources: AudioBufferSourceNode[] = [];
  private playing = false;
  /** A window is being decoded before playback can go on: the position holds still. */
  private loading = false;
  private speed = 1;
  /** Where playback was (paused) or the media time heard at anchorContext. */
  private anchorMedia = 0;
  private anchorContext = 0;
  private latency = 0;
  /** The last window whose sources are scheduled (null when stopped). */
  private scheduled: DecodeWindow | null = null;
  private preparing = false;
  private timer: ReturnType<typeof setInterval> | undefined;
  /** Bumped on every restart so a late window load does not start stale sources. */
  private generation = 0;

  constructor(
    private readonly context: AudioContext,
    private readonly plan: DecodePlan,
    private readonly bytes: ArrayBuffer[],
    first: AudioBuffer[],
    private readonly stretch: StretchNode | null,
    readonly waveform: WaveformSource,
  ) {
    this.duration = plan.duration;
    this.windows = new Map([[0, first]]);
    const parts = first.length;
    const sink: AudioNode = stretch ?? context.destination;
    this.gains = Array.from({ length: parts }, () => context.createGain());
    this.pans = this.gains.map((gain) => {
      const pan = context.createStereoPanner();
      gain.connect(pan).connect(sink);
      return pan;
    });
    void stretch?.latency().then((s) => (this.latency = s));
  }

  currentTime(): number {
    if (!this.playing || this.loading) return this.anchorMedia;
    const heard = this.context.currentTime - this.anchorContext - this.latency;
    return Math.min(this.duration, this.anchorMedia + Math.max(0, heard) * this.speed);
  }

  isPlaying = () => this.playing;
  rate = () => this.speed;

  async play(): Promise<void> {
    if (this.playing) return;
    await this.context.resume();
    if (this.anchorMedia >= this.duration) this.anchorMedia = 0;
    this.playing = true;
    await this.startAt(this.anchorMedia);
    // Paused or disposed while a window was decoding.
    if (!this.playing) return;
    this.timer = setInterval(() => this.tick(), TICK_MS);
    this.emit({ type: 'play', time: this.anchorMedia });
  }

  pause(): void {
    if (!this.playing) return;
    this.anchorMedia = this.currentTime();
    this.halt();
    this.emit({ type: 'pause', time: this.anchorMedia });
  }

  seek(seconds: number): void {
    const from = this.currentTime();
    const to = Math.min(this.duration, Math.max(0, seconds));
    this.anchorMedia = to;
    if (this.playing) void this.startAt(to);
    this.emit({ type: 'seek', from, to });
  }

  setRate(rate: number): void {
    const at = this.currentTime();
    this.speed = clampRate(rate);
    void this.stretch?.schedule({ semitones: -12 * Math.log2(this.speed) });
    // Restarting every source at once keeps the parts locked; changing each
    // source's playbackRate would need the chained next window re-timed too.
    this.anchorMedia = at;
    if (this.playing) void this.startAt(at);
    this.emit({ type: 'ratechange', time: at });
  }

  setGain(part: number, gain: number): void {
    this.gains[part]?.gain.setTargetAtTime(gain, this.context.currentTime, 0.015);
  }

  setPan(part: number, pan: number): void {
    this.pans[part]?.pan.setTargetAtTime(pan, this.context.currentTime, 0.015);
  }

  subscribe(listener: (event: TransportEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    this.halt();
    this.listeners.clear();
    this.windows.clear();
    this.stretch?.disconnect();
    void this.context.close();
  }

  private emit(event: TransportEvent) {
    this.listeners.forEach((l) => l(event));
  }

  private halt() {
    this.playing = false;
    this.loading = false;
    this.generation++;
    clearInterval(this.timer);
    this.stopSources();
  }

  private stopSources() {
    for (const s of this.sources) {
      s.onended = null;
      s.stop();
      s.disconnect();
    }
    this.sources = [];
    this.scheduled = null;
  }

  /** startAt (re)starts every part at media time t on one shared start time. */
  private async startAt(t: number) {
    const generation = ++this.generation;
    this.stopSources();
    this.anchorMedia = t;
    this.anchorContext = this.context.currentTime + LEAD_SECONDS;
    const w = windowAt(this.plan, t);
    this.loading = !this.windows.has(w.index);
    const buffers = await this.load(w);
    if (generation !== this.generation || !this.playing) return;
    this.loading = false;
    // The next window stays if it is decoded already: an A–B loop across a
    // window's edge then never waits for decoding.
    this.keepWindows(w.index, w.index + 1);
    const when = this.context.currentTime + LEAD_SECONDS;
    this.anchorContext = when;
    this.schedule(buffers, when, t - w.start);
    this.scheduled = w;
    if (this.plan.windowed) void this.prepareNext(t);
  }

  private schedule(buffers: AudioBuffer[], when: number, offset: number) {
    buffers.forEach((buffer, i) => {
      const source = this.context.createBufferSource();
      source.buffer = buffer;
      source.playbackRate.value = this.speed;
      source.connect(this.gains[i]);
      source.start(when, offset);
      source.onended = () => {
        source.disconnect();
        this.sources = this.sources.filter((s) => s !== source);
      };
      this.sources.push(source);
    });
  }

  private tick() {
    const t = this.currentTime();
    if (t >= this.duration) {
      this.anchorMedia = this.duration;
      this.halt();
      this.emit({ type: 'ended', time: this.duration });
      return;
    }
    this.emit({ type: 'timeupdate', time: t });
    if (this.plan.windowed) void this.prepareNext(t);
  }

  /**
   * prepareNext decodes the window after the last one scheduled, once
   * playback is half-way through that one (at once when it is decoded
   * already), and schedules its sources to start exactly where the current
   * ones end, on the same clock.
   */
  private async prepareNext(t: number) {
    const w = this.scheduled;
    const next = w && nextWindow(this.plan, w);
    if (!w || !next || this.preparing) return;
    if (t < (w.start + w.end) / 2 && !this.windows.has(next.index)) return;
    this.preparing = true;
    const generation = this.generation;
    try {
      const buffers = await this.load(next);
      if (generation !== this.generation || !this.playing) return;
      const when = this.anchorContext + (next.start - this.anchorMedia) / this.speed;
      if (when < this.context.currentTime + 0.01) {
        // Decoding fell behind playback: restart all parts together, late but locked.
        void this.startAt(this.currentTime());
        return;
      }
      this.schedule(buffers, when, 0);
      this.scheduled = next;
      this.keepWindows(w.index, next.index);
    } finally {
      this.preparing = false;
    }
  }

  /** keepWindows forgets every decoded window but these, to stay within the budget. */
  private keepWindows(...indexes: number[]) {
    if (!this.plan.windowed) return;
    for (const index of [...this.windows.keys()]) if (!indexes.includes(index)) this.windows.delete(index);
  }

  private async load(w: DecodeWindow): Promise<AudioBuffer[]> {
    const have = this.windows.get(w.index);
    if (have) return have;
    const buffers: AudioBuffer[] = [];
    // One part at a time: a whole decoded file is the largest transient.
    for (const bytes of this.bytes) buffers.push(toBuffer(await decode(bytes), w));
    this.windows.set(w.index, buffers);
    return buffers;
  }
}
