import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, noContent, stubFetch } from '../../../test/api';
import { testQueryClient } from '../../../test/render';
import { stubObjectUrls } from '../pieceTesting';
import { LoopControls } from './LoopControls';
import { SinglePlayer } from './SinglePlayer';
import type { Transport } from './transport';

const PRACTICE = '/choirs/c1/music/m1/practice';
const piece = { id: 'm1', title: 'Ave verum corpus', composer: 'Mozart' };
const recording = { id: 'a2', fileName: 'ave-verum.mp3', customPartName: '' };

let now = 0;
beforeEach(() => {
  now = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  // jsdom does not play media: play and pause only change paused and tell.
  const paused = new WeakMap<HTMLMediaElement, boolean>();
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return paused.get(this) ?? true;
  });
  vi.spyOn(HTMLMediaElement.prototype, 'duration', 'get').mockReturnValue(120);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    paused.set(this, false);
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    paused.set(this, true);
    this.dispatchEvent(new Event('pause'));
  });
});
afterEach(() => vi.restoreAllMocks());
let restoreObjectUrls = () => {};
beforeEach(() => {
  restoreObjectUrls = stubObjectUrls();
});
afterEach(() => restoreObjectUrls());

const FILE = '/choirs/c1/music/m1/attachments/a2/file';
const BYTES = new Uint8Array(4096).fill(7);

function serve(me = { totalSeconds: 0, loops: 0, lastPosition: 0, speed: 1, days: [], voiceParts: [] }) {
  return stubFetch({
    'GET /choirs/:choirId/music/:musicId/practice/me': () => json(me),
    'POST /choirs/:choirId/music/:musicId/practice/reports': () => noContent(),
    'GET /choirs/:choirId/music/:musicId/attachments/:attachmentId/file': () =>
      new Response(BYTES, { headers: { 'Content-Type': 'audio/mpeg', 'Content-Length': String(BYTES.length) } }),
  });
}

/** The player as the studio composes it: the loop's controls on the player's transport. */
function Studio({ withLoop, onTransport }: { withLoop: boolean; onTransport: (t: Transport) => void }) {
  const [transport, setTransport] = useState<Transport | null>(null);
  return (
    <>
      <SinglePlayer
        choirId="c1"
        piece={piece}
        recording={recording}
        onTransport={(t) => {
          onTransport(t);
          setTransport(t);
        }}
      />
      {withLoop && transport && <LoopControls transport={transport} />}
    </>
  );
}

