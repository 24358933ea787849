import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import type { SessionUser } from '../../api/client';
import { HttpError } from '../../api/client';
import { normaliseError } from '../../app/errors';
import { ErrorAlert } from '../../components/ErrorAlert';
import { signedInUser, useVerifyMfa } from './authApi';
import { AuthCard } from './AuthCard';
import { errorLines, showFormErrors } from './forms';
import { SubmitButton } from './SubmitButton';

export const MFA_TITLE = 'Two-Factor Authentication';
export const CODE_REQUIRED = 'Please enter the 6-digit code';
export const CODE_FORMAT = 'The code must be 6 digits';
export const RECOVERY_REQUIRED = 'Please enter a recovery code';
const VERIFY_FAILED = 'Verification failed. Please try again.';

/** codeOf is the code as sent: a recovery code trimmed, an authenticator code without spaces. */
function codeOf(code: string, recovery: boolean): string {
  return recovery ? code.trim() : code.replace(/\s+/g, '');
}

export interface MfaStepProps {
  onSignedIn: (user: SessionUser) => void;
  onBack: () => void;
}

/**
 * MfaStep is the second step of a sign-in for accounts with two-factor
 * authentication: the 6-digit code from the authenticator app, or one of the
 * recovery codes instead.
 */
export function MfaStep({ onSignedIn, onBack }: MfaStepProps) {
  const verify = useVerifyMfa();
  const [recovery, setRecovery] = useState(false);
  const form = useForm({
    initialValues: { code: '' },
    validate: ({ code }) => {
      const value = codeOf(code, recovery);
      if (!value) return { code: recovery ? RECOVERY_REQUIRED : CODE_REQUIRED };
      if (!recovery && !/^\d{6}$/.test(value)) return { code: CODE_FORMAT };
      return {};
    },
    enhanceGetInputProps: errorLines,
  });
  const [failure, setFailure] = useState<string | null>(null);

  const switchMode = () => {
    setRecovery((r) => !r);
    form.reset();
    setFailure(null);
  };

  const submit = async ({ code }: { code: string }) => {
    setFailure(null);
    try {
      await verify.submit(codeOf(code, recovery), {
        onSuccess: (result) => {
          const user = signedInUser(result);
          if (user) onSignedIn(user);
          else setFailure(VERIFY_FAILED);
        },
        onError: (err) => {
          if (showFormErrors(form, err)) return;
          setFailure(err instanceof HttpError ? err.body?.message || VERIFY_FAILED : normaliseError(err).message);
        },
      });
    } catch {
      // Shown by onError.
    }
  };

  return (
    <AuthCard
      title={MFA_TITLE}
      icon={<IconShieldLock size={36} aria-hidden />}
      description={
        recovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor authentication.'
          : 'Enter the 6-digit code from your authenticator app.'
      }
    >
      <form noValidate onSubmit={form.onSubmit(submit, () => setFailure(null))} aria-label={MFA_TITLE}>
        <Stack gap="md">
          {failure && (
            <ErrorAlert>
              {failure}
            </ErrorAlert>
          )}
          {recovery ? (
            <TextInput
              key="recovery"
              label="Recovery code"
              // The step replaced the form the user was in: put them where they type next.
              autoFocus
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              required
              {...form.getInputProps('code')}
            />
          ) : (
            <TextInput
              key="totp"
              label="Authentication code"
              autoFocus
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              required
              {...form.getInputProps('code')}
            />
          )}
          <SubmitButton busy={verify.submitting} busyLabel="Verifying...">
            Verify
          </SubmitButton>
          <Button variant="subtle" fullWidth onClick={switchMode}>
            {recovery ? 'Use your authenticator app instead' : 'Use a recovery code instead'}
          </Button>
          <Button variant="subtle" color="gray" fullWidth onClick={onBack}>
            Back to sign in
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
