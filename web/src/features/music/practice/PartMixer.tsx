// The part mixer: every per-part recording of a piece in one Web Audio graph
// (mixerTransport.ts), with a row of faders per part and the singer's own
// parts brought forward by "My part".
import { Button, Group, Paper, Progress, Slider, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import type { Attachment, MusicPiece } from '../api';
import { attachmentFileUrl } from '../attachments';
import { effectiveGains, myPartMix, panLabel, percent, resetMix, type PartMix } from './mix';
import { createMixerTransport, type LoadProgress, type MixerTransport } from './mixerTransport';
import { MAX_RATE, MIN_RATE, type Transport } from './transport';

export interface PartMixerProps {
  choirId: string;
  piece: Pick<MusicPiece, 'id' | 'title'>;
  /** The piece's audio_part attachments, in the order they are shown. */
  parts: Attachment[];
  /** The singer's voice parts in the current choir, e.g. ['Soprano']. */
  myParts: string[];
  onTransport?: (transport: Transport) => void;
  /** Builds the transport; tests pass a fake, since jsdom has no Web Audio. */
  createTransport?: typeof createMixerTransport;
}

/** partName is what a part's row is called: its part name, else its description or file. */
export function partName(part: Pick<Attachment, 'customPartName' | 'description' | 'fileName'>): string {
  return part.customPartName.trim() || part.description.trim() || part.fileName;
}

export function PartMixer({
  choirId,
  piece,
  parts,
  myParts,
  onTransport,
  createTransport = createMixerTransport,
}: PartMixerProps) {
  const names = parts.map(partName);
  const urls = parts.map((p) => attachmentFileUrl(choirId, piece.id, p.id));
  const key = urls.join('\n');
  const [progress, setProgress] = useState<LoadProgress>({ loaded: 0, total: parts.length });
  const [transport, setTransport] = useState<MixerTransport | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [mix, setMix] = useState<PartMix[]>(() => resetMix(parts.length));
  const gains = effectiveGains(mix);
  const preset = myPartMix(names, myParts);
  // The studio's callback may change identity on every render; the graph
  // must not be rebuilt for that.
  const onTransportRef = useRef(onTransport);
  useEffect(() => {
    onTransportRef.current = onTransport;
  }, [onTransport]);

  useEffect(() => {
    const abort = new AbortController();
    let built: MixerTransport | null = null;
    createTransport(key.split('\n'), { signal: abort.signal, onProgress: setProgress })
      .then((t) => {
        built = t;
        setTransport(t);
        onTransportRef.current?.(t);
      })
      .catch(() => {
        if (!abort.signal.aborted) setFailed(true);
      });
    return () => {
      abort.abort();
      built?.dispose();
      setTransport(null);
    };
  }, [key, attempt, createTransport]);

  useEffect(() => {
    if (!transport) return;
    effectiveGains(mix).forEach((g, i) => transport.setGain(i, g));
    mix.forEach((m, i) => transport.setPan(i, m.pan));
  }, [transport, mix]);

  const change = (i: number, over: Partial<PartMix>) =>
    setMix((current) => current.map((m, j) => (j === i ? { ...m, ...over } : m)));

  if (failed) {
    return (
      <ErrorAlert role="alert">
        <Group justify="space-between" gap="sm">
          <Text size="sm">Unable to load the part recordings. Please try again.</Text>
          <Button size="xs" variant="default" onClick={() => {
              setFailed(false);
              setAttempt((a) => a + 1);
            }}>
            Try again
          </Button>
        </Group>
      </ErrorAlert>
    );
  }

  return (
    <Stack gap="sm" aria-label={`Part mixer for ${piece.title}`} role="region">
      {transport ? (
        <MixerControls transport={transport} />
      ) : (
        <div>
          <Text size="sm" id="mixer-loading">
            Loading parts {Math.min(progress.loaded + 1, progress.total)} of {progress.total}
          </Text>
          <Progress
            value={progress.total ? (100 * progress.loaded) / progress.total : 0}
            aria-labelledby="mixer-loading"
          />
        </div>
      )}
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          disabled={!preset}
          title={preset ? undefined : 'None of these parts is one of your voice parts.'}
          onClick={() => preset && setMix(preset)}
        >
          My part
        </Button>
        <Button size="xs" variant="default" onClick={() => setMix(resetMix(parts.length))}>
          Reset mix
        </Button>
      </Group>
      {parts.map((part, i) => (
        <PartRow
          key={part.id}
          name={names[i]}
          mix={mix[i] ?? resetMix(1)[0]}
          gain={gains[i] ?? 0}
          onChange={(over) => change(i, over)}
        />
      ))}
    </Stack>
  );
}

function PartRow({
  name,
  mix,
  gain,
  onChange,
}: {
  name: string;
  mix: PartMix;
  gain: number;
  onChange: (over: Partial<PartMix>) => void;
}) {
  return (
    <Paper withBorder p="xs" role="group" aria-label={name} data-gain={gain}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={500} size="sm" truncate>
          {name}
        </Text>
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-xs"
            variant={mix.muted ? 'filled' : 'default'}
            aria-pressed={mix.muted}
            aria-label={`Mute ${name}`}
            onClick={() => onChange({ muted: !mix.muted })}
          >
            Mute
          </Button>
          <Button
            size="compact-xs"
            variant={mix.solo ? 'filled' : 'default'}
            aria-pressed={mix.solo}
            aria-label={`Solo ${name}`}
            onClick={() => onChange({ solo: !mix.solo })}
          >
            Solo
          </Button>
        </Group>
      </Group>
      <Group gap="xs" wrap="nowrap" mt={4}>
        <Text size="xs" w={52}>
          Volume
        </Text>
        <Slider
          style={{ flex: 1 }}
          min={0}
          max={1}
          step={0.05}
          value={mix.volume}
          onChange={(volume) => onChange({ volume })}
          label={null}
          thumbLabel={`Volume ${name}`}
        />
        <Text size="xs" w={44} ta="right">
          {percent(mix.volume)}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Text size="xs" w={52}>
          Pan
        </Text>
        <Slider
          style={{ flex: 1 }}
          min={-1}
          max={1}
          step={0.1}
          value={mix.pan}
          onChange={(pan) => onChange({ pan })}
          label={null}
          thumbLabel={`Pan ${name}`}
        />
        <Text size="xs" w={44} ta="right">
          {panLabel(mix.pan)}
        </Text>
      </Group>
    </Paper>
  );
}

/** useTransportState re-renders on the transport's events and reads its state. */
function useTransportState(transport: Transport) {
  const version = useRef(0);
  useSyncExternalStore(
    (notify) =>
      transport.subscribe(() => {
        version.current++;
        notify();
      }),
    () => version.current,
  );
  return { time: transport.currentTime(), playing: transport.isPlaying(), rate: transport.rate() };
}

/** clock words seconds as m:ss. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function MixerControls({ transport }: { transport: Transport }) {
  const { time, playing, rate } = useTransportState(transport);
  const duration = transport.duration;
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Button size="xs" onClick={() => (playing ? transport.pause() : void transport.play())}>
          {playing ? 'Pause' : 'Play'}
        </Button>
        <Button size="xs" variant="default" aria-label="Back 5 seconds" onClick={() => transport.seek(time - 5)}>
          −5 s
        </Button>
        <Button size="xs" variant="default" aria-label="Forward 5 seconds" onClick={() => transport.seek(time + 5)}>
          +5 s
        </Button>
        <Text size="sm">
          {clock(time)} / {clock(duration)}
        </Text>
      </Group>
      <Slider
        min={0}
        max={Number.isFinite(duration) ? duration : 0}
        step={0.1}
        value={Math.min(time, Number.isFinite(duration) ? duration : 0)}
        onChange={(t) => transport.seek(t)}
        label={clock}
        thumbLabel="Position"
      />
      <Group gap="xs" wrap="nowrap">
        <Text size="xs" w={52}>
          Speed
        </Text>
        <Slider
          style={{ flex: 1 }}
          min={MIN_RATE}
          max={MAX_RATE}
          step={0.05}
          value={rate}
          onChange={(r) => transport.setRate(r)}
          label={null}
          thumbLabel="Speed"
        />
        <Text size="xs" w={44} ta="right">
          {percent(rate)}
        </Text>
      </Group>
    </Stack>
  );
}
