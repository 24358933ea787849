import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from './queryClient';
import { routes } from './routes';
import { fetchSession, sessionQueryKey } from './session';
import { AppThemeProvider } from './theme';

const router = createBrowserRouter(routes);

// The toasts' container and its transitions load after the first page: a toast
// shown before then waits in Mantine's store and appears once it has loaded.
const Notifications = lazy(() => import('./shell/Toasts').then((m) => ({ default: m.Notifications })));

function startQueryClient() {
  const queryClient = createQueryClient();
  // Nearly every page asks who is signed in: ask now, while its code loads.
  void queryClient.prefetchQuery({ queryKey: sessionQueryKey, queryFn: fetchSession });
  return queryClient;
}

export function App() {
  const [queryClient] = useState(startQueryClient);
  return (
    <AppThemeProvider>
      <Suspense fallback={null}>
        <Notifications position="top-right" limit={3} />
      </Suspense>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppThemeProvider>
  );
}
