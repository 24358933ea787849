import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap, type SessionUser } from '../api/client';

export const sessionQueryKey = ['session'] as const;

export interface SessionState {
  user: SessionUser | null;
  loading: boolean;
}

/** fetchSession reads the signed-in user and their choirs from the server. */
export async function fetchSession() {
  return unwrap(await api.GET('/auth/session'));
}

/** sessionQuery is who is signed in (GET /auth/session), for every hook and prefetch that asks. */
export const sessionQuery = queryOptions({ queryKey: sessionQueryKey, queryFn: fetchSession });

/** useSession reports who is signed in, as the server sees it. */
export function useSession(): SessionState {
  const query = useQuery(sessionQuery);
  return { user: query.data?.user ?? null, loading: query.isPending };
}
