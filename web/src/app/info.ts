import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';

/** useServerInfo reads the server's public facts, such as which social sign-in providers are configured. */
export function useServerInfo() {
  return useQuery({
    queryKey: ['info'],
    queryFn: async () => unwrap(await api.GET('/info')),
    staleTime: Infinity,
  });
}
