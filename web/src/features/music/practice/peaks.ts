// A waveform's outline from decoded audio: what wavesurfer would compute
// itself from a file it downloaded, made here from samples the mixer has
// decoded already.

/** How many points outline a piece: more than a wide screen's pixels across the waveform. */
export const PEAK_POINTS = 2000;

/**
 * peaksOf is the loudest sample (absolute, over all channels) of each of
 * `points` equal stretches of the audio, fewer when there are fewer samples.
 */
export function peaksOf(channels: readonly Float32Array[], points = PEAK_POINTS): Float32Array {
  const length = channels[0]?.length ?? 0;
  const n = Math.min(points, length);
  const peaks = new Float32Array(n);
  for (let p = 0; p < n; p++) {
    const from = Math.floor((p * length) / n);
    const to = Math.floor(((p + 1) * length) / n);
    let max = 0;
    for (const channel of channels) {
      for (let i = from; i < to; i++) {
        const v = Math.abs(channel[i]);
        if (v > max) max = v;
      }
    }
    peaks[p] = max;
  }
  return peaks;
}
