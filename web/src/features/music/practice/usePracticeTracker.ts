import { useEffect, useEffectEvent } from 'react';
import { loopEngine } from './loopEngine';
import { localDay, PracticeTracker, type PracticeFigures } from './tracker';
import { useReportPractice } from './trackingApi';
import type { Transport } from './transport';

/** How often a playing session reports, in ms. */
export const REPORT_EVERY_MS = 15_000;

/**
 * usePracticeTracker counts the practice on a transport and reports it to
 * the server: every 15 s while playing, on pause or end, on a change of
 * speed while paused, when the page is hidden, and when the player goes
 * away. Reports are cumulative per session, so a lost or repeated one does
 * no harm.
 */
export function usePracticeTracker(choirId: string, pieceId: string, transport: Transport | null, partName?: string) {
  const report = useReportPractice(choirId, pieceId);
  const send = useEffectEvent((sessionId: string, figures: PracticeFigures) =>
    report.mutate({ sessionId, day: localDay(new Date()), ...figures, ...(partName ? { partName } : {}) }),
  );

  useEffect(() => {
    if (!transport) return;
    const tracker = new PracticeTracker(() => performance.now());
    tracker.setSpeed(transport.rate());
    if (transport.isPlaying()) tracker.handle({ type: 'play', time: transport.currentTime() });
    const sessionId = crypto.randomUUID();
    let last: PracticeFigures | null = null;

    const flush = () => {
      const figures = tracker.figures();
      if (figures.playedSeconds === 0 && figures.loops === 0) return;
      if (last && JSON.stringify(last) === JSON.stringify(figures)) return;
      last = figures;
      send(sessionId, figures);
    };

    const stopEvents = transport.subscribe((event) => {
      tracker.handle(event);
      if (event.type === 'ratechange') tracker.setSpeed(transport.rate());
      // A speed chosen while paused is remembered too (once something was played).
      if (event.type === 'pause' || event.type === 'ended' || (event.type === 'ratechange' && !tracker.isPlaying())) flush();
    });
    const stopWraps = loopEngine(transport).onWrap(() => tracker.loop());
    const timer = setInterval(() => {
      if (tracker.isPlaying()) flush();
    }, REPORT_EVERY_MS);
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', flush);
    return () => {
      flush();
      stopEvents();
      stopWraps();
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', flush);
    };
  }, [transport]);
}
