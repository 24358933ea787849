import { Anchor, Box, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconCheck, IconCircleCheck, IconX } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { fieldErrors, HttpError } from '../../api/client';
import { errorColor, linkColor, successColor } from '../../app/theme';
import { ErrorAlert } from '../../components/ErrorAlert';
import { errorCode, resetPassword } from './authApi';
import { AuthCard, messageLines } from './AuthCard';
import { PasswordChecklist } from './PasswordChecklist';
import { SubmitButton } from './SubmitButton';
import { hasErrors, validateNewPassword, type FormErrors } from './validation';

export const UPDATE_FAILED = 'Failed to update password. Please try again.';
export const UNEXPECTED_FAILURE = 'An unexpected error occurred. Please try again later.';
export const MISSING_TOKEN = 'This password reset link is invalid or incomplete. Please request a new one.';
/** Redirect to /login after a password change (accounts §9). */
export const REDIRECT_AFTER_RESET_MS = 3000;

function MatchIndicator({ password, confirm }: { password: string; confirm: string }) {
  const match = password === confirm;
  return (
    <Box aria-live="polite">
      {confirm && (
        <Group gap={6} wrap="nowrap" c={match ? successColor : errorColor}>
          {match ? <IconCheck size={16} aria-hidden /> : <IconX size={16} aria-hidden />}
          <Text size="sm" c="inherit">
            {match ? 'Passwords match' : "Passwords don't match"}
          </Text>
        </Group>
      )}
    </Box>
  );
}

function RequestNewLink() {
  return (
    <Anchor component={Link} to="/forgot-password" c={linkColor} size="sm">
      Request a new reset link
    </Anchor>
  );
}

function ResetSucceeded() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate('/login', { replace: true }), REDIRECT_AFTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <AuthCard
      title="Password Updated Successfully!"
      icon={
        <Box c={successColor} display="flex">
          <IconCircleCheck size={40} aria-hidden />
        </Box>
      }
      description="You can now sign in with your new password. Taking you to the login page in 3 seconds..."
    >
      <Button component={Link} to="/login" replace fullWidth>
        Go to Login Now
      </Button>
    </AuthCard>
  );
}

/**
 * ResetPasswordPage sets a new password with the token of the reset email
 * (/reset-password?token=…, accounts §2.9, §4.9, §5 'New password screen').
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FormErrors<'password' | 'confirmPassword'>>({});
  const [failure, setFailure] = useState<{ message: string; badToken: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  if (done) return <ResetSucceeded />;

  if (!token) {
    return (
      <AuthCard title="Set New Password">
        <ErrorAlert title="Invalid reset link">
          {MISSING_TOKEN}
        </ErrorAlert>
        <Text ta="center">
          <RequestNewLink />
        </Text>
      </AuthCard>
    );
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const found = validateNewPassword(password, confirm);
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      await resetPassword(token, password);
      setDone(true);
    } catch (err) {
      const fields = fieldErrors(err);
      if (fields.password) {
        setErrors({ password: fields.password });
      } else if (err instanceof HttpError) {
        const code = errorCode(err);
        setFailure({
          message: fields.token || err.body?.message || UPDATE_FAILED,
          badToken: code === 'INVALID_TOKEN' || Boolean(fields.token),
        });
      } else {
        setFailure({ message: UNEXPECTED_FAILURE, badToken: false });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Set New Password" description="Choose a new password for your account.">
      <form noValidate onSubmit={onSubmit} aria-label="Set a new password">
        <Stack gap="md">
          {failure && (
            <ErrorAlert>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{failure.message}</Text>
                {failure.badToken && <RequestNewLink />}
              </Stack>
            </ErrorAlert>
          )}
          <Stack gap="xs">
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              required
              value={password}
              onChange={(e) => {
                setPassword(e.currentTarget.value);
                setErrors((prev) => ({ ...prev, password: undefined }));
              }}
              error={messageLines(errors.password)}
            />
            <PasswordChecklist password={password} />
          </Stack>
          <Stack gap="xs">
            <PasswordInput
              label="Confirm new password"
              autoComplete="new-password"
              required
              value={confirm}
              onChange={(e) => {
                setConfirm(e.currentTarget.value);
                setErrors((prev) => ({ ...prev, confirmPassword: undefined }));
              }}
              error={messageLines(errors.confirmPassword)}
            />
            <MatchIndicator password={password} confirm={confirm} />
          </Stack>
          <SubmitButton busy={busy} busyLabel="Updating...">
            Update Password
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
