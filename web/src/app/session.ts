import { useQuery } from '@tanstack/react-query';
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

/** useSession reports who is signed in, as the server sees it. */
export function useSession(): SessionState {
  const query = useQuery({ queryKey: sessionQueryKey, queryFn: fetchSession });
  return { user: query.data?.user ?? null, loading: query.isPending };
}
