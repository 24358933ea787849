import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './phone.css';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { notificationsStore } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { afterFirstPaint } from './afterFirstPaint';
import { createQueryClient } from './queryClient';
import { sessionQuery } from './session';
import { AppThemeProvider } from './theme';

// The toasts' container and its transitions load once the first page has painted,
// or at once when a toast is waiting (Toasts below).
const Notifications = lazy(() => import('./shell/Toasts').then((m) => ({ default: m.Notifications })));

const toastWaiting = () => {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length + queue.length > 0;
};

/**
 * Toasts mounts the toasts' container once the first page has painted, or
 * at once when a toast is waiting (a sign-in's 'Welcome back!', carried
 * over, or an error): that one shows with the page, not a moment after, when
 * it might cover what the reader is about to tap. Its own state, so that
 * mounting it renders it alone, not the app around it.
 */
function Toasts() {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterFirstPaint(() => setPainted(true)), []);
  const waiting = useSyncExternalStore(notificationsStore.subscribe, toastWaiting);
  if (!painted && !waiting) return null;
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