/** renderPlayer renders the player and waits until its recording is downloaded. */
async function renderPlayer(withLoop = false) {
  let transport: Transport | null = null;
  const view = render(
    <MantineProvider env="test">
      <QueryClientProvider client={testQueryClient()}>
        <Studio withLoop={withLoop} onTransport={(t) => (transport = t)} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  const audio = view.container.querySelector('audio')!;
  await waitFor(() => expect(screen.getByRole('button', { name: 'Play' })).toBeEnabled());
  return { ...view, audio, transport: () => transport! };
}

describe('SinglePlayer', () => {
  it('downloads the recording once and plays it from memory on the page’s own audio element; the waveform gets the same bytes', async () => {
    const server = serve();
    const { audio, transport } = await renderPlayer();
    expect(audio).toHaveAttribute('src', 'blob:recording');
    expect(server.count('GET', FILE)).toBe(1);
    const [played] = vi.mocked(URL.createObjectURL).mock.calls[0] as [Blob];
    expect(new Uint8Array(await played.arrayBuffer())).toEqual(BYTES);
    expect(transport().waveform).toEqual({ blob: played });
    await userEvent.click(await screen.findByRole('button', { name: 'Play' }));
    expect(audio.play).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(audio.pause).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it('says when the recording cannot be downloaded, and tries again', async () => {
    let fail = true;
    const server = stubFetch({
      'GET /choirs/:choirId/music/:musicId/practice/me': () => json({ totalSeconds: 0, loops: 0, lastPosition: 0, speed: 1, days: [], voiceParts: [] }),
      'GET /choirs/:choirId/music/:musicId/attachments/:attachmentId/file': () => (fail ? new Response('', { status: 500 }) : new Response(BYTES)),
    });
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={testQueryClient()}>
          <SinglePlayer choirId="c1" piece={piece} recording={recording} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load the recording. Please try again.');
    expect(screen.queryByRole('button', { name: 'Play' })).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Play' })).toBeEnabled());
    expect(server.count('GET', FILE)).toBe(2);
  });

  it('slows down and speeds up in 5 % steps with the pitch kept, between 50 and 150 %', async () => {
    serve();
    const { audio } = await renderPlayer();
    for (let i = 0; i < 5; i++) await userEvent.click(screen.getByRole('button', { name: 'Slower' }));
    expect(audio.playbackRate).toBe(0.75);
    expect(audio.preservesPitch).toBe(true);
    expect(screen.getByTestId('speed')).toHaveTextContent('75 %');
    expect(screen.getByRole('slider', { name: 'Speed' })).toHaveAttribute('aria-valuetext', '75 %');
    for (let i = 0; i < 10; i++) await userEvent.click(screen.getByRole('button', { name: 'Slower' }));
    expect(audio.playbackRate).toBe(0.5);
    expect(screen.getByRole('button', { name: 'Slower' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Faster' }));
    expect(audio.playbackRate).toBe(0.55);
  });

  it('labels the speed slider with visible text that names it', async () => {
    serve();
    await renderPlayer();
    const label = screen.getByText('Speed');
    expect(label).toBeVisible();
    expect(screen.getByRole('slider', { name: 'Speed' })).toHaveAttribute('aria-labelledby', label.id);
  });

  it('goes back and forward 5 seconds by button and by key', async () => {
    serve();
    const { audio } = await renderPlayer();
    await userEvent.click(screen.getByRole('button', { name: 'Forward 5 seconds' }));
    await userEvent.click(screen.getByRole('button', { name: 'Forward 5 seconds' }));
    expect(audio.currentTime).toBe(10);
    await userEvent.click(screen.getByRole('button', { name: 'Back 5 seconds' }));
    expect(audio.currentTime).toBe(5);
    (document.activeElement as HTMLElement).blur();
    await userEvent.keyboard('l');
    expect(audio.currentTime).toBe(10);
    await userEvent.keyboard('j');
    await userEvent.keyboard('-');
    expect(audio.currentTime).toBe(5);
    expect(audio.playbackRate).toBe(0.95);
  });

  it('starts where the singer left the piece, at their speed', async () => {
    serve({ totalSeconds: 300, loops: 2, lastPosition: 42, speed: 0.8, days: [], voiceParts: [] });
    const { audio } = await renderPlayer();
    await waitFor(() => expect(audio.currentTime).toBe(42));
    expect(audio.playbackRate).toBe(0.8);
    expect(screen.getByTestId('speed')).toHaveTextContent('80 %');
  });

  it('reports the seconds actually played when the singer pauses, and a speed chosen while paused', async () => {
    const server = serve();
    const { audio } = await renderPlayer();
    await userEvent.click(await screen.findByRole('button', { name: 'Play' }));
    now += 12_000;
    audio.currentTime = 12;
    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(server.count('POST', `${PRACTICE}/reports`)).toBe(1));
    const [report] = server.bodies('POST', `${PRACTICE}/reports`) as Record<string, unknown>[];
    expect(report).toMatchObject({ playedSeconds: 12, loops: 0, position: 12, speed: 1 });
    expect(report.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(report.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // A speed chosen while paused is remembered for next time.
    await userEvent.click(screen.getByRole('button', { name: 'Slower' }));
    await waitFor(() => expect(server.count('POST', `${PRACTICE}/reports`)).toBe(2));
    expect(server.bodies('POST', `${PRACTICE}/reports`)[1]).toMatchObject({ playedSeconds: 12, speed: 0.95, sessionId: report.sessionId });
  });

  it('sets the loop by buttons and by keys, and jumps back to A once B is reached while playing', async () => {
    serve();
    const { audio, transport } = await renderPlayer(true);
    expect(await screen.findByText('No loop')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Forward 5 seconds' }));
    await userEvent.click(screen.getByRole('button', { name: 'Set A' }));
    expect(screen.getByText('A at 0:05')).toBeInTheDocument();
    audio.currentTime = 9;
    (document.activeElement as HTMLElement).blur();
    await userEvent.keyboard(']');
    expect(screen.getByText('Loop 0:05–0:09, 0 passes')).toBeInTheDocument();
    expect(audio.currentTime).toBe(9);
    // Playing at B: the next animation frame takes it back to A, no time update needed.
    await userEvent.click(screen.getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(audio.currentTime).toBe(5));
    expect(await screen.findByText('Loop 0:05–0:09, 1 pass')).toBeInTheDocument();
    await userEvent.keyboard('\\');
    expect(await screen.findByText('No loop')).toBeInTheDocument();
    audio.currentTime = 9.5;
    audio.dispatchEvent(new Event('timeupdate'));
    expect(audio.currentTime).toBe(9.5);
    expect(transport().isPlaying()).toBe(true);
  });
});
