// One recording on the native <audio> element: it answers Range requests,
// starts at once and keeps playing with the screen locked.
import { Stack } from '@mantine/core';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { Attachment, MusicPiece } from '../api';
import { attachmentFileUrl } from '../attachments';
import { loopEngine } from './loopEngine';
import { audioTransport } from './audioTransport';
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
  const [transport, setTransport] = useState<Transport | null>(null);
  const announce = useEffectEvent((t: Transport) => onTransport?.(t));

  useEffect(() => {
    const t = audioTransport(audio.current!);
    setTransport(t);
    announce(t);
    return () => {
      loopEngine(t).dispose();
      t.dispose();
    };
  }, [recording.id]);

  useResume(choirId, piece.id, transport);
  usePracticeTracker(choirId, piece.id, transport, recording.customPartName || undefined);
  usePlayerKeys(transport);
  useMediaSession(piece, transport);

  return (
    <Stack gap="xs">
      <audio
        ref={audio}
        src={attachmentFileUrl(choirId, piece.id, recording.id)}
        preload="metadata"
        aria-label={`Recording: ${recording.fileName}`}
      />
      <TransportControls transport={transport} />
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
