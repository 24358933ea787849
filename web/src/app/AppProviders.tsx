import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './phone.css';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { afterFirstPaint } from './afterFirstPaint';
import { createQueryClient } from './queryClient';
import { sessionQuery } from './session';
import { AppThemeProvider } from './theme';

// The toasts' container and its transitions load once the first page has painted:
// a toast shown before then waits in Mantine's store and appears once it has loaded.
const Notifications = lazy(() => import('./shell/Toasts').then((m) => ({ default: m.Notifications })));

/**
 * Toasts mounts the toasts' container once the first page has painted. Its
 * own state, so that mounting it renders it alone, not the app around it.
 */
function Toasts() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => afterFirstPaint(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" limit={3} />
    </Suspense>
  );
}

/** startQueryClient makes an app's query client, which starts asking who is signed in. */
export function startQueryClient() {
  const queryClient = createQueryClient();
  // Nearly every page asks who is signed in: ask now, while its code loads.
  void queryClient.prefetchQuery(sessionQuery);
  return queryClient;
}

/**
 * AppProviders is what both apps, the signed-in one (App.tsx) and the public
 * one (PublicApp.tsx), render their router in: the theme, the toasts and the
 * query client (the app's own, or one made here), which starts asking who is
 * signed in.
 */
export function AppProviders({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? startQueryClient());
  return (
    <AppThemeProvider>
      <Toasts />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </AppThemeProvider>
  );
}
