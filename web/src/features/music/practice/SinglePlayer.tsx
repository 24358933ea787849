// One recording on the native <audio> element, downloaded once (recording.ts):
// the element plays it from memory, keeps playing with the screen locked,
// and the waveform draws the same bytes.
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import type { Attachment, MusicPiece } from '../api';
import { attachmentFileUrl } from '../attachments';
import { loopEngine } from './loopEngine';
import { audioTransport } from './audioTransport';
import { useRecording } from './recording';
import type { Transport } from './transport';
import { SEEK_STEP_SECONDS, usePlayerKeys } from './usePlayerKeys';
import { TransportControls, useResume } from './TransportControls';
import { usePracticeTracker } from './usePracticeTracker';

export interface SinglePlayerProps {
  choirId: string;
  piece: Pick<MusicPiece, 'id' | 'title' | 'composer'>;
  recording: Pick<Attachment, 'id' | 'fileName' | 'customPartName'>;
  onTransport?: (transport: Transport) => void;
}

export function SinglePlayer({ choirId, piece, recording, onTransport }: SinglePlayerProps) {
  const audio = useRef<HTMLAudioElement>(null);
  const [loaded, retry] = useRecording(attachmentFileUrl(choirId, piece.id, recording.id));
  const [transport, setTransport] = useState<Transport | null>(null);
  const announce = useEffectEvent((t: Transport) => onTransport?.(t));
  const blob = loaded.status === 'ready' ? loaded.blob : null;
  const loadingId = useId();

  useEffect(() => {
    if (!blob) return;
    const t = audioTransport(audio.current!, { blob });
    setTransport(t);
    announce(t);
    return () => {
      loopEngine(t).dispose();
      t.dispose();
      setTransport(null);
    };
  }, [blob]);

  useResume(choirId, piece.id, transport);
  usePracticeTracker(choirId, piece.id, transport, recording.customPartName || undefined);
  usePlayerKeys(transport);
  useMediaSession(piece, transport);

  return (
    <Stack gap="xs">
      <audio ref={audio} src={loaded.status === 'ready' ? loaded.src : undefined} aria-label={`Recording: ${recording.fileName}`} />
      {loaded.status === 'failed' ? (
        <ErrorAlert role="alert">
          <Group justify="space-between" gap="sm">
            <Text size="sm">Unable to load the recording. Please try again.</Text>
            <Button size="xs" variant="default" onClick={retry}>
              Try again
            </Button>
          </Group>
        </ErrorAlert>
      ) : loaded.status === 'loading' ? (
        <div>
          <Text size="sm" id={loadingId}>
            Loading the recording
          </Text>
          {/* The section is the progressbar, so it carries the name (axe). */}
          <Progress.Root>
            <Progress.Section value={100 * (loaded.progress ?? 0)} aria-labelledby={loadingId} />
          </Progress.Root>
        </div>
      ) : (
        <TransportControls transport={transport} />
      )}
    </Stack>
  );
}

/** useMediaSession names the piece on the lock screen and lets its buttons drive the player. */
function useMediaSession(piece: SinglePlayerProps['piece'], transport: Transport | null) {
  useEffect(() => {
    if (!transport || typeof navigator === 'undefined' || !('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    if (typeof MediaMetadata !== 'undefined') session.metadata = new MediaMetadata({ title: piece.title, artist: piece.composer ?? '' });
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => void transport.play().catch(() => {})],
      ['pause', () => transport.pause()],
      ['seekbackward', (d) => transport.seek(transport.currentTime() - (d.seekOffset ?? SEEK_STEP_SECONDS))],
      ['seekforward', (d) => transport.seek(transport.currentTime() + (d.seekOffset ?? SEEK_STEP_SECONDS))],
      ['seekto', (d) => d.seekTime !== undefined && transport.seek(d.seekTime)],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // A browser that does not know an action says so by throwing; the others still work.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // As above.
        }
      }
    };
  }, [piece.title, piece.composer, transport]);
}
