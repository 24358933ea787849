import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconClockHour4, IconMailCheck, IconUserShield } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { HttpError } from '../../api/client';
import { useSession } from '../../app/session';
import { linkColor } from '../../app/theme';
import { ErrorAlert } from '../../components/ErrorAlert';
import {
  isSecurityWait,
  providerLabel,
  useCheckProvider,
  useRequestPasswordReset,
  waitSeconds,
  type AuthProviderCheck,
} from './authApi';
import { AuthCard } from './AuthCard';
import { errorLines, showFormErrors } from './forms';
import { SubmitButton } from './SubmitButton';
import { emailError } from './validation';

export const CHECK_ACCOUNT_FAILED = 'An error occurred while checking your account. Please try again.';
export const NO_ACCOUNT = 'No account found with this email.';
export const SEND_FAILED = 'Unable to send reset email.';
export const UNKNOWN_FAILURE = 'An unknown error occurred. Please try again later.';

type State =
  | { kind: 'form' }
  | { kind: 'sent'; email: string }
  | { kind: 'social'; email: string; provider: string }
  | { kind: 'wait'; seconds: number };

/**
 * The Please Wait countdown: whole seconds left until a deadline, so a
 * throttled background tab still shows the right number when it wakes.
 */
function useCountdown(seconds: number) {
  const [deadline] = useState(() => Date.now() + seconds * 1000);
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const timer = setInterval(() => {
      const next = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(next);
      if (next <= 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [deadline]);
  return left;
}

function PleaseWait({ seconds, onReset }: { seconds: number; onReset: () => void }) {
  const left = useCountdown(seconds);
  return (
    <AuthCard title="Please Wait" icon={<IconClockHour4 size={40} aria-hidden />}>
      <Text ta="center">
        {left > 0 ? (
          <>
            For security purposes, you can request another reset email in{' '}
            <Text span fw={700}>
              {left} {left === 1 ? 'second' : 'seconds'}
            </Text>
            .
          </>
        ) : (
          'You can now request another reset email.'
        )}
      </Text>
      <OutcomeActions onReset={onReset} />
    </AuthCard>
  );
}

function OutcomeActions({ onReset }: { onReset?: () => void }) {
  return (
    <Stack gap="sm">
      <Button component={Link} to="/login" fullWidth>
        Back to Login
      </Button>
      {onReset && (
        <Button variant="default" fullWidth onClick={onReset}>
          Try Different Email
        </Button>
      )}
    </Stack>
  );
}

/**
 * ForgotPasswordPage asks for a reset email (/forgot-password, accounts §2.8,
 * §4.8): form, then an error, 'Check Your Email', the social-account notice
 * or the 'Please Wait' rate-limit screen.
 */
export function ForgotPasswordPage() {
  const { user } = useSession();
  const checkProvider = useCheckProvider();
  const requestReset = useRequestPasswordReset();
  const [state, setState] = useState<State>({ kind: 'form' });
  const form = useForm({
    initialValues: { email: '' },
    validate: ({ email }) => ({ email: emailError(email) }),
    enhanceGetInputProps: errorLines,
  });
  const [failure, setFailure] = useState<string | null>(null);

  if (user) return <Navigate to="/dashboard" replace />;

  const reset = () => {
    form.reset();
    setFailure(null);
    setState({ kind: 'form' });
  };

  const send = async ({ email }: { email: string }) => {
    setFailure(null);
    const address = email.trim();
    let check: AuthProviderCheck | undefined;
    try {
      check = await checkProvider.submit(address);
    } catch {
      setFailure(CHECK_ACCOUNT_FAILED);
      return;
    }
    if (!check) return;
    if (!check.found) {
      setFailure(NO_ACCOUNT);
      return;
    }
    if (check.isOAuth) {
      setState({ kind: 'social', email: address, provider: providerLabel(check.provider) });
      return;
    }
    try {
      await requestReset.submit(address, {
        onSuccess: () => setState({ kind: 'sent', email: address }),
        onError: (err) => {
          if (!(err instanceof HttpError)) {
            setFailure(UNKNOWN_FAILURE);
            return;
          }
          const message = err.body?.message || '';
          if (err.status === 429 && isSecurityWait(message)) {
            setState({ kind: 'wait', seconds: waitSeconds(message, err.body?.retryAfterSeconds) });
          } else if (!showFormErrors(form, err)) {
            setFailure(message || SEND_FAILED);
          }
        },
      });
    } catch {
      // Shown by onError.
    }
  };

  switch (state.kind) {
    case 'sent':
      return (
        <AuthCard title="Check Your Email" icon={<IconMailCheck size={40} aria-hidden />}>
          <Text ta="center" style={{ overflowWrap: 'anywhere' }}>
            We've sent a password reset link to <strong>{state.email}</strong>. Check your inbox and spam folder,
            then follow the link to choose a new password.
          </Text>
          <OutcomeActions />
        </AuthCard>
      );
    case 'social':
      return (
        <AuthCard title={`This Email Uses ${state.provider} Sign-In`} icon={<IconUserShield size={40} aria-hidden />}>
          <Text ta="center" style={{ overflowWrap: 'anywhere' }}>
            The account for <strong>{state.email}</strong> was created with {state.provider}, so it has no password
            to reset. Sign in with {state.provider} on the login page instead.
          </Text>
          <OutcomeActions onReset={reset} />
        </AuthCard>
      );
    case 'wait':
      return <PleaseWait seconds={state.seconds} onReset={reset} />;
    default:
      return (
        <AuthCard
          title="Forgot Password"
          description="Enter your email address and we'll send you a link to reset your password."
        >
          <form noValidate onSubmit={form.onSubmit(send, () => setFailure(null))} aria-label="Request a password reset">
            <Stack gap="md">
              {failure && (
                <ErrorAlert>
                  {failure}
                </ErrorAlert>
              )}
              <TextInput
                label="Email"
                type="email"
                autoComplete="email"
                required
                {...form.getInputProps('email')}
              />
              <SubmitButton busy={checkProvider.submitting || requestReset.submitting} busyLabel="Sending...">
                Send Reset Link
              </SubmitButton>
            </Stack>
          </form>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/login" c={linkColor}>
              Back to Login
            </Anchor>
          </Text>
        </AuthCard>
      );
  }
}
