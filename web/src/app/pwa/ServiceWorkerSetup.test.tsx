import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts, testQueryClient } from '../../test/render';
import { MANIFEST_URL } from './install';
import type { ServiceWorkerHooks } from './register';
import { api, MAX_ASKED_BEFORE_WORKER, takeAskedBeforeWorker } from '../../api/client';
import { askAgainInTurn, ServiceWorkerSetup } from './ServiceWorkerSetup';

// The worker's registration, as vite-plugin-pwa's registerSW would call it back.
const started = vi.hoisted(() => ({ hooks: null as ServiceWorkerHooks | null }));
vi.mock('./register', () => ({
  startServiceWorker: (hooks: ServiceWorkerHooks) => {
    started.hooks = hooks;
  },
}));

function renderSetup() {
  return render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={testQueryClient()}>
        <ServiceWorkerSetup />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the service worker from the signed-in app', () => {
  beforeEach(() => {
    started.hooks = null;
  });
  afterEach(resetToasts);

  it('registers, and links the manifest, only after the first paint', async () => {
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    const manifest = () => document.head.querySelectorAll(`link[rel="manifest"][href="${MANIFEST_URL}"]`);
    try {
      renderSetup();
      await vi.dynamicImportSettled();
      expect(started.hooks).toBeNull();
      expect(manifest()).toHaveLength(0);
      // The browser paints, then the registration starts.
      frames.forEach((cb) => cb(0));
      await vi.waitFor(() => expect(started.hooks).not.toBeNull());
      expect(manifest()).toHaveLength(1);
    } finally {
      raf.mockRestore();
      manifest().forEach((link) => link.remove());
    }
  });

  it('offers "A new version is available — Reload" when a new build waits, and reloads on the tap', async () => {
    renderSetup();
    await vi.waitFor(() => expect(started.hooks).not.toBeNull());
    expect(screen.queryByText(/A new version is available/)).toBeNull();

    const reload = vi.fn();
    started.hooks!.onNewVersion(reload);

    expect(await screen.findByText('A new version is available —')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('asks the reads again once the worker is in charge, one per task, past one that fails', async () => {
    vi.useFakeTimers();
    try {
      const asked: string[] = [];
      const fetchOne = (url: string) => {
        asked.push(url);
        return url.endsWith('/week') ? Promise.reject(new TypeError('offline')) : Promise.resolve(new Response('{}'));
      };
      const done = askAgainInTurn(['/api/v1/auth/session', '/api/v1/choirs/c/week', '/api/v1/choirs/c/practice/me'], fetchOne);
      expect(asked).toEqual([]);
      await vi.advanceTimersByTimeAsync(0);
      expect(asked).toEqual(['/api/v1/auth/session']);
      await vi.runAllTimersAsync();
      await done;
      expect(asked).toEqual(['/api/v1/auth/session', '/api/v1/choirs/c/week', '/api/v1/choirs/c/practice/me']);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the reads asked before a worker takes the page', () => {
  const worker: { controller: object | null } = { controller: null };
  beforeEach(() => {
    worker.controller = null;
    Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true });
    takeAskedBeforeWorker();
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('{}', { headers: { 'Content-Type': 'application/json' } })));
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    vi.unstubAllGlobals();
  });

  it('are noted, reads only and each once, until a worker controls the page', async () => {
    await api.GET('/auth/session');
    await api.GET('/auth/session');
    await api.POST('/auth/logout');
    worker.controller = {};
    await api.GET('/billing/plans');
    expect(takeAskedBeforeWorker()).toEqual([new URL('/api/v1/auth/session', window.location.origin).href]);
    // Taken once: the worker is given them once.
    expect(takeAskedBeforeWorker()).toEqual([]);
  });

  it('are noted up to a bound', async () => {
    for (let i = 0; i < MAX_ASKED_BEFORE_WORKER + 5; i++) {
      await api.GET('/choirs/{choirId}', { params: { path: { choirId: `choir-${i}` } } });
    }
    expect(takeAskedBeforeWorker()).toHaveLength(MAX_ASKED_BEFORE_WORKER);
  });
});
