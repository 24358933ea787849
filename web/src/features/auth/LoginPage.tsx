import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { fieldErrors, HttpError } from '../../api/client';
import { handleError, normaliseError } from '../../app/errors';
import { notify } from '../../app/notify';
import { useSession } from '../../app/session';
import { linkColor } from '../../app/theme';
import { ErrorAlert } from '../../components/ErrorAlert';
import { errorCode, logIn, mfaPending, resendConfirmation, signedInUser } from './authApi';
import { AuthCard, messageLines } from './AuthCard';
import { MfaStep } from './MfaStep';
import { SocialLogin } from './SocialLogin';
import { SubmitButton } from './SubmitButton';
import { useCompleteSignIn } from './useCompleteSignIn';
import { hasErrors, validateLogin, type FormErrors } from './validation';

export const LOGIN_FAILED = 'Login failed';
export const LOGIN_FAILED_TOAST = 'Failed to log in. Please check your credentials and try again.';

export interface LoginFailure {
  message: string;
  /** The account exists but its email is not confirmed yet: offer to resend. */
  unconfirmed: boolean;
  /** Not an answer about the credentials (network, server fault): worth a toast too. */
  unexpected: boolean;
}

/** describeLoginFailure turns a failed sign-in into what the page shows (accounts §4.3). */
export function describeLoginFailure(err: unknown): LoginFailure {
  if (err instanceof HttpError) {
    return {
      message: err.body?.message || LOGIN_FAILED,
      unconfirmed: errorCode(err) === 'EMAIL_NOT_CONFIRMED',
      unexpected: err.status >= 500,
    };
  }
  return { message: normaliseError(err).message || LOGIN_FAILED, unconfirmed: false, unexpected: true };
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
  // Once a sign-in completes, useCompleteSignIn chooses where to go, not the redirect below.
  const [completing, setCompleting] = useState(false);

  const [step, setStep] = useState<'password' | 'mfa'>('password');
  const [email, setEmail] = useState(() => locationEmail(location.state));
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [errors, setErrors] = useState<FormErrors<'email' | 'password'>>({});
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
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

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = validateLogin(email, password);
    setErrors(found);
    setFailure(null);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      const result = await logIn({ email: email.trim(), password, rememberMe });
      if (signedInUser(result)) {
        finish(rememberMe);
        return;
      }
      if (result.status === 'mfa_required') {
        setMfaFromPassword(true);
        setStep('mfa');
        return;
      }
      setFailure({ message: LOGIN_FAILED, unconfirmed: false, unexpected: true });
    } catch (err) {
      const fields = fieldErrors(err);
      const fieldMessages: FormErrors<'email' | 'password'> = { email: fields.email, password: fields.password };
      if (hasErrors(fieldMessages)) {
        setErrors(fieldMessages);
      } else {
        const described = describeLoginFailure(err);
        setFailure(described);
        if (described.unexpected) notify.error(LOGIN_FAILED_TOAST);
      }
    } finally {
      setBusy(false);
    }
  };

  const onResend = async () => {
    if (resending) return;
    const address = email.trim();
    setResending(true);
    try {
      await resendConfirmation(address);
      notify.success(`We've sent a new confirmation email to ${address}. Check your inbox and spam folder.`);
    } catch (err) {
      handleError(err);
    } finally {
      setResending(false);
    }
  };

  if (step === 'mfa') {
    return (
      <MfaStep
        onSignedIn={() => finish(mfaFromPassword ? rememberMe : undefined)}
        onBack={() => {
          setStep('password');
          setPassword('');
          setMfaFromPassword(false);
        }}
      />
    );
  }

  return (
    <AuthCard title="Welcome Back" description="Sign in to your Cantica account">
      <SocialLogin remember={rememberMe} />
      <form noValidate onSubmit={onSubmit} aria-label="Sign in">
        <Stack gap="md">
          {failure && (
            <ErrorAlert>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{failure.message}</Text>
                {failure.unconfirmed && (
                  <Button size="xs" variant="outline" color="red" onClick={onResend} disabled={resending}>
                    {resending ? 'Sending...' : 'Resend confirmation email'}
                  </Button>
                )}
              </Stack>
            </ErrorAlert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setErrors((prev) => ({ ...prev, email: undefined }));
            }}
            error={errors.email}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setErrors((prev) => ({ ...prev, password: undefined }));
            }}
            error={messageLines(errors.password)}
          />
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Checkbox
              label="Remember me for 30 days"
              checked={rememberMe}
              onChange={(e) => setRememberMe(e.currentTarget.checked)}
            />
            <Anchor component={Link} to="/forgot-password" size="sm" c={linkColor}>
              Forgot password?
            </Anchor>
          </Group>
          <SubmitButton busy={busy} busyLabel="Signing in...">
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
