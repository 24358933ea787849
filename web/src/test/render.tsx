// The one way tests render a router inside the app's providers.
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider, type createMemoryRouter } from 'react-router';
import { submissionCache } from '../app/mutations';

type Router = ReturnType<typeof createMemoryRouter>;

/**
 * renderWithProviders renders a router inside the providers of the app:
 * Mantine (test environment) with notifications and a query client — by
 * default one without retries.
 */
export function renderWithProviders(
  router: Router,
  queryClient = new QueryClient({
    mutationCache: submissionCache(),
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  }),
) {
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
