import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loopEngine } from './loopEngine';
import type { Transport, TransportEvent, WaveformSource } from './transport';
import { Waveform } from './Waveform';

// wavesurfer draws on a canvas from decoded audio, which jsdom has neither
// of: the test stands in for it and plays the user's clicks and drags.
type Handler = (...args: never[]) => void;
const surfer = vi.hoisted(() => ({
  handlers: {} as Record<string, Handler>,
  regionHandlers: {} as Record<string, Handler>,
  regions: [] as { id?: string; start: number; end?: number }[],
  options: null as unknown,
  loaded: [] as Blob[],
  setTime: (() => {}) as (t: number) => void,
}));
vi.mock('wavesurfer.js', () => ({
  default: {
    create: (options: unknown) => {
      surfer.options = options;
      surfer.setTime = vi.fn();
      return {
        on: (name: string, h: Handler) => (surfer.handlers[name] = h),
        setTime: (t: number) => surfer.setTime(t),
        loadBlob: async (blob: Blob) => void surfer.loaded.push(blob),
        destroy: () => {},
      };
    },
  },
}));
vi.mock('wavesurfer.js/dist/plugins/regions.esm.js', () => ({
  default: {
    create: () => ({
      on: (name: string, h: Handler) => (surfer.regionHandlers[name] = h),
      enableDragSelection: () => () => {},
      clearRegions: () => (surfer.regions.length = 0),
      addRegion: (r: { id?: string; start: number; end?: number }) => surfer.regions.push(r),
    }),
  },
}));

function fakeTransport(waveform: WaveformSource = { blob: new Blob(['RIFF']) }) {
  const listeners = new Set<(e: TransportEvent) => void>();
  let time = 0;
  const transport: Transport = {
    duration: 60,
    waveform,
    currentTime: () => time,
    isPlaying: () => false,
    play: async () => {},
    pause: () => {},
    seek: (to) => {
      const from = time;
      time = to;
      listeners.forEach((l) => l({ type: 'seek', from, to }));
    },
    setRate: () => {},
    rate: () => 1,
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    dispose: () => {},
  };
  return transport;
}

describe('Waveform', () => {
  it('draws the recording, seeks on a click, sets the loop by a drag and draws it', async () => {
    const transport = fakeTransport();
    render(
      <MantineProvider env="test">
        <Waveform transport={transport} />
      </MantineProvider>,
    );
    expect(screen.getByRole('group', { name: /Waveform/ })).toBeInTheDocument();
    await waitFor(() => expect(surfer.loaded).toHaveLength(1));
    (surfer.handlers.interaction as (t: number) => void)(12.5);
    expect(transport.currentTime()).toBe(12.5);
    expect(surfer.setTime).toHaveBeenCalledWith(12.5);

    (surfer.regionHandlers['region-created'] as (r: object) => void)({ id: 'drag-1', start: 30, end: 20 });
    expect(loopEngine(transport).getState().loop).toEqual({ a: 20, b: 30 });
    expect(surfer.regions).toEqual([{ id: 'loop', start: 20, end: 30, color: expect.any(String) }]);

    (surfer.regionHandlers['region-updated'] as (r: object) => void)({ id: 'loop', start: 22, end: 31 });
    expect(loopEngine(transport).getState().loop).toEqual({ a: 22, b: 31 });
    loopEngine(transport).clear();
    expect(surfer.regions).toEqual([]);
  });

  it('draws what the player has, fetching nothing itself: the recording it loaded, or the mixer’s peaks', async () => {
    surfer.loaded.length = 0;
    const blob = new Blob(['RIFF…'], { type: 'audio/wav' });
    const { unmount } = render(
      <MantineProvider env="test">
        <Waveform transport={fakeTransport({ blob })} />
      </MantineProvider>,
    );
    await waitFor(() => expect(surfer.loaded).toEqual([blob]));
    expect(surfer.options).not.toHaveProperty('url');
    unmount();

    const peaks = [new Float32Array([0.1, 0.8, 0.3])];
    render(
      <MantineProvider env="test">
        <Waveform transport={fakeTransport({ peaks, duration: 60 })} />
      </MantineProvider>,
    );
    await waitFor(() => expect(surfer.options).toMatchObject({ peaks, duration: 60 }));
    expect(surfer.options).not.toHaveProperty('url');
    expect(surfer.loaded).toEqual([blob]);
  });
});
