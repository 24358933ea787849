// The A–B loop's controls: set A and B where the music is, clear, an
// optional count-in before each pass and the optional learn ramp, whose
// settings show once their switch is on.
import { Button, Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { formatClock } from './clock';
import { DEFAULT_RAMP, type LearnRamp } from './learnRamp';
import { isActive } from './loop';
import { useLoop, type CountIn } from './loopEngine';
import type { Transport } from './transport';

export const DEFAULT_COUNT_IN: CountIn = { beats: 4, bpm: 80 };

export function LoopControls({ transport }: { transport: Transport }) {
  const [state, engine] = useLoop(transport);
  const [ramp, setRamp] = useState<LearnRamp>(DEFAULT_RAMP);
  const [countIn, setCountIn] = useState<CountIn>(DEFAULT_COUNT_IN);
  const { loop } = state;

  const changeRamp = (change: Partial<LearnRamp>) => {
    const next = { ...ramp, ...change };
    setRamp(next);
    if (state.ramp) engine.setRamp(next);
  };
  const changeCountIn = (change: Partial<CountIn>) => {
    const next = { ...countIn, ...change };
    setCountIn(next);
    if (state.countIn) engine.setCountIn(next);
  };
  const percent = (v: string | number) => (typeof v === 'number' ? v / 100 : NaN);

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={() => engine.setA()}>
          Set A
        </Button>
        <Button size="xs" variant="default" onClick={() => engine.setB()}>
          Set B
        </Button>
        <Button size="xs" variant="subtle" onClick={() => engine.clear()} disabled={loop.a === null && loop.b === null}>
          Clear loop
        </Button>
        <Text size="sm" aria-live="polite">
          {loopText(state.loop, state.passes)}
        </Text>
      </Group>
      <Group gap="xs" align="end">
        <Switch
          label="Count-in"
          checked={state.countIn !== null}
          onChange={(e) => engine.setCountIn(e.currentTarget.checked ? countIn : null)}
        />
        {state.countIn && (
          <>
            <NumberInput
              size="xs"
              w={90}
              label="Clicks"
              min={1}
              max={8}
              value={countIn.beats}
              onChange={(v) => typeof v === 'number' && v >= 1 && changeCountIn({ beats: v })}
            />
            <NumberInput
              size="xs"
              w={90}
              label="BPM"
              min={30}
              max={240}
              value={countIn.bpm}
              onChange={(v) => typeof v === 'number' && v >= 30 && changeCountIn({ bpm: v })}
            />
          </>
        )}
        {state.counting && <Text size="sm">Counting in…</Text>}
      </Group>
      <Group gap="xs" align="end">
        <Switch label="Learn ramp" checked={state.ramp !== null} onChange={(e) => engine.setRamp(e.currentTarget.checked ? ramp : null)} />
        {state.ramp && (
          <>
            <NumberInput
              size="xs"
              w={110}
              label="Start speed (%)"
              min={50}
              max={100}
              step={5}
              value={Math.round(ramp.start * 100)}
              onChange={(v) => percent(v) >= 0.5 && changeRamp({ start: percent(v) })}
            />
            <NumberInput
              size="xs"
              w={90}
              label="Step (%)"
              min={5}
              max={50}
              step={5}
              value={Math.round(ramp.step * 100)}
              onChange={(v) => percent(v) > 0 && changeRamp({ step: percent(v) })}
            />
            <NumberInput
              size="xs"
              w={110}
              label="Every N passes"
              min={1}
              max={20}
              value={ramp.every}
              onChange={(v) => typeof v === 'number' && v >= 1 && changeRamp({ every: v })}
            />
          </>
        )}
      </Group>
    </Stack>
  );
}

function loopText(loop: { a: number | null; b: number | null }, passes: number): string {
  if (isActive(loop)) return `Loop ${formatClock(loop.a)}–${formatClock(loop.b)}, ${passes === 1 ? '1 pass' : `${passes} passes`}`;
  if (loop.a !== null) return `A at ${formatClock(loop.a)}`;
  return 'No loop';
}
