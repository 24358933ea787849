import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts, testQueryClient } from '../../test/render';
import type { ServiceWorkerHooks } from './register';
import { refetchInTurn, ServiceWorkerSetup } from './ServiceWorkerSetup';

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

  it('registers only after the first paint', async () => {
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    try {
      renderSetup();
      await vi.dynamicImportSettled();
      expect(started.hooks).toBeNull();
      // The browser paints, then the registration starts.
      frames.forEach((cb) => cb(0));
      await vi.waitFor(() => expect(started.hooks).not.toBeNull());
    } finally {
      raf.mockRestore();
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

  it('asks every query again once the worker is in charge, one per task', async () => {
    vi.useFakeTimers();
    try {
      const queryClient = testQueryClient();
      const asked: string[] = [];
      for (const name of ['session', 'week', 'practice']) {
        queryClient.setQueryDefaults([name], { queryFn: () => (asked.push(name), 1) });
        queryClient.setQueryData([name], 0);
      }
      const done = refetchInTurn(queryClient);
      expect(asked).toEqual([]);
      await vi.advanceTimersByTimeAsync(0);
      expect(asked).toEqual(['session']);
      await vi.runAllTimersAsync();
      await done;
      expect(asked).toEqual(['session', 'week', 'practice']);
    } finally {
      vi.useRealTimers();
    }
  });
});
