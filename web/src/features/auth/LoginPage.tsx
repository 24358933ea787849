import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { HttpError } from '../../api/client';
import { handleError, normaliseError } from '../../app/errors';
import { notify } from '../../app/notify';
import { useSession } from '../../app/session';
import { linkColor } from '../../app/theme';
import { ErrorAlert } from '../../components/ErrorAlert';
import { errorCode, mfaPending, signedInUser, useLogIn, useResendConfirmation } from './authApi';
import { AuthCard } from './AuthCard';
import { errorLines, showFormErrors } from './forms';
import { MfaStep } from './MfaStep';
import { SocialLogin } from './SocialLogin';
import { SubmitButton } from './SubmitButton';
import { useCompleteSignIn } from './useCompleteSignIn';
import { validateLogin } from './validation';

export const LOGIN_FAILED = 'Login failed';
export const LOGIN_FAILED_TOAST = 'Failed to log in. Please check your credentials and try again.';

export interface LoginFailure {
  message: string;
  /** The account exists but its email is not confirmed yet: offer to resend. */
  unconfirmed: boolean;
  /** Not an answer about the credentials (network, server fault): worth a toast too. */
  unexpected: boolean;
  /** The account waits for its deletion: offer to restore it (Your data). */
  deactivated?: boolean;
}

/** describeLoginFailure turns a failed sign-in into what the page shows (accounts §4.3). */
export function describeLoginFailure(err: unknown): LoginFailure {
  if (err instanceof HttpError) {
    return {
      message: err.body?.message || LOGIN_FAILED,
      unconfirmed: errorCode(err) === 'EMAIL_NOT_CONFIRMED',
      unexpected: err.status >= 500,
      deactivated: errorCode(err) === 'ACCOUNT_DEACTIVATED',
    };
  }
  return { message: normaliseError(err).message || LOGIN_FAILED, unconfirmed: false, unexpected: true };
}

interface LoginValues {
  email: string;
  password: string;
  rememberMe: boolean;
}

function locationEmail(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

/**
 * LoginPage is the sign-in screen (/login, accounts §2.6, §4.3): email and
 * password with remember-me, social sign-in, and the two-factor step when
 * the server asks for a code.
 */
export function LoginPage() {
  const { user } = useSession();
  const location = useLocation();
  const completeSignIn = useCompleteSignIn();
  const logIn = useLogIn();
  const resend = useResendConfirmation();
  // Once a sign-in completes, useCompleteSignIn chooses where to go, not the redirect below.
  const [completing, setCompleting] = useState(false);

  const [step, setStep] = useState<'password' | 'mfa'>('password');
  const form = useForm<LoginValues>({
    initialValues: { email: locationEmail(location.state), password: '', rememberMe: false },
    validate: ({ email, password }) => validateLogin(email, password),
    enhanceGetInputProps: errorLines,
  });
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  // Whether the code step belongs to this page's password sign-in (and so to its remember-me box).
  const [mfaFromPassword, setMfaFromPassword] = useState(false);

  // A social sign-in that needs a second factor comes back here: ask the server.
  useEffect(() => {
    let active = true;
    mfaPending()
      .then((pending) => {
        if (active && pending) setStep('mfa');
      })
      .catch(() => {
        // No answer: the password form stays.
      });
    return () => {
      active = false;
    };
  }, []);

  if (user && !completing) return <Navigate to="/dashboard" replace />;

  const finish = (remember: boolean | undefined) => {
    setCompleting(true);
    void completeSignIn(remember);
  };

  const signIn = async ({ email, password, rememberMe }: LoginValues, restoreAccount = false) => {
    setFailure(null);
    try {
      await logIn.submit(
        { email: email.trim(), password, rememberMe, ...(restoreAccount ? { restoreAccount } : {}) },
        {
          onSuccess: (result) => {
            if (signedInUser(result)) {
              finish(rememberMe);
            } else if (result.status === 'mfa_required') {
              setMfaFromPassword(true);
              setStep('mfa');
            } else {
              setFailure({ message: LOGIN_FAILED, unconfirmed: false, unexpected: true });
            }
          },
          onError: (err) => {
            if (showFormErrors(form, err)) return;
            const described = describeLoginFailure(err);
            setFailure(described);
            if (described.unexpected) notify.error(LOGIN_FAILED_TOAST);
          },
        },
      );
    } catch {
      // Shown by onError.
    }
  };

  const onResend = async () => {
    const address = form.getValues().email.trim();
    try {
      await resend.submit(address, {
        onSuccess: () =>
          notify.success(`We've sent a new confirmation email to ${address}. Check your inbox and spam folder.`),
        onError: (err) => handleError(err),
      });
    } catch {
      // Shown by onError.
    }
  };

  if (step === 'mfa') {
    return (
      <MfaStep
        onSignedIn={() => finish(mfaFromPassword ? form.getValues().rememberMe : undefined)}
        onBack={() => {
          setStep('password');
          form.setFieldValue('password', '');
          setMfaFromPassword(false);
        }}
      />
    );
  }

  return (
    <AuthCard title="Welcome Back" description="Sign in to your Cantica account">
      <SocialLogin remember={form.getValues().rememberMe} />
      <form noValidate onSubmit={form.onSubmit((values) => signIn(values), () => setFailure(null))} aria-label="Sign in">
        <Stack gap="md">
          {failure && (
            <ErrorAlert>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{failure.message}</Text>
                {failure.unconfirmed && (
                  <Button size="xs" variant="outline" color="red" onClick={onResend} disabled={resend.submitting}>
                    {resend.submitting ? 'Sending...' : 'Resend confirmation email'}
                  </Button>
                )}
                {failure.deactivated && (
                  <Button size="xs" color="red.9" onClick={() => signIn(form.getValues(), true)} disabled={logIn.submitting}>
                    Restore my account
                  </Button>
                )}
              </Stack>
            </ErrorAlert>
          )}
          <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <PasswordInput label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Checkbox label="Remember me for 30 days" {...form.getInputProps('rememberMe', { type: 'checkbox' })} />
            <Anchor component={Link} to="/forgot-password" size="sm" c={linkColor}>
              Forgot password?
            </Anchor>
          </Group>
          <SubmitButton busy={logIn.submitting} busyLabel="Signing in...">
            Sign In
          </SubmitButton>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Don't have an account?{' '}
        <Anchor component={Link} to="/register" c={linkColor}>
          Create an account
        </Anchor>
      </Text>
    </AuthCard>
  );
}
