import { Anchor, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { showServerErrors } from '../../app/forms';
import { PasswordChecklist } from '../auth';
import { PASSWORD_CHANGED_MESSAGE, useChangePassword } from './queries';
import { validatePasswordChange, type PasswordChangeValues } from './validation';

export { PASSWORD_CHANGED_MESSAGE };

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
  const change = useChangePassword();
  const form = useForm<PasswordChangeValues>({
    initialValues: EMPTY,
    validate: (values) => {
      const { newPassword, ...rest } = validatePasswordChange(values);
      return { ...rest, newPassword: newPassword && <Lines lines={newPassword} /> };
    },
  });

  async function onSubmit(values: PasswordChangeValues) {
    try {
      await change.submit(
        { currentPassword: values.currentPassword, newPassword: values.newPassword },
        {
          onSuccess: () => form.reset(),
          onError: (err) =>
            showServerErrors(form, err, { render: { newPassword: (message) => <Lines lines={passwordProblems(message) ?? []} /> } }),
        },
      );
    } catch {
      // The error toast has said why.
    }
  }

  const { newPassword, confirmPassword } = form.getValues();
  const matches = confirmPassword !== '' && confirmPassword === newPassword;

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate aria-label="Change password">
      <Stack gap="md">
        <PasswordInput label="Current password" required autoComplete="current-password" {...form.getInputProps('currentPassword')} />
        <Stack gap="xs">
          <PasswordInput label="New password" required autoComplete="new-password" {...form.getInputProps('newPassword')} />
          <PasswordChecklist password={newPassword} />
        </Stack>
        <Stack gap={4}>
          <PasswordInput label="Confirm new password" required autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
          <div aria-live="polite">{confirmPassword !== '' && <MatchIndicator matches={matches} />}</div>
        </Stack>
        <Group justify="flex-end">
          <Button type="submit" loading={change.submitting}>
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
