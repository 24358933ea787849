// The part mixer: every per-part recording of a piece in one Web Audio graph
// (mixerTransport.ts), with a row of faders per part and the singer's own
// parts brought forward by "My part".
import { Button, Group, Paper, Progress, Slider, Stack, Text } from '@mantine/core';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import type { Attachment, MusicPiece } from '../api';
import { attachmentFileUrl } from '../attachments';
import { effectiveGains, myPartMix, panLabel, percent, practisedPart, resetMix, type PartMix } from './mix';
import { createMixerTransport, type LoadProgress, type MixerTransport } from './mixerTransport';
import { loopEngine } from './loopEngine';
import { TransportControls, useResume } from './TransportControls';
import type { Transport } from './transport';
import { usePlayerKeys } from './usePlayerKeys';
import { usePracticeTracker } from './usePracticeTracker';

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
  const loadingId = useId();
  const gains = effectiveGains(mix);
  const preset = myPartMix(names, myParts);
  // The studio's callback may change identity on every render; the graph
  // must not be rebuilt for that.
  const announce = useEffectEvent((t: Transport) => onTransport?.(t));

  useEffect(() => {
    const abort = new AbortController();
    let built: MixerTransport | null = null;
    createTransport(key.split('\n'), { signal: abort.signal, onProgress: setProgress })
      .then((t) => {
        built = t;
        setTransport(t);
        announce(t);
      })
      .catch(() => {
        if (!abort.signal.aborted) setFailed(true);
      });
    return () => {
      abort.abort();
      if (built) {
        loopEngine(built).dispose();
        built.dispose();
      }
      setTransport(null);
    };
  }, [key, attempt, createTransport]);

  useEffect(() => {
    if (!transport) return;
    effectiveGains(mix).forEach((g, i) => transport.setGain(i, g));
    mix.forEach((m, i) => transport.setPan(i, m.pan));
  }, [transport, mix]);

  // Like the single player, the mixer resumes, counts practice and answers
  // the player's keys itself, so the studio treats both alike.
  useResume(choirId, piece.id, transport);
  usePracticeTracker(choirId, piece.id, transport, practisedPart(names, mix));
  usePlayerKeys(transport);

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
        <TransportControls transport={transport} />
      ) : (
        <div>
          <Text size="sm" id={loadingId}>
            Loading parts {Math.min(progress.loaded + 1, progress.total)} of {progress.total}
          </Text>
          {/* The section is the progressbar, so it carries the name (axe). */}
          <Progress.Root>
            <Progress.Section
              value={progress.total ? (100 * progress.loaded) / progress.total : 0}
              aria-labelledby={loadingId}
            />
          </Progress.Root>
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
          thumbValueText={percent(mix.volume)}
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
          thumbValueText={panLabel(mix.pan)}
        />
        <Text size="xs" w={44} ta="right">
          {panLabel(mix.pan)}
        </Text>
      </Group>
    </Paper>
  );
}
