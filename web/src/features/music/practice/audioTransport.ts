import { clampRate, type Transport, type TransportEvent, type WaveformSource } from './transport';

/**
 * The Transport over a native <audio> element. The element itself keeps
 * playing with the screen locked, so a single recording needs no Web Audio
 * at all; preservesPitch keeps the singer's pitch when the speed changes.
 */
export function audioTransport(audio: HTMLMediaElement, waveform?: WaveformSource): Transport {
  const listeners = new Set<(event: TransportEvent) => void>();
  const emit = (event: TransportEvent) => listeners.forEach((l) => l(event));
  audio.preservesPitch = true;

  const on = (type: 'play' | 'pause' | 'ended' | 'ratechange' | 'durationchange' | 'timeupdate') => () =>
    emit({ type, time: audio.currentTime });
  const handlers: [string, () => void][] = [
    ['play', on('play')],
    ['pause', on('pause')],
    ['ended', on('ended')],
    ['ratechange', on('ratechange')],
    ['durationchange', on('durationchange')],
    ['timeupdate', on('timeupdate')],
  ];
  handlers.forEach(([type, h]) => audio.addEventListener(type, h));

  return {
    get duration() {
      return audio.duration;
    },
    waveform,
    currentTime: () => audio.currentTime,
    isPlaying: () => !audio.paused && !audio.ended,
    play: () => audio.play(),
    pause: () => audio.pause(),
    seek(seconds) {
      const from = audio.currentTime;
      const end = Number.isFinite(audio.duration) ? audio.duration : Infinity;
      const to = Math.min(end, Math.max(0, seconds));
      audio.currentTime = to;
      // Emitted at once, not on the element's 'seeked': the tracker must know
      // the jump happened before the next time update is counted.
      emit({ type: 'seek', from, to });
    },
    setRate(rate) {
      audio.preservesPitch = true;
      audio.playbackRate = clampRate(rate);
    },
    rate: () => audio.playbackRate,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      handlers.forEach(([type, h]) => audio.removeEventListener(type, h));
      listeners.clear();
    },
  };
}
