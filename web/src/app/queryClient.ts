import { QueryClient } from '@tanstack/react-query';
import { submissionCache } from './mutations';

const minute = 60 * 1000;

// The specification's cache settings: fresh 5 min, kept 10 min, one retry for
// queries and mutations, no refetch on focus, always refetch on reconnect.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: submissionCache(),
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
}
