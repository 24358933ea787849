import { Box, Group, Skeleton, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingView } from '../components/LoadingView';
import { useChoir } from './choir';
import { showErrorToast } from './errors';
import { passes, type Permission } from './permissions';
import { isGlobalAdminPath } from './shell/navigation';
import { readSession, removeSession } from './storage';

/** Session-storage keys the guards read (accounts §3). */
export const JUST_REGISTERED_KEY = 'justRegisteredWithInvite';
export const PENDING_INVITE_KEY = 'pendingInviteToken';

/** Invite set-up wait before the page reloads (accounts §9). */
export const INVITE_SETUP_WAIT_MS = 5000;

export const PERMISSION_DENIED_MESSAGE = "You don't have permission to access this page";

export interface AccessGuardProps {
  /** The page works in a choir (every page under /dashboard but the global-admin ones and About). */
  requireChoir?: boolean;
  /** Permissions of accounts §6; the guard passes on any one unless `all` is set. */
  permissions?: Permission[];
  all?: boolean;
}

/**
 * AccessGuard is a route element holding the access guards of accounts
 * §4.10, in order:
 * 1. while the session loads: a skeleton;
 * 2. signed out: /login, carrying the requested location in state.from;
 * 3. a choir required and not a global admin: with no choirs, 'Setting up
 *    your account...' right after an invite sign-up (then a reload), else
 *    the pending invite, else /choir-registration; with choirs, the
 *    just-registered flag is cleared;
 * 4. a choir required, none chosen and no valid stored one (global-admin
 *    pages excepted): /select-choir;
 * 5. a permission missing, by the table the server sent with the session:
 *    /dashboard with an error toast.
 * The server decides for real; this only hides what it would refuse.
 */
export function AccessGuard({ requireChoir = false, permissions, all = false }: AccessGuardProps) {
  const location = useLocation();
  const { user, loading, choirs, can, isGlobalAdmin, needsSelection } = useChoir();
  const choirCheck = requireChoir && !!user && !isGlobalAdmin;
  const hasChoirs = choirs.length > 0;

  useEffect(() => {
    if (choirCheck && hasChoirs) removeSession(JUST_REGISTERED_KEY);
  }, [choirCheck, hasChoirs]);

  // 1. Loading.
  if (loading) return <GuardSkeleton />;
  // 2. Signed out.
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  // 3. No choir yet.
  if (choirCheck && !hasChoirs) {
    if (readSession(JUST_REGISTERED_KEY)) return <SettingUpAccount />;
    const token = readSession(PENDING_INVITE_KEY);
    if (token) return <Navigate to={`/accept-invite?token=${encodeURIComponent(token)}`} replace />;
    return <Navigate to="/choir-registration" replace />;
  }
  // 4. No choir chosen.
  if (requireChoir && needsSelection && !isGlobalAdminPath(location.pathname)) {
    return <Navigate to="/select-choir" replace />;
  }
  // 5. Permissions.
  if (!passes(can, permissions, { all })) return <PermissionDenied />;
  return <Outlet />;
}

/** RequireAuth is the sign-in-only guard: steps 1 and 2 of accounts §4.10. */
export function RequireAuth() {
  return <AccessGuard />;
}

function PermissionDenied() {
  useEffect(() => {
    // One toast even when the guard renders twice (the id deduplicates).
    showErrorToast(PERMISSION_DENIED_MESSAGE, { id: 'permission-denied', important: true });
  }, []);
  return <Navigate to="/dashboard" replace />;
}

/** SettingUpAccount waits for an invite sign-up to settle, then reloads the page. */
function SettingUpAccount() {
  useEffect(() => {
    const timer = setTimeout(() => {
      removeSession(JUST_REGISTERED_KEY);
      window.location.reload();
    }, INVITE_SETUP_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  return <LoadingView message="Setting up your account..." />;
}

/** GuardSkeleton stands in for a signed-in page while the session loads. */
export function GuardSkeleton() {
  return (
    <Box miw={320} p="md" role="status" aria-label="Loading" aria-busy>
      <Group h={44} justify="space-between" wrap="nowrap">
        <Skeleton h={20} w={140} />
        <Group gap="xs" wrap="nowrap">
          <Skeleton h={34} w={34} />
          <Skeleton h={34} w={34} />
        </Group>
      </Group>
      <Stack gap="md" mt="md">
        <Skeleton h={32} w="40%" />
        <Skeleton h={16} />
        <Skeleton h={16} w="90%" />
        <Skeleton h={160} />
      </Stack>
    </Box>
  );
}
