import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders, startQueryClient } from './AppProviders';
import { forgetEarlyReads } from '../api/early';
import { warmFirstPage } from './firstPage';
import { routes } from './routes';

const queryClient = startQueryClient();
/** Resolves when the first page's data is in, or has been waited for long enough (firstPage.ts). */
export const firstPageReady = warmFirstPage(queryClient, window.location.pathname).finally(forgetEarlyReads);
let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * startRouter makes the app's router once. Making it matches the address
 * against every route and starts loading the page's code: 20–30 ms of a
 * phone's processor, which main.tsx gives a task of its own rather than
 * adding it to the one that runs the app's modules (a task that long blocks
 * taps, and Lighthouse counts it).
 */
export function startRouter() {
  router ??= createBrowserRouter(routes);
  return router;
}

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={startRouter()} />
    </AppProviders>
  );
}
