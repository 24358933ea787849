import { Alert, Badge, Box, Button, Code, Group, Image, List, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCopy, IconDownload } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import { handleError } from '../../app/errors';
import { showServerErrors } from '../../app/forms';
import { notify } from '../../app/notify';
import { WRAPPING_BUTTON } from '../../app/theme';
import { SectionError, SectionLoading } from '../../components/SectionState';
import { errorMessage } from './errors';
import {
  useActivateTotp,
  useDisableTotp,
  useMfaStatus,
  useRegenerateRecoveryCodes,
  useStartTotpEnrolment,
  type MfaStatus,
  type TotpEnrollment,
} from './queries';
import { copyText, downloadTextFile, recoveryCodesText } from './recoveryCodes';
import { isTotpCode, normaliseCode } from './validation';

export const QR_ALT = 'QR code for your authenticator app';
export const TOTP_ON_MESSAGE = 'Two-factor authentication is on.';
export const TOTP_OFF_MESSAGE = 'Two-factor authentication is off.';
/** What two-factor authentication adds: the server asks for the code after every sign-in, password or provider. */
export const TOTP_OFF_DESCRIPTION =
  'Add a second step to every sign-in, with your password or a connected account: a 6-digit code from an authenticator app on your phone.';
export const TOTP_DISABLE_WARNING =
  'Without two-factor authentication, your password or connected account alone protects your account.';
const CODE_HINT = 'Enter the 6-digit code from your authenticator app';

type View =
  | { kind: 'status' }
  | { kind: 'enrolling'; enrollment: TotpEnrollment }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'regenerate' }
  | { kind: 'disable' };

/** TwoFactorSection turns authenticator-app codes on and off and manages recovery codes. */
export function TwoFactorSection({ email }: { email?: string }) {
  const mfa = useMfaStatus();
  const [view, setView] = useState<View>({ kind: 'status' });
  const enrolment = useStartTotpEnrolment();
  const activation = useActivateTotp();
  const regeneration = useRegenerateRecoveryCodes();
  const disabling = useDisableTotp();

  const toStatus = () => setView({ kind: 'status' });

  async function startEnrolment() {
    try {
      await enrolment.submit(undefined, {
        onSuccess: (enrollment) => setView({ kind: 'enrolling', enrollment }),
        onError: (err) => handleError(err),
      });
    } catch {
      // Shown by onError.
    }
  }

  // The code forms show a failure under their field, so these reject.
  const activate = (code: string) =>
    activation.submit(code, {
      onSuccess: ({ recoveryCodes }) => {
        setView({ kind: 'codes', codes: recoveryCodes });
        notify.success('Two-factor authentication turned on');
      },
    });

  const regenerate = (code: string) =>
    regeneration.submit(code, {
      onSuccess: ({ recoveryCodes }) => {
        setView({ kind: 'codes', codes: recoveryCodes });
        notify.success('New recovery codes created. The old ones no longer work.');
      },
    });

  const disable = (code: string) =>
    disabling.submit(code, {
      onSuccess: () => {
        setView({ kind: 'status' });
        notify.success('Two-factor authentication turned off');
      },
    });

  switch (view.kind) {
    case 'enrolling':
      return <Enrolment enrollment={view.enrollment} activating={activation.submitting} onActivate={activate} onCancel={toStatus} />;
    case 'codes':
      return <RecoveryCodes codes={view.codes} email={email} onDone={toStatus} />;
    case 'regenerate':
      return (
        <CodeForm
          intro="Your current recovery codes stop working as soon as new ones are created."
          label="Authentication code"
          description="A current code from your authenticator app"
          submitLabel="Create new recovery codes"
          submitting={regeneration.submitting}
          onSubmit={regenerate}
          onCancel={toStatus}
        />
      );
    case 'disable':
      return (
        <CodeForm
          intro={TOTP_DISABLE_WARNING}
          label="Authentication code"
          description="A current code from your authenticator app, or a recovery code"
          submitLabel="Turn off two-factor authentication"
          danger
          allowRecoveryCode
          submitting={disabling.submitting}
          onSubmit={disable}
          onCancel={toStatus}
        />
      );
    case 'status':
      break;
  }

  if (mfa.isPending) return <SectionLoading label="Loading two-factor authentication status" />;
  if (mfa.isError) {
    return (
      <SectionError
        title="Could not load two-factor authentication status"
        error={mfa.error}
        onRetry={() => void mfa.refetch()}
      />
    );
  }
  return (
    <Status
      status={mfa.data}
      starting={enrolment.submitting}
      onEnable={startEnrolment}
      onRegenerate={() => setView({ kind: 'regenerate' })}
      onDisable={() => setView({ kind: 'disable' })}
    />
  );
}

