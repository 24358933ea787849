import { Button, Stack, TextInput } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { SessionUser } from '../../api/client';
import { fieldErrors, HttpError } from '../../api/client';
import { normaliseError } from '../../app/errors';
import { ErrorAlert } from '../../components/ErrorAlert';
import { signedInUser, verifyMfa } from './authApi';
import { AuthCard, messageLines } from './AuthCard';
import { SubmitButton } from './SubmitButton';

export const MFA_TITLE = 'Two-Factor Authentication';
export const CODE_REQUIRED = 'Please enter the 6-digit code';
export const CODE_FORMAT = 'The code must be 6 digits';
export const RECOVERY_REQUIRED = 'Please enter a recovery code';
const VERIFY_FAILED = 'Verification failed. Please try again.';

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
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const switchMode = () => {
    setRecovery((r) => !r);
    setCode('');
    setFieldError(undefined);
    setFailure(null);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const value = recovery ? code.trim() : code.replace(/\s+/g, '');
    let problem: string | undefined;
    if (!value) problem = recovery ? RECOVERY_REQUIRED : CODE_REQUIRED;
    else if (!recovery && !/^\d{6}$/.test(value)) problem = CODE_FORMAT;
    setFieldError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const user = signedInUser(await verifyMfa(value));
      if (user) {
        onSignedIn(user);
        return;
      }
      setFailure(VERIFY_FAILED);
    } catch (err) {
      const fields = fieldErrors(err);
      if (fields.code) setFieldError(fields.code);
      else setFailure(err instanceof HttpError ? err.body?.message || VERIFY_FAILED : normaliseError(err).message);
    } finally {
      setBusy(false);
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
      <form noValidate onSubmit={onSubmit} aria-label={MFA_TITLE}>
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
              value={code}
              onChange={(e) => {
                setCode(e.currentTarget.value);
                setFieldError(undefined);
              }}
              error={messageLines(fieldError)}
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
              value={code}
              onChange={(e) => {
                setCode(e.currentTarget.value);
                setFieldError(undefined);
              }}
              error={messageLines(fieldError)}
            />
          )}
          <SubmitButton busy={busy} busyLabel="Verifying...">
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
