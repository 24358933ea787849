// The player's controls and state, the same over one recording and over the
// part mixer: whatever plays implements Transport.
import { ActionIcon, Button, Group, Slider, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlayerPauseFilled, IconPlayerPlayFilled, IconPlus, IconRewindBackward5, IconRewindForward5 } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { formatClock, formatRate } from './clock';
import { useMyPiecePractice } from './trackingApi';
import { clampRate, MAX_RATE, MIN_RATE, type Transport } from './transport';
import { RATE_STEP, SEEK_STEP_SECONDS } from './usePlayerKeys';

/** TransportControls: ±5 s, play/pause, the position and the speed (50–150 % in 5 % steps). */
export function TransportControls({ transport }: { transport: Transport | null }) {
  const status = usePlayerStatus(transport);
  const seekBy = (seconds: number) => transport?.seek(transport.currentTime() + seconds);
  const setRate = (rate: number) => transport?.setRate(clampRate(rate));
  const duration = Number.isFinite(status.duration) ? status.duration : 0;
  const rate = formatRate(status.rate);
  const speedLabel = useId();

  return (
    <Stack gap="xs">
      <Group gap="xs" justify="center" wrap="nowrap">
        <ActionIcon size="lg" variant="default" aria-label="Back 5 seconds" onClick={() => seekBy(-SEEK_STEP_SECONDS)}>
          <IconRewindBackward5 size={20} aria-hidden />
        </ActionIcon>
        <Button
          w={110}
          leftSection={status.playing ? <IconPlayerPauseFilled size={16} aria-hidden /> : <IconPlayerPlayFilled size={16} aria-hidden />}
          disabled={!transport}
          onClick={() => (status.playing ? transport?.pause() : void transport?.play().catch(() => {}))}
        >
          {status.playing ? 'Pause' : 'Play'}
        </Button>
        <ActionIcon size="lg" variant="default" aria-label="Forward 5 seconds" onClick={() => seekBy(SEEK_STEP_SECONDS)}>
          <IconRewindForward5 size={20} aria-hidden />
        </ActionIcon>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" ff="monospace" aria-hidden>
          {formatClock(status.time)}
        </Text>
        <Slider
          flex={1}
          min={0}
          max={duration || 1}
          step={0.1}
          value={Math.min(status.time, duration || 1)}
          onChange={(t) => transport?.seek(t)}
          label={formatClock}
          thumbLabel="Position"
          thumbValueText={`${formatClock(status.time)} of ${formatClock(duration)}`}
          disabled={!duration}
        />
        <Text size="sm" ff="monospace" aria-hidden>
          {formatClock(duration)}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" id={speedLabel}>
          Speed
        </Text>
        <ActionIcon variant="default" aria-label="Slower" onClick={() => setRate(status.rate - RATE_STEP)} disabled={status.rate <= MIN_RATE}>
          <IconMinus size={16} aria-hidden />
        </ActionIcon>
        <Slider
          flex={1}
          min={MIN_RATE * 100}
          max={MAX_RATE * 100}
          step={RATE_STEP * 100}
          value={Math.round(status.rate * 100)}
          onChange={(percent) => setRate(percent / 100)}
          label={(percent) => `${percent} %`}
          thumbProps={{ 'aria-labelledby': speedLabel }}
          thumbValueText={rate}
        />
        <ActionIcon variant="default" aria-label="Faster" onClick={() => setRate(status.rate + RATE_STEP)} disabled={status.rate >= MAX_RATE}>
          <IconPlus size={16} aria-hidden />
        </ActionIcon>
        <Text size="sm" w={56} ta="right" data-testid="speed">
          {rate}
        </Text>
      </Group>
    </Stack>
  );
}

interface PlayerStatus {
  playing: boolean;
  time: number;
  duration: number;
  rate: number;
}

/** usePlayerStatus follows a transport's state for rendering. */
export function usePlayerStatus(transport: Transport | null): PlayerStatus {
  const [status, setStatus] = useState<PlayerStatus>({ playing: false, time: 0, duration: NaN, rate: 1 });
  useEffect(() => {
    if (!transport) return;
    const read = () =>
      setStatus({ playing: transport.isPlaying(), time: transport.currentTime(), duration: transport.duration, rate: transport.rate() });
    read();
    return transport.subscribe(read);
  }, [transport]);
  return status;
}

/** useResume starts a piece where the singer last left it, at their speed. */
export function useResume(choirId: string, pieceId: string, transport: Transport | null) {
  const mine = useMyPiecePractice(choirId, pieceId);
  const done = useRef<Transport | null>(null);
  useEffect(() => {
    if (!transport || !mine.data || done.current === transport) return;
    done.current = transport;
    if (mine.data.speed) transport.setRate(mine.data.speed);
    if (mine.data.lastPosition > 0 && !transport.isPlaying()) transport.seek(mine.data.lastPosition);
  }, [transport, mine.data]);
}
