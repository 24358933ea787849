import { Anchor, Button, Group, NumberInput, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { useChoir } from '../../../app/choir';
import { useKeptPiece } from '../../../app/pwa/keptMusic';
import { useOfflineState } from '../../../app/pwa/offlineStatus';
import type { MusicPiece } from '../api';
import { attachmentFileUrl } from '../attachments';
import { keptOnly } from '../offline/offlineFiles';
import { useMarkers } from './api';
import { practiceFiles } from './files';
import { KeyboardHelp } from './KeyboardHelp';
import { LoopControls } from './LoopControls';
import { MarkersEditor } from './MarkersEditor';
import { PartMixer } from './PartMixer';
import { markerAt, timeOfBar } from './markers';
import { ScoreViewer } from './ScoreViewer';
import { SinglePlayer } from './SinglePlayer';
import { useMyPiecePractice } from './trackingApi';
import type { Transport } from './transport';
import { Waveform } from './Waveform';

/** From this width the score and the player sit side by side. */
const DESKTOP = '(min-width: 64em)';

/**
 * PracticeStudio is /dashboard/music/{id}?practice=true: the score, with
 * the player docked below it on a phone and beside it on a wide screen.
 * While the music plays, the score turns to the page of the marker in force
 * (follow mode, which can be switched off); "Go to bar" jumps the
 * recording there. The director sets the markers.
 */
export function PracticeStudio({ choirId, piece }: { choirId: string; piece: MusicPiece }) {
  const { can } = useChoir();
  const desktop = useMediaQuery(DESKTOP, false, { getInitialValueInEffect: false }) ?? false;
  // Without a signal, a piece made available offline plays what this device
  // kept (my part and the full recording), not the parts it never stored.
  const kept = useKeptPiece(choirId, piece.id);
  // As the studio opened: the signal coming back mid-session does not swap the player.
  const [offline] = useState(useOfflineState().showOffline);
  const { score, parts, recording } = practiceFiles(offline && kept ? keptOnly(choirId, piece.id, piece.attachments, kept) : piece.attachments);
  const me = useMyPiecePractice(choirId, piece.id);
  const markers = useMarkers(choirId, piece.id);
  const [transport, setTransport] = useState<Transport | null>(null);
  const [page, setPage] = useState(1);
  const [follow, setFollow] = useState(true);
  const list = useMemo(() => markers.data ?? [], [markers.data]);

  // The score turns when the marker in force changes, so that a page the
  // singer turned by hand stays until the music reaches the next marker.
  const followed = useRef<number | null>(null);
  useEffect(() => {
    if (!transport || !follow || list.length === 0) return;
    const sync = (t: number) => {
      const m = markerAt(list, t);
      const at = m ? list.indexOf(m) : null;
      if (m && at !== followed.current) setPage(m.page);
      followed.current = at;
    };
    sync(transport.currentTime());
    return transport.subscribe((e) => sync(e.type === 'seek' ? e.to : e.time));
  }, [transport, follow, list]);

  // The singer's voice parts in this choir; before they have any, the parts
  // they last practised (the mixer reports them joined by ', ') stand for them.
  const myParts = me.data?.voiceParts.length ? me.data.voiceParts : me.data?.partName ? me.data.partName.split(', ') : [];
  const audio =
    parts.length > 0 ? (
      <PartMixer choirId={choirId} piece={piece} parts={parts} myParts={myParts} onTransport={setTransport} />
    ) : recording ? (
      <SinglePlayer choirId={choirId} piece={piece} recording={recording} onTransport={setTransport} />
    ) : null;
  // The waveform of the single recording, or of the first part (all parts
  // share one timeline), from what the player downloaded.
  const loop = transport && (
    <Stack gap="xs">
      {transport.waveform && <Waveform transport={transport} />}
      <LoopControls transport={transport} />
    </Stack>
  );

  const tools = (
    <Stack gap="sm">
      {list.length > 0 && (
        <Group gap="md" align="flex-end" wrap="wrap">
          <Switch label="Score follows the music" checked={follow} onChange={(e) => setFollow(e.currentTarget.checked)} />
          <GoToBar
            disabled={!transport}
            onGo={(bar) => {
              const t = timeOfBar(list, bar);
              if (t === null || !transport) return false;
              transport.seek(t);
              const m = markerAt(list, t);
              if (m) setPage(m.page);
              return true;
            }}
          />
        </Group>
      )}
      {can('edit:music') && markers.isSuccess && (
        <MarkersEditor key={JSON.stringify(list)} choirId={choirId} musicId={piece.id} markers={list} transport={transport} page={page} />
      )}
    </Stack>
  );

  const header = (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Stack gap={0}>
        <Anchor component={Link} to={`/dashboard/music/${encodeURIComponent(piece.id)}`} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            Back to the piece
          </Group>
        </Anchor>
        <Title order={1} size="h3">
          {`Practice: ${piece.title}`}
        </Title>
      </Stack>
      <KeyboardHelp />
    </Group>
  );

  const scoreView = score ? (
    <ScoreViewer url={attachmentFileUrl(choirId, piece.id, score.id)} page={page} onPageChange={setPage} />
  ) : (
    <Text c="dimmed">This piece has no score.</Text>
  );

  // One tree for both layouts, so that resizing never remounts the player
  // (and its audio): on a phone the player is docked at the bottom while the
  // score scrolls past; on a wide screen the score is large on the left.
  const area = (name: string): CSSProperties => (desktop ? { gridArea: name, minWidth: 0 } : { minWidth: 0 });
  return (
    <Stack gap="sm">
      {header}
      <div
        style={
          desktop
            ? {
                display: 'grid',
                gridTemplateColumns: score ? 'minmax(0, 2fr) minmax(20rem, 1fr)' : '1fr',
                gridTemplateAreas: score ? '"score player" "score loop" "score tools" "score ."' : '"player" "loop" "tools"',
                gridTemplateRows: 'auto auto auto 1fr',
                gap: 'var(--mantine-spacing-md)',
                alignItems: 'start',
              }
            : { display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-sm)' }
        }
      >
        {score && <div style={{ ...area('score'), height: desktop ? 'calc(100dvh - 10rem)' : audio ? '60dvh' : '80dvh' }}>{scoreView}</div>}
        {audio && (
          <Paper
            withBorder
            p="xs"
            component="section"
            aria-label="Player"
            shadow={desktop ? undefined : 'sm'}
            style={{ ...area('player'), ...(desktop ? {} : { position: 'sticky', bottom: 0, zIndex: 2 }) }}
          >
            {audio}
          </Paper>
        )}
        {loop && <div style={area('loop')}>{loop}</div>}
        <div style={area('tools')}>{tools}</div>
      </div>
    </Stack>
  );
}

function GoToBar({ disabled, onGo }: { disabled: boolean; onGo: (bar: number) => boolean }) {
  const [bar, setBar] = useState<number | ''>('');
  const [error, setError] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (bar === '') return;
        setError(onGo(bar) ? '' : 'No marker gives a bar number yet.');
      }}
    >
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <NumberInput label="Go to bar" min={1} w={110} value={bar} error={error || undefined} onChange={(v) => setBar(typeof v === 'number' ? v : '')} />
        <Button type="submit" variant="default" disabled={disabled || bar === ''}>
          Go
        </Button>
      </Group>
    </form>
  );
}