function Status({
  status,
  starting,
  onEnable,
  onRegenerate,
  onDisable,
}: {
  status: MfaStatus;
  starting: boolean;
  onEnable: () => void;
  onRegenerate: () => void;
  onDisable: () => void;
}) {
  if (!status.totpEnabled) {
    return (
      <Stack gap="sm" align="flex-start">
        <Group gap="xs">
          <Badge variant="light" color="gray">
            Off
          </Badge>
          <Text fw={600}>{TOTP_OFF_MESSAGE}</Text>
        </Group>
        <Text size="sm" c="dimmed">
          {TOTP_OFF_DESCRIPTION}
        </Text>
        <Button onClick={onEnable} loading={starting} styles={WRAPPING_BUTTON}>
          Enable two-factor authentication
        </Button>
      </Stack>
    );
  }
  const left = status.recoveryCodesLeft;
  return (
    <Stack gap="sm" align="flex-start">
      <Group gap="xs">
        {/* Teal and green light badges fall below 4.5:1; the violet one does not. */}
        <Badge variant="light">
          On
        </Badge>
        <Text fw={600}>{TOTP_ON_MESSAGE}</Text>
      </Group>
      <Text size="sm">
        {left === 1 ? '1 recovery code left' : `${left} recovery codes left`}
        {left <= 2 && ' — create new ones before you run out.'}
      </Text>
      <Group gap="sm">
        <Button variant="default" onClick={onRegenerate} styles={WRAPPING_BUTTON}>
          Regenerate recovery codes
        </Button>
        <Button variant="light" color="red" onClick={onDisable} styles={WRAPPING_BUTTON}>
          Disable two-factor authentication
        </Button>
      </Group>
    </Stack>
  );
}

function Enrolment({
  enrollment,
  activating,
  onActivate,
  onCancel,
}: {
  enrollment: TotpEnrollment;
  activating: boolean;
  onActivate: (code: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  return (
    <Stack gap="md">
      <List type="ordered" spacing="md">
        <List.Item>
          <Stack gap="xs">
            <Text>Scan this QR code with an authenticator app, such as Google Authenticator, Microsoft Authenticator, 1Password or Aegis.</Text>
            {/* A QR code needs its light background in the dark theme too. */}
            <Box bg="white" p="xs" w="fit-content" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
              <Image src={enrollment.qrCode} alt={QR_ALT} w={180} h={180} fit="contain" />
            </Box>
          </Stack>
        </List.Item>
        <List.Item>
          <Stack gap="xs">
            <Text>Can't scan it? Enter this key in the app instead:</Text>
            <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
              {enrollment.secret}
            </Code>
          </Stack>
        </List.Item>
        <List.Item>
          <Text>Enter the 6-digit code the app shows.</Text>
        </List.Item>
      </List>
      <CodeForm
        label="Verification code"
        submitLabel="Verify and enable"
        submitting={activating}
        onSubmit={onActivate}
        onCancel={onCancel}
      />
    </Stack>
  );
}

interface CodeFormProps {
  intro?: ReactNode;
  label: string;
  description?: ReactNode;
  submitLabel: string;
  danger?: boolean;
  /** Accept a recovery code besides a 6-digit authenticator code. */
  allowRecoveryCode?: boolean;
  submitting: boolean;
  /** Sends the code; rejects when the server refuses it. */
  onSubmit: (code: string) => Promise<unknown>;
  onCancel: () => void;
}

/** CodeForm asks for an authenticator code and shows the server's answer under the field. */
function CodeForm({ intro, label, description, submitLabel, danger, allowRecoveryCode, submitting, onSubmit, onCancel }: CodeFormProps) {
  const form = useForm({
    initialValues: { code: '' },
    validate: ({ code }) => {
      const value = normaliseCode(code);
      return { code: (allowRecoveryCode ? !value : !isTotpCode(value)) ? CODE_HINT : undefined };
    },
  });

  async function submit({ code }: { code: string }) {
    try {
      await onSubmit(normaliseCode(code));
    } catch (err) {
      if (!showServerErrors(form, err)) form.setFieldError('code', errorMessage(err));
    }
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label={submitLabel}>
      <Stack gap="sm">
        {intro && (
          <Alert color={danger ? 'red' : 'yellow'} icon={<IconAlertTriangle aria-hidden />} role="note">
            {intro}
          </Alert>
        )}
        <TextInput
          label={label}
          description={description}
          required
          autoComplete="one-time-code"
          inputMode={allowRecoveryCode ? 'text' : 'numeric'}
          spellCheck={false}
          {...form.getInputProps('code')}
          maw={320}
        />
        <Group gap="sm">
          <Button type="submit" loading={submitting} color={danger ? 'red' : undefined} styles={WRAPPING_BUTTON}>
            {submitLabel}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email?: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);

  async function copy() {
    if (await copyText(codes.join('\n'))) {
      setCopied(true);
      notify.success('Recovery codes copied');
    } else {
      notify.warning('Copying is not available here. Download the codes or write them down.');
    }
  }

  function download() {
    if (!downloadTextFile('cantica-recovery-codes.txt', recoveryCodesText(codes, email))) {
      notify.warning('Downloading is not available here. Copy the codes or write them down.');
    }
  }

  return (
    <Stack gap="md">
      <Alert
        color="yellow"
        title="Save your recovery codes now"
        icon={<IconAlertTriangle aria-hidden />}
        role="note"
        // Mantine's yellow title colour (yellow 9 on yellow 1) is below 4.5:1.
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        These codes are shown only once. Store them somewhere safe, such as a password manager. Each code lets you sign
        in once if you lose your authenticator app.
      </Alert>
      <Box
        component="ul"
        aria-label="Recovery codes"
        p={0}
        m={0}
        style={{
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(8.5rem, 1fr))',
          gap: 'var(--mantine-spacing-xs)',
        }}
      >
        {codes.map((c) => (
          <li key={c}>
            <Code fz="sm">{c}</Code>
          </li>
        ))}
      </Box>
      <Group gap="sm">
        <Button variant="default" leftSection={<IconCopy size={16} aria-hidden />} onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>
          Download
        </Button>
        <Button onClick={onDone}>I have saved my codes</Button>
      </Group>
    </Stack>
  );
}
