import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LoopControls } from './LoopControls';
import { loopEngine } from './loopEngine';
import type { Transport, TransportEvent } from './transport';

function fakeTransport(): Transport {
  const listeners = new Set<(e: TransportEvent) => void>();
  let rate = 1;
  return {
    duration: 60,
    currentTime: () => 0,
    isPlaying: () => false,
    play: async () => {},
    pause: () => {},
    seek: () => {},
    setRate: (r) => (rate = r),
    rate: () => rate,
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    dispose: () => {},
  };
}

const COUNT_IN_FIELDS = ['Clicks', 'BPM'];
const RAMP_FIELDS = ['Start speed (%)', 'Step (%)', 'Every N passes'];
const shown = (names: string[]) => names.filter((name) => screen.queryByRole('textbox', { name }) !== null);

describe('LoopControls', () => {
  it('shows the count-in’s and the learn ramp’s settings only while their switch is on', async () => {
    const user = userEvent.setup();
    const transport = fakeTransport();
    render(
      <MantineProvider env="test">
        <LoopControls transport={transport} />
      </MantineProvider>,
    );
    expect(shown([...COUNT_IN_FIELDS, ...RAMP_FIELDS])).toEqual([]);

    await user.click(screen.getByRole('switch', { name: 'Count-in' }));
    expect(shown(COUNT_IN_FIELDS)).toEqual(COUNT_IN_FIELDS);
    expect(shown(RAMP_FIELDS)).toEqual([]);
    const bpm = screen.getByRole('textbox', { name: 'BPM' });
    await user.clear(bpm);
    await user.type(bpm, '96');
    expect(loopEngine(transport).getState().countIn).toEqual({ beats: 4, bpm: 96 });

    await user.click(screen.getByRole('switch', { name: 'Learn ramp' }));
    expect(shown(RAMP_FIELDS)).toEqual(RAMP_FIELDS);
    expect(transport.rate()).toBe(0.7);

    await user.click(screen.getByRole('switch', { name: 'Count-in' }));
    await user.click(screen.getByRole('switch', { name: 'Learn ramp' }));
    expect(shown([...COUNT_IN_FIELDS, ...RAMP_FIELDS])).toEqual([]);
    expect(loopEngine(transport).getState()).toMatchObject({ countIn: null, ramp: null });
  });
});
