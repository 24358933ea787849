// The one playback interface the practice studio's loop, learn ramp, waveform
// and tracker work against, whether the sound comes from one <audio> element
// (SinglePlayer) or from the part mixer's Web Audio graph (PartMixer).
export interface Transport {
  readonly duration: number; // seconds (NaN until known)
  currentTime(): number; // seconds
  isPlaying(): boolean;
  play(): Promise<void>;
  pause(): void;
  seek(seconds: number): void;
  setRate(rate: number): void; // 0.5 … 1.5, pitch kept
  rate(): number;
  /** What the waveform draws: the sound this transport already has, so that it is not downloaded again. */
  readonly waveform?: WaveformSource;
  /** Fires on play, pause, seek, rate change, time updates (≈4/s while playing), ended. */
  subscribe(listener: (event: TransportEvent) => void): () => void;
  dispose(): void;
}

/** The recording as downloaded (one file), or the peaks of a decoded one (the mixer's). */
export type WaveformSource = { blob: Blob } | { peaks: Float32Array[]; duration: number };

export type TransportEvent =
  | { type: 'play' | 'pause' | 'ended' | 'ratechange' | 'durationchange'; time: number }
  | { type: 'seek'; from: number; to: number }
  | { type: 'timeupdate'; time: number };

export const MIN_RATE = 0.5;
export const MAX_RATE = 1.5;

/** Keeps a rate within the studio's 50–150 % and on its 5 % steps. */
export function clampRate(rate: number): number {
  const stepped = Math.round(rate * 20) / 20;
  return Math.min(MAX_RATE, Math.max(MIN_RATE, stepped));
}
