import { ActionIcon, Alert, Group, Loader, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconZoomIn, IconZoomOut, IconZoomReset } from '@tabler/icons-react';
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { openPdf, type PdfDocument } from './pdf';
import { isControl, shortcutFor } from './shortcuts';

/** Below this width one page shows at a time; from it, two side by side. */
export const SPREAD_WIDTH = 1024;
const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
const SWIPE_PX = 50;

export interface ScoreViewerProps {
  /** The score's PDF. */
  url: string;
  /** The page shown (from 1); with two side by side, the left one. */
  page: number;
  onPageChange: (page: number) => void;
}

/**
 * ScoreViewer shows a PDF score fitted to its width, one page (two side by
 * side on a wide screen) at a time. Only the pages on screen have a canvas,
 * at most two, so that a long score does not run a phone out of memory;
 * turning the page draws the next one into the same canvas. Pages turn by
 * the buttons, ←/→ and Page Up/Down, a tap on the left or right third, or a
 * swipe.
 */
export function ScoreViewer({ url, page, onPageChange }: ScoreViewerProps) {
  const [doc, setDoc] = useState<PdfDocument | null>(null);
  const [failed, setFailed] = useState(false);
  const [zoom, setZoom] = useState(2); // index into ZOOMS: 1, fit to width
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const spread = width >= SPREAD_WIDTH;

  useEffect(() => {
    let live = true;
    let opened: PdfDocument | null = null;
    openPdf(url).then(
      (d) => {
        opened = d;
        if (live) setDoc(d);
        else void d.destroy();
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      void opened?.destroy();
    };
  }, [url]);

  const pages = doc?.numPages ?? 0;
  const step = spread ? 2 : 1;
  const clamp = (p: number) => Math.min(Math.max(1, p), Math.max(1, pages));
  const turn = (by: number) => {
    const next = clamp(page + by * step);
    if (next !== page) onPageChange(next);
  };

  // The page keys belong to the score: on another focused control (the
  // speed slider, a field, a button of the player) they are that control's.
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const name = shortcutFor(e);
      if (name !== 'previousPage' && name !== 'nextPage') return;
      if (isControl(e.target) && !section.current?.contains(e.target as Node)) return;
      e.preventDefault();
      const next = Math.min(Math.max(1, page + (name === 'nextPage' ? step : -step)), Math.max(1, pages));
      if (next !== page) onPageChange(next);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [page, pages, step, onPageChange]);

  // A tap turns by the third it lands in; a swipe by its direction.
  const down = useRef<{ x: number; y: number } | null>(null);
  const onPointerDown = (e: ReactPointerEvent) => {
    down.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: ReactPointerEvent<HTMLDivElement>) => {
    const start = down.current;
    down.current = null;
    if (!start) return;
    const dx = e.clientX - start.x;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(e.clientY - start.y)) return turn(dx < 0 ? 1 : -1);
    if (Math.abs(dx) > 10 || zoom > 2) return; // a drag to scroll a zoomed page, not a tap
    const rect = e.currentTarget.getBoundingClientRect();
    const third = (e.clientX - rect.left) / rect.width;
    if (third < 1 / 3) turn(-1);
    else if (third > 2 / 3) turn(1);
  };

  const shown = [page, spread && page + 1 <= pages ? page + 1 : 0].filter(Boolean);
  const label =
    pages === 0 ? '' : shown.length === 2 ? `Pages ${shown[0]}–${shown[1]} of ${pages}` : `Page ${page} of ${pages}`;
  const pageWidth = ((width || 320) / (spread ? 2 : 1)) * ZOOMS[zoom];

  return (
    <section ref={section} aria-label="Score" style={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Group justify="space-between" gap="xs" wrap="nowrap" py={4}>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="default" aria-label="Previous page" disabled={page <= 1} onClick={() => turn(-1)}>
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
          <Text size="sm" aria-live="polite" miw={90} ta="center">
            {label}
          </Text>
          <ActionIcon variant="default" aria-label="Next page" disabled={page + step > pages} onClick={() => turn(1)}>
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
        </Group>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="default" aria-label="Zoom out" disabled={zoom === 0} onClick={() => setZoom(zoom - 1)}>
            <IconZoomOut size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="default" aria-label="Fit to width" disabled={zoom === 2} onClick={() => setZoom(2)}>
            <IconZoomReset size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="default" aria-label="Zoom in" disabled={zoom === ZOOMS.length - 1} onClick={() => setZoom(zoom + 1)}>
            <IconZoomIn size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      <div
        ref={box}
        // Focusable, so that a zoomed score scrolls by keyboard too.
        tabIndex={0}
        role="group"
        aria-label="Score pages"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        style={{ flex: 1, minHeight: 0, overflow: 'auto', touchAction: zoom > 2 ? 'auto' : 'pan-y', background: 'var(--mantine-color-gray-1)' }}
      >
        {failed ? (
          <Alert color="red" m="sm">
            Unable to open the score. Please refresh the page and try again.
          </Alert>
        ) : !doc ? (
          <Group justify="center" p="xl">
            <Loader aria-label="Loading the score" />
          </Group>
        ) : (
          <div style={{ display: 'flex', justifyContent: zoom > 2 ? 'flex-start' : 'center', width: 'max-content', minWidth: '100%' }}>
            {shown.map((n, slot) => (
              // Keyed by slot, not page: turning the page redraws into the same canvas.
              <PageCanvas key={slot} doc={doc} page={n} width={pageWidth} />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

/** PageCanvas draws one page at the given CSS width, sharp at the screen's pixel ratio. */
function PageCanvas({ doc, page, width }: { doc: PdfDocument; page: number; width: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let task: { cancel(): void } | null = null;
    let live = true;
    void doc.getPage(page).then(async (p) => {
      const el = canvas.current;
      if (!live || !el) return;
      const base = p.getViewport({ scale: 1 });
      const scale = width / base.width;
      const ratio = window.devicePixelRatio || 1;
      const viewport = p.getViewport({ scale: scale * ratio });
      el.width = Math.floor(viewport.width);
      el.height = Math.floor(viewport.height);
      el.style.width = `${Math.floor(width)}px`;
      el.style.height = `${Math.floor(viewport.height / ratio)}px`;
      const running = p.render({ canvas: el, viewport });
      task = running;
      // A cancelled render rejects: the page was turned again first.
      await running.promise.catch(() => {});
    });
    return () => {
      live = false;
      task?.cancel();
    };
  }, [doc, page, width]);
  return <canvas ref={canvas} role="img" aria-label={`Score page ${page}`} style={{ display: 'block', background: 'white' }} />;
}

function useWidth(ref: RefObject<HTMLElement | null>) {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
