/**
 * afterFirstPaint runs work once the page has painted and the browser is
 * idle, so that what the first page does not need (the service worker, the
 * calendar's warm-up) does not hold it up on a slow phone. It returns a
 * function that cancels the work if it has not started.
 */
export function afterFirstPaint(work: () => void): () => void {
  let cancelled = false;
  const run = () => !cancelled && work();
  const frame = requestAnimationFrame(() => {
    if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 3000 });
    else setTimeout(run, 0);
  });
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
  };
}
