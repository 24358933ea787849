import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Pages load lazily, through React Router's route.lazy: on a busy machine the
// first render of one can take more than the default second.
configure({ asyncUtilTimeout: 3_000 });

// Files share a jsdom and their modules (vite.config.ts): what one test
// leaves in a global — a toast in Mantine's store, fake timers, a stub —
// is put back here so that the next file starts as if alone.
// Tests that read dates in another zone set process.env.TZ; the zone the run
// began in comes back after each test, deleted when there was none (assigning
// undefined would set the text "undefined", which leaves Intl with no zone).
const startZone = ((globalThis as { canticaStartZone?: string | null }).canticaStartZone ??= process.env.TZ ?? null);

afterEach(() => {
  if (startZone === null) delete process.env.TZ;
  else process.env.TZ = startZone;
  cleanup();
  notifications.clean();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom lacks these; Mantine asks for them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.scrollTo ??= (() => {}) as typeof window.scrollTo;
