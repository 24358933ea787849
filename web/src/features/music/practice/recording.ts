// One recording downloaded once, for the player and the waveform both.
import { useEffect, useState } from 'react';

export type RecordingState =
  | { status: 'loading'; progress: number | null } // 0 … 1, null while the size is unknown
  | { status: 'ready'; blob: Blob; src: string } // src: an object URL of blob
  | { status: 'failed' };

/**
 * fetchRecording downloads a file whole, telling how far it has got when
 * the answer says its size.
 */
export async function fetchRecording(url: string, signal: AbortSignal, onProgress: (fraction: number) => void): Promise<Blob> {
  const response = await fetch(url, { credentials: 'same-origin', signal });
  if (!response.ok) throw new Error(`player: fetch recording: HTTP ${response.status}`);
  const total = Number(response.headers.get('Content-Length')) || 0;
  if (!response.body || total === 0) return response.blob();
  return readBody(response, (bytes) => onProgress(Math.min(1, bytes / total)));
}

/** readBody reads an answer's body whole, telling how many bytes have come so far. */
export async function readBody(response: Response, onBytes: (bytes: number) => void): Promise<Blob> {
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.length;
    onBytes(bytes);
  }
  return new Blob(chunks, { type: response.headers.get('Content-Type') ?? '' });
}

/**
 * useRecording downloads the recording at url once (again after retry())
 * and keeps an object URL of it while mounted. The audio element plays
 * that, and the waveform decodes the same bytes: neither fetches the file
 * a second time, and seeking or looping never waits for the network.
 */
export function useRecording(url: string): [RecordingState, () => void] {
  const [attempt, setAttempt] = useState(0);
  const key = `${attempt} ${url}`;
  // Kept with the download it belongs to: another url or attempt starts from 'loading'.
  const [state, setState] = useState<{ key: string; value: RecordingState }>({ key: '', value: LOADING });
  useEffect(() => {
    const abort = new AbortController();
    const set = (value: RecordingState) => setState({ key, value });
    let src = '';
    fetchRecording(url, abort.signal, (progress) => set({ status: 'loading', progress })).then(
      (blob) => {
        if (abort.signal.aborted) return;
        src = URL.createObjectURL(blob);
        set({ status: 'ready', blob, src });
      },
      () => {
        if (!abort.signal.aborted) set({ status: 'failed' });
      },
    );
    return () => {
      abort.abort();
      if (src) URL.revokeObjectURL(src);
    };
  }, [url, key]);
  return [state.key === key ? state.value : LOADING, () => setAttempt((a) => a + 1)];
}

const LOADING: RecordingState = { status: 'loading', progress: null };
