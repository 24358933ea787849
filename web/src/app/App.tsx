import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders, startQueryClient } from './AppProviders';
import { forgetEarlyReads } from '../api/early';
import { warmFirstPage } from './firstPage';
import { routes } from './routes';

const queryClient = startQueryClient();
/** Resolves when the first page's data is in, or has been waited for long enough (firstPage.ts). */
export const firstPageReady = warmFirstPage(queryClient, window.location.pathname).finally(forgetEarlyReads);
const router = createBrowserRouter(routes);

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
