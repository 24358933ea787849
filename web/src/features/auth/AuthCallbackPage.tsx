import { Box, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { HttpError } from '../../api/client';
import { readStoredChoirId, resolveActiveChoir } from '../../app/choir';
import { normaliseError } from '../../app/errors';
import { notify } from '../../app/notify';
import { sessionQuery } from '../../app/session';
import { errorColor } from '../../app/theme';
import { useAcceptPendingInvite } from '../invitations';
import { mfaPending, useConfirmEmail } from './authApi';
import { AuthCard } from './AuthCard';
import { DEFAULT_DESTINATION, takeSocialReturn } from './useCompleteSignIn';

export const AUTH_FAILED = 'Authentication failed. Please try again.';
export const EMAIL_CONFIRMED = 'Your email is confirmed. You can sign in now.';
export const PROCESSING = 'Processing authentication...';
export const FINALIZING = 'Finalizing authentication...';

export interface CallbackError {
  message: string;
  detail?: string;
}

/** describeCallbackError applies the special cases of accounts §8 'Callback'. */
export function describeCallbackError(message: string | null | undefined): CallbackError {
  const text = message?.trim() || AUTH_FAILED;
  if (text.includes('Database error')) {
    return {
      message: 'There was a problem with your account setup.',
      detail:
        'This looks like a temporary database issue on our side. Please try again in a few minutes, and contact support if it keeps happening.',
    };
  }
  if (text.includes('User profile error')) {
    return {
      message: 'Error loading your profile.',
      detail: 'Your sign-in worked, but your profile could not be loaded. Please try signing in again.',
    };
  }
  return { message: text };
}

function ErrorCard({ error }: { error: CallbackError }) {
  return (
    <AuthCard
      title="Authentication Error"
      icon={
        <Box c={errorColor} display="flex">
          <IconAlertTriangle size={40} aria-hidden />
        </Box>
      }
    >
      <Stack gap="xs" role="alert">
        <Text ta="center" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {error.message}
        </Text>
        {error.detail && (
          <Text ta="center" size="sm">
            {error.detail}
          </Text>
        )}
      </Stack>
      <Stack gap="sm">
        <Button component={Link} to="/login" fullWidth>
          Return to Login
        </Button>
        <Button component={Link} to="/" variant="default" fullWidth>
          Back to Home
        </Button>
      </Stack>
    </AuthCard>
  );
}

/**
 * AuthCallbackPage is where social sign-in and the registration confirmation
 * link land (/auth/callback, accounts §2.10): an error from the query, a
 * confirm=<token> to redeem, or a fresh session to pick up.
 */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { submit: confirmEmail } = useConfirmEmail();
  const acceptPendingInvite = useAcceptPendingInvite();
  const started = useRef(false);

  const urlError = params.get('error_description') || params.get('error');
  const confirmToken = params.get('confirm');

  const [phase, setPhase] = useState<'processing' | 'finalizing'>('processing');
  const [failure, setFailure] = useState<CallbackError | null>(null);

  useEffect(() => {
    // Once only: a confirmation token can be redeemed a single time.
    if (started.current || urlError) return;
    started.current = true;

    const run = async () => {
      if (confirmToken) {
        try {
          const confirmed = await confirmEmail(confirmToken);
          setPhase('finalizing');
          notify.success(EMAIL_CONFIRMED);
          void navigate('/login', { replace: true, state: { email: confirmed?.email ?? '' } });
        } catch (err) {
          setFailure(
            describeCallbackError(err instanceof HttpError ? err.body?.message || AUTH_FAILED : normaliseError(err).message),
          );
        }
        return;
      }

      // Back from a social provider: the server has set (or not) the session cookie.
      let session;
      try {
        session = await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
      } catch (err) {
        setFailure(describeCallbackError(err instanceof HttpError ? err.body?.message : normaliseError(err).message));
        return;
      }
      const { user } = session;
      if (user) {
        setPhase('finalizing');
        // An invitation stored before the sign-in is accepted first (accounts §2.10).
        const joined = await acceptPendingInvite();
        const requested = takeSocialReturn();
        if (joined) {
          void navigate(DEFAULT_DESTINATION, { replace: true });
          return;
        }
        // Then the dashboard (or the page asked for before signing in) with a
        // current choir, else choir registration. A global admin without a
        // choir works in Global Admin Mode, on the dashboard (§4.2, §4.10).
        const current = resolveActiveChoir({ user, memberships: session.choirs, storedChoirId: readStoredChoirId() });
        const inAChoir = current.choirId !== null || user.isGlobalAdmin;
        void navigate(inAChoir ? (requested ?? DEFAULT_DESTINATION) : '/choir-registration', { replace: true });
        return;
      }
      // An account with two-factor authentication still owes its code.
      const pending = await mfaPending().catch(() => false);
      if (pending) {
        void navigate('/login', { replace: true });
        return;
      }
      setFailure(describeCallbackError(AUTH_FAILED));
    };
    void run();
  }, [acceptPendingInvite, confirmEmail, confirmToken, navigate, queryClient, urlError]);

  if (urlError) return <ErrorCard error={describeCallbackError(urlError)} />;
  if (failure) return <ErrorCard error={failure} />;

  return (
    <Center py="xl" px="md" mih="50vh">
      <Stack align="center" gap="md" role="status" aria-live="polite">
        <Loader aria-hidden />
        <Title order={1} size="h3" ta="center">
          {phase === 'finalizing' ? FINALIZING : PROCESSING}
        </Title>
      </Stack>
    </Center>
  );
}
