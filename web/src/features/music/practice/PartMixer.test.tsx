import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, noContent, stubFetch } from '../../../test/api';
import { testQueryClient } from '../../../test/render';
import { attachment } from '../pieceTesting';
import { OTHERS_VOLUME } from './mix';
import type { createMixerTransport, LoadProgress, MixerTransport } from './mixerTransport';
import { PartMixer } from './PartMixer';
import { clampRate, type TransportEvent } from './transport';

const part = (id: string, customPartName: string) =>
  attachment({ id, fileName: `${id}.ogg`, type: 'audio_part', contentType: 'audio/ogg', customPartName });

const PARTS = [part('p1', 'Soprano 1'), part('p2', 'Alto'), part('p3', 'Tenor')];
const PIECE = { id: 'm1', title: 'Ave verum corpus' };

/** fakeMixer stands in for the Web Audio graph, which jsdom lacks, and records what the mixer applies. */
function fakeMixer() {
  const listeners = new Set<(e: TransportEvent) => void>();
  let rate = 1;
  const transport = {
    duration: 180,
    gains: [] as number[],
    pans: [] as number[],
    currentTime: () => 42,
    isPlaying: () => false,
    play: vi.fn(async () => {}),
    pause: vi.fn(),
    seek: vi.fn(),
    setRate(r: number) {
      rate = clampRate(r);
      listeners.forEach((l) => l({ type: 'ratechange', time: 42 }));
    },
    rate: () => rate,
    setGain(i: number, g: number) {
      transport.gains[i] = g;
    },
    setPan(i: number, p: number) {
      transport.pans[i] = p;
    },
    subscribe(l: (e: TransportEvent) => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    dispose: vi.fn(),
  } satisfies MixerTransport & { gains: number[]; pans: number[] };
  let progress: (p: LoadProgress) => void = () => {};
  let finish: (t: MixerTransport) => void = () => {};
  let fail: (e: Error) => void = () => {};
  const create = vi.fn<typeof createMixerTransport>(
    (_urls, { onProgress }) =>
      new Promise((resolve, reject) => {
        progress = onProgress ?? progress;
        finish = resolve;
        fail = reject;
      }),
  );
  return {
    transport,
    emit: (e: TransportEvent) => act(() => listeners.forEach((l) => l(e))),
    create,
    progress: (p: LoadProgress) => act(() => progress(p)),
    ready: () => act(async () => finish(transport)),
    fail: () => act(async () => fail(new Error('mixer: fetch part: HTTP 500'))),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderMixer(
  mixer: ReturnType<typeof fakeMixer>,
  myParts: string[] = ['Alto'],
  onTransport = vi.fn(),
  practice = { totalSeconds: 0, loops: 0, lastPosition: 0, speed: 1, days: [], voiceParts: [] },
) {
  const api = stubFetch({
    'GET /choirs/:choirId/music/:musicId/practice/me': () => json(practice),
    'POST /choirs/:choirId/music/:musicId/practice/reports': () => noContent(),
  });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={testQueryClient()}>
        <PartMixer choirId="c1" piece={PIECE} parts={PARTS} myParts={myParts} onTransport={onTransport} createTransport={mixer.create} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { onTransport, api };
}

const row = (name: string) => screen.getByRole('group', { name });
const gainOf = (name: string) => Number(row(name).dataset.gain);

describe('PartMixer', () => {
  it('loads every part’s file, shows how far it has got, and hands the studio the transport when all are ready', async () => {
    const mixer = fakeMixer();
    const { onTransport } = renderMixer(mixer);
    expect(mixer.create).toHaveBeenCalledWith(
      ['/api/v1/choirs/c1/music/m1/attachments/p1/file', '/api/v1/choirs/c1/music/m1/attachments/p2/file', '/api/v1/choirs/c1/music/m1/attachments/p3/file'],
      expect.anything(),
    );
    expect(screen.getByRole('progressbar', { name: 'Loading parts 1 of 3' })).toHaveAttribute('aria-valuenow', '0');
    expect(screen.queryByRole('button', { name: 'Play' })).not.toBeInTheDocument();
    mixer.progress({ loaded: 2, total: 3 });
    expect(screen.getByRole('progressbar', { name: 'Loading parts 3 of 3' })).toBeInTheDocument();
    await mixer.ready();
    expect(screen.getByRole('button', { name: 'Play' })).toBeEnabled();
    expect(screen.getByRole('slider', { name: 'Position' })).toHaveAttribute('aria-valuenow', '42');
    expect(onTransport).toHaveBeenCalledWith(mixer.transport);
  });

  it('mutes and solos parts: the gain applied to each part follows, and shows on its row', async () => {
    const mixer = fakeMixer();
    renderMixer(mixer);
    await mixer.ready();
    expect(mixer.transport.gains).toEqual([1, 1, 1]);

    const mute = within(row('Alto')).getByRole('button', { name: 'Mute Alto' });
    await userEvent.click(mute);
    expect(mute).toHaveAttribute('aria-pressed', 'true');
    expect(gainOf('Alto')).toBe(0);
    expect(mixer.transport.gains).toEqual([1, 0, 1]);

    await userEvent.click(within(row('Tenor')).getByRole('button', { name: 'Solo Tenor' }));
    expect(mixer.transport.gains).toEqual([0, 0, 1]);
    expect([gainOf('Soprano 1'), gainOf('Alto'), gainOf('Tenor')]).toEqual([0, 0, 1]);

    await userEvent.click(mute);
    await userEvent.click(within(row('Soprano 1')).getByRole('button', { name: 'Solo Soprano 1' }));
    expect(mixer.transport.gains).toEqual([1, 0, 1]);
  });

  it('brings the singer’s part forward with My part, and Reset mix puts everything back', async () => {
    const mixer = fakeMixer();
    renderMixer(mixer, ['alto']);
    await mixer.ready();
    await userEvent.click(screen.getByRole('button', { name: 'My part' }));
    expect([gainOf('Soprano 1'), gainOf('Alto'), gainOf('Tenor')]).toEqual([OTHERS_VOLUME, 1, OTHERS_VOLUME]);
    expect(mixer.transport.pans).toEqual([-0.8, 0, 0.8]);
    expect(within(row('Alto')).getByText('Centre')).toBeInTheDocument();
    expect(within(row('Tenor')).getByText('35 %')).toBeInTheDocument();
    // A screen reader hears the same values on the sliders.
    expect(screen.getByRole('slider', { name: 'Volume Tenor' })).toHaveAttribute('aria-valuetext', '35 %');
    expect(screen.getByRole('slider', { name: 'Pan Alto' })).toHaveAttribute('aria-valuetext', 'Centre');

    await userEvent.click(screen.getByRole('button', { name: 'Reset mix' }));
    expect(mixer.transport.gains).toEqual([1, 1, 1]);
    expect(mixer.transport.pans).toEqual([0, 0, 0]);
  });

  it('offers My part only when one of the parts is the singer’s', async () => {
    const mixer = fakeMixer();
    renderMixer(mixer, ['Bass']);
    await mixer.ready();
    expect(screen.getByRole('button', { name: 'My part' })).toBeDisabled();
  });

  it('changes the speed in 5 % steps and shows it', async () => {
    const mixer = fakeMixer();
    renderMixer(mixer);
    await mixer.ready();
    const speed = screen.getByRole('slider', { name: 'Speed' });
    fireEvent.keyDown(speed, { key: 'ArrowLeft' });
    expect(mixer.transport.rate()).toBe(0.95);
    expect(screen.getByTestId('speed')).toHaveTextContent('95 %');
    expect(speed).toHaveAttribute('aria-valuetext', '95 %');
  });

  it('resumes where the singer left the piece, at their speed', async () => {
    const mixer = fakeMixer();
    renderMixer(mixer, ['Alto'], vi.fn(), { totalSeconds: 300, loops: 2, lastPosition: 30, speed: 0.8, days: [], voiceParts: [] });
    await mixer.ready();
    await waitFor(() => expect(mixer.transport.seek).toHaveBeenCalledWith(30));
    expect(mixer.transport.rate()).toBe(0.8);
    expect(screen.getByTestId('speed')).toHaveTextContent('80 %');
  });

  it('names in its practice reports the parts the singer brought forward', async () => {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const mixer = fakeMixer();
    const { api } = renderMixer(mixer, ['Alto']);
    await mixer.ready();
    const REPORTS = '/choirs/c1/music/m1/practice/reports';
    const played = async (seconds: number) => {
      const from = now / 1000;
      mixer.emit({ type: 'play', time: from });
      now += seconds * 1000;
      mixer.emit({ type: 'pause', time: from + seconds });
      await waitFor(() => expect(api.count('POST', REPORTS)).toBeGreaterThan(0));
      return (api.bodies('POST', REPORTS).at(-1) as { partName?: string }).partName;
    };

    await userEvent.click(screen.getByRole('button', { name: 'Solo Alto' }));
    expect(await played(5)).toBe('Alto');
    await userEvent.click(screen.getByRole('button', { name: 'Solo Tenor' }));
    expect(await played(5)).toBe('Alto, Tenor');
    await userEvent.click(screen.getByRole('button', { name: 'My part' }));
    expect(await played(5)).toBe('Alto');
    // All parts alike: the whole piece, no part.
    await userEvent.click(screen.getByRole('button', { name: 'Reset mix' }));
    expect(await played(5)).toBeUndefined();
    vi.restoreAllMocks();
  });

  it('says when the parts cannot be loaded and tries again', async () => {
    const mixer = fakeMixer();
    renderMixer(mixer);
    await mixer.fail();
    expect(screen.getByRole('alert')).toHaveTextContent('Unable to load the part recordings. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(mixer.create).toHaveBeenCalledTimes(2);
    await mixer.ready();
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });
});
