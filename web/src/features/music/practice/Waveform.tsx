// The recording's waveform, with the loop drawn on it: click to seek, drag
// to set the loop, drag the loop's edges to change it. wavesurfer.js is
// loaded only here, when a waveform is shown. It draws what the transport
// already has (transport.waveform): it is never given an address, so it
// never downloads the recording a second time.
import { Box, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { fromRange, isActive } from './loop';
import { loopEngine } from './loopEngine';
import type { Transport } from './transport';

type WaveSurfer = import('wavesurfer.js').default;
type Regions = ReturnType<(typeof import('wavesurfer.js/dist/plugins/regions.esm.js'))['default']['create']>;

const LOOP_COLOR = 'rgba(59, 130, 246, 0.25)';

export function Waveform({ transport }: { transport: Transport }) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const source = transport.waveform;
    if (!source) return;
    let ws: WaveSurfer | null = null;
    let cancelled = false;
    const stops: (() => void)[] = [];
    void (async () => {
      try {
        const [{ default: WaveSurfer }, { default: RegionsPlugin }] = await Promise.all([
          import('wavesurfer.js'),
          import('wavesurfer.js/dist/plugins/regions.esm.js'),
        ]);
        if (cancelled || !container.current) return;
        const regions: Regions = RegionsPlugin.create();
        // wavesurfer only draws: the sound is the transport's, so its own
        // media element never plays, and its cursor follows the transport.
        ws = WaveSurfer.create({
          container: container.current,
          ...('peaks' in source ? { peaks: source.peaks, duration: source.duration } : {}),
          height: 64,
          waveColor: '#94a3b8',
          progressColor: '#3b82f6',
          cursorColor: '#1e3a8a',
          dragToSeek: false,
          plugins: [regions],
        });
        const wave = ws;
        wave.on('error', () => setFailed(true));
        wave.on('interaction', (t) => transport.seek(t));
        stops.push(regions.enableDragSelection({ color: LOOP_COLOR }));

        const engine = loopEngine(transport);
        let drawing = false;
        const draw = () => {
          drawing = true;
          regions.clearRegions();
          const { loop } = engine.getState();
          if (isActive(loop)) regions.addRegion({ id: 'loop', start: loop.a, end: loop.b, color: LOOP_COLOR });
          drawing = false;
        };
        const take = (start: number, end: number) => engine.setLoop(fromRange(start, end));
        regions.on('region-created', (r) => {
          if (!drawing && r.id !== 'loop') take(r.start, r.end);
        });
        regions.on('region-updated', (r) => take(r.start, r.end));
        wave.on('ready', draw);
        if ('blob' in source) void wave.loadBlob(source.blob).catch(() => {}); // its 'error' says so
        stops.push(engine.subscribe(draw));
        stops.push(
          transport.subscribe((e) => {
            if (e.type === 'timeupdate' || e.type === 'seek') wave.setTime(transport.currentTime());
          }),
        );
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      stops.forEach((stop) => stop());
      ws?.destroy();
    };
  }, [transport]);

  if (failed) return <Text size="sm">The waveform could not be drawn; the recording still plays.</Text>;
  return <Box ref={container} aria-label="Waveform: click to go there, drag to set the loop" role="group" mih={64} />;
}
