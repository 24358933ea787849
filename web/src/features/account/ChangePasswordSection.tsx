import { Anchor, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { api, unwrap } from '../../api/client';
import { useFormSubmission } from '../../app/notify';
import { PasswordChecklist } from '../auth';
import { fieldErrors } from './errors';
import { accountKeys } from './queries';
import { hasErrors, validatePasswordChange, type PasswordChangeErrors, type PasswordChangeValues } from './validation';

export const PASSWORD_CHANGED_MESSAGE = 'Password changed. You were signed out everywhere else.';

const EMPTY: PasswordChangeValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * ChangePasswordSection changes the password of an account that has one. An
 * account that signs in only through a provider has none to change (the
 * specification sends such addresses to their provider, §2.8).
 */
export function ChangePasswordSection({ hasPassword }: { hasPassword: boolean }) {
  if (!hasPassword) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text>
          Your account signs in through a connected account (Google or Microsoft), so it has no password to change.
        </Text>
        <Anchor component={Link} to="/account/connected">
          Manage connected accounts
        </Anchor>
      </Stack>
    );
  }
  return <ChangePasswordForm />;
}

function ChangePasswordForm() {
  const queryClient = useQueryClient();
  const { submit, submitting } = useFormSubmission();
  const [values, setValues] = useState<PasswordChangeValues>(EMPTY);
  const [errors, setErrors] = useState<PasswordChangeErrors>({});

  function change(field: keyof PasswordChangeValues, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validatePasswordChange(values);
    setErrors(found);
    if (hasErrors(found)) return;
    const body = { currentPassword: values.currentPassword, newPassword: values.newPassword };
    try {
      await submit(async () => unwrap(await api.POST('/account/password', { body })), {
        successMessage: PASSWORD_CHANGED_MESSAGE,
        onSuccess: () => {
          setValues(EMPTY);
          setErrors({});
          // The server ended every other session.
          void queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
        },
        onError: (err) => {
          const server = fieldErrors(err);
          setErrors({
            currentPassword: server.currentPassword,
            newPassword: passwordProblems(server.newPassword),
          });
        },
      });
    } catch {
      // Already shown by the submission flow.
    }
  }

  const matches = values.confirmPassword !== '' && values.confirmPassword === values.newPassword;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change password">
      <Stack gap="md">
        <PasswordInput
          label="Current password"
          required
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={(e) => change('currentPassword', e.currentTarget.value)}
          error={errors.currentPassword}
        />
        <Stack gap="xs">
          <PasswordInput
            label="New password"
            required
            autoComplete="new-password"
            value={values.newPassword}
            onChange={(e) => change('newPassword', e.currentTarget.value)}
            error={errors.newPassword && <Lines lines={errors.newPassword} />}
          />
          <PasswordChecklist password={values.newPassword} />
        </Stack>
        <Stack gap={4}>
          <PasswordInput
            label="Confirm new password"
            required
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={(e) => change('confirmPassword', e.currentTarget.value)}
            error={errors.confirmPassword}
          />
          <div aria-live="polite">{values.confirmPassword !== '' && <MatchIndicator matches={matches} />}</div>
        </Stack>
        <Group justify="flex-end">
          <Button type="submit" loading={submitting}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * passwordProblems splits the server's new-password message, every failed
 * rule on its own line (§5: all failures listed together, one per line).
 */
export function passwordProblems(message: string | undefined): string[] | undefined {
  const lines = message?.split('\n').filter((line) => line.trim() !== '');
  return lines?.length ? lines : undefined;
}

function Lines({ lines }: { lines: string[] }) {
  return (
    <>
      {lines.map((line) => (
        <span key={line} style={{ display: 'block' }}>
          {line}
        </span>
      ))}
    </>
  );
}

/** The match indicator of accounts §2.9. */
export function MatchIndicator({ matches }: { matches: boolean }) {
  const MatchIcon = matches ? IconCheck : IconX;
  return (
    <Group gap={6} wrap="nowrap">
      <MatchIcon size={16} aria-hidden color={matches ? 'var(--mantine-color-teal-8)' : 'var(--mantine-color-red-8)'} />
      <Text size="sm">{matches ? 'Passwords match' : "Passwords don't match"}</Text>
    </Group>
  );
}
