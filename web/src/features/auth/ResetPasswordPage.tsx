import { Anchor, Box, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconCircleCheck, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { fieldErrors, HttpError } from '../../api/client';
import { errorColor, linkColor, successColor } from '../../app/theme';
import { ErrorAlert } from '../../components/ErrorAlert';
import { errorCode, useResetPassword } from './authApi';
import { AuthCard } from './AuthCard';
import { errorLines, showFormErrors } from './forms';
import { PasswordChecklist } from './PasswordChecklist';
import { SubmitButton } from './SubmitButton';
import { validateNewPassword } from './validation';

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
  const resetPassword = useResetPassword();
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: ({ password, confirmPassword }) => validateNewPassword(password, confirmPassword),
    enhanceGetInputProps: errorLines,
  });
  const [failure, setFailure] = useState<{ message: string; badToken: boolean } | null>(null);
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

  const update = async ({ password }: { password: string }) => {
    setFailure(null);
    try {
      await resetPassword.submit(
        { token, password },
        {
          onSuccess: () => setDone(true),
          onError: (err) => {
            if (showFormErrors(form, err)) return;
            if (err instanceof HttpError) {
              const fields = fieldErrors(err);
              setFailure({
                message: fields.token || err.body?.message || UPDATE_FAILED,
                badToken: errorCode(err) === 'INVALID_TOKEN' || Boolean(fields.token),
              });
            } else {
              setFailure({ message: UNEXPECTED_FAILURE, badToken: false });
            }
          },
        },
      );
    } catch {
      // Shown by onError.
    }
  };

  const { password, confirmPassword: confirm } = form.getValues();

  return (
    <AuthCard title="Set New Password" description="Choose a new password for your account.">
      <form noValidate onSubmit={form.onSubmit(update, () => setFailure(null))} aria-label="Set a new password">
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
              {...form.getInputProps('password')}
            />
            <PasswordChecklist password={password} />
          </Stack>
          <Stack gap="xs">
            <PasswordInput
              label="Confirm new password"
              autoComplete="new-password"
              required
              {...form.getInputProps('confirmPassword')}
            />
            <MatchIndicator password={password} confirm={confirm} />
          </Stack>
          <SubmitButton busy={resetPassword.submitting} busyLabel="Updating...">
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
