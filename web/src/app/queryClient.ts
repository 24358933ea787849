import { QueryClient } from '@tanstack/react-query';
import { HttpError } from '../api/client';
import { isStandingQuery } from './billing';
import { submissionCache } from './mutations';

const minute = 60 * 1000;

// The specification's cache settings: fresh 5 min, kept 10 min, one retry for
// queries and mutations, no refetch on focus, always refetch on reconnect.
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    mutationCache: submissionCache((err) => refreshStandingOnReadOnly(client, err)),
    defaultOptions: {
      queries: {
        staleTime: 5 * minute,
        gcTime: 10 * minute,
        retry: 1,
        refetchOnWindowFocus: false,
        refetchOnReconnect: 'always',
      },
      mutations: {
        retry: 1,
      },
    },
  });
  return client;
}

/**
 * refreshStandingOnReadOnly reloads the billing banners (and "Plan and
 * billing") when a change was refused because the choir is read-only (its
 * trial ended while the page was open): they say so at once, not after their
 * five minutes of cache.
 */
export function refreshStandingOnReadOnly(client: QueryClient, err: unknown) {
  if (isReadOnlyRefusal(err)) void client.invalidateQueries({ predicate: isStandingQuery });
}

/** isReadOnlyRefusal finds the server's 403 CHOIR_READ_ONLY, also inside an error that wraps it as its cause. */
function isReadOnlyRefusal(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof HttpError && e.status === 403 && e.code === 'CHOIR_READ_ONLY') return true;
  }
  return false;
}
