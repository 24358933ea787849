// The one way tests render a router inside the app's providers.
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';
import type { ReactNode } from 'react';
import { RouterProvider, type createMemoryRouter } from 'react-router';
import { submissionCache } from '../app/mutations';

type Router = ReturnType<typeof createMemoryRouter>;

/** testQueryClient is a query client for a test: mutations show their submissions, nothing is retried. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: submissionCache(),
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

/** queryWrapper is renderHook's wrapper for hooks that need a query client. */
export function queryWrapper(client: QueryClient) {
  return function QueryWrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}

/**
 * renderWithProviders renders a router inside the providers of the app:
 * Mantine (test environment) with notifications and a query client — by
 * default testQueryClient().
 */
export function renderWithProviders(router: Router, queryClient = testQueryClient()) {
  const view = render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, queryClient, ...view };
}

/** resetToasts empties Mantine's toast store between tests (it outlives a render). */
export function resetToasts() {
  notifications.clean();
  notifications.cleanQueue();
}

/**
 * spyOnToasts watches Mantine's toasts in every test of the file instead of
 * showing them; toasts without an id get toast-1, toast-2, … in order.
 */
export function spyOnToasts() {
  const toasts = {} as { show: MockInstance<typeof notifications.show>; hide: MockInstance<typeof notifications.hide> };
  beforeEach(() => {
    let n = 0;
    toasts.show = vi.spyOn(notifications, 'show').mockImplementation((data) => data.id ?? `toast-${++n}`);
    toasts.hide = vi.spyOn(notifications, 'hide').mockImplementation((id) => id);
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());
  return toasts;
}
