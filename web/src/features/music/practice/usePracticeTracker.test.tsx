import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noContent, stubFetch } from '../../../test/api';
import { queryWrapper, testQueryClient } from '../../../test/render';
import { loopEngine } from './loopEngine';
import type { Transport, TransportEvent } from './transport';
import { REPORT_EVERY_MS, usePracticeTracker } from './usePracticeTracker';

const REPORTS = '/choirs/c1/music/m1/practice/reports';
let now = 0;

beforeEach(() => {
  now = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function fakeTransport() {
  const listeners = new Set<(e: TransportEvent) => void>();
  const emit = (e: TransportEvent) => listeners.forEach((l) => l(e));
  let time = 0;
  let playing = false;
  const transport: Transport & { at(t: number): void } = {
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
    setRate: () => {},
    rate: () => 0.75,
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    dispose: () => {},
    at(t) {
      time = t;
      emit({ type: 'timeupdate', time });
    },
  };
  return transport;
}

describe('usePracticeTracker', () => {
  it('reports every 15 s while playing, when the page is left and when the player goes, one session throughout', async () => {
    const server = stubFetch({ 'POST /choirs/:choirId/music/:musicId/practice/reports': () => noContent() });
    const transport = fakeTransport();
    const { unmount } = renderHook(() => usePracticeTracker('c1', 'm1', transport, 'Soprano 1'), {
      wrapper: queryWrapper(testQueryClient()),
    });
    await transport.play();
    now += 15_000;
    transport.at(15);
    vi.advanceTimersByTime(REPORT_EVERY_MS);
    await vi.waitFor(() => expect(server.count('POST', REPORTS)).toBe(1));

    // A loop over 10–20 s, played twice: 10 s of playing and 2 loops.
    loopEngine(transport).setLoop({ a: 10, b: 20 });
    for (let pass = 0; pass < 2; pass++) {
      now += 5_000;
      transport.at(20);
    }
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(server.count('POST', REPORTS)).toBe(2));

    transport.pause();
    now += 60_000; // paused: not practice
    vi.advanceTimersByTime(REPORT_EVERY_MS);
    unmount();
    const reports = server.bodies('POST', REPORTS) as Record<string, unknown>[];
    expect(reports.map(({ playedSeconds, loops, position, speed, partName }) => ({ playedSeconds, loops, position, speed, partName }))).toEqual([
      { playedSeconds: 15, loops: 0, position: 15, speed: 0.75, partName: 'Soprano 1' },
      { playedSeconds: 25, loops: 2, position: 10, speed: 0.75, partName: 'Soprano 1' },
    ]);
    expect(new Set(reports.map((r) => r.sessionId)).size).toBe(1);
  });
});
