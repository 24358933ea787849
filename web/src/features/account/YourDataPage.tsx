import { Alert, Anchor, Button, Group, List, Loader, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { showServerErrors } from '../../app/forms';
import { notify } from '../../app/notify';
import { clearSignedInState } from '../../app/signOut';
import { ErrorAlert } from '../../components/ErrorAlert';
import { browser, providerReauthUrl, type LinkProvider } from './browser';
import { providerName } from './format';
import { exportUrl, useRequestDeletion, useRequestExport, useYourData, type DataExport } from './privacyQueries';

function longDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}

function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** YourDataPage is /account/privacy: take your data away, or have it erased (issue 30). */
export function YourDataPage() {
  const data = useYourData();
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Title order={2}>Your data</Title>
        <Text>
          Download everything Cantica keeps about you, or delete your account. How long we keep your data is explained in
          the{' '}
          <Anchor href="/privacy-policy#retention">privacy policy</Anchor>.
        </Text>
      </Stack>
      {data.isPending && <Loader aria-label="Loading your data" />}
      {data.isError && <ErrorAlert>We could not load your data settings. Please refresh the page and try again.</ErrorAlert>}
      {data.data && (
        <>
          <ExportSection exports={data.data.exports} days={data.data.exportDays} />
          <DeletionSection
            soleAdminOf={data.data.soleAdminOf}
            hasPassword={data.data.hasPassword}
            providers={data.data.confirmProviders}
            days={data.data.restoreDays}
          />
        </>
      )}
    </Stack>
  );
}

function ExportSection({ exports, days }: { exports: DataExport[]; days: number }) {
  const request = useRequestExport();
  const pending = exports.some((e) => e.status === 'pending');
  return (
    <Stack gap="sm" component="section" aria-labelledby="export-title">
      <Title order={3} id="export-title">
        Export your data
      </Title>
      <Text>One ZIP file with:</Text>
      <List spacing={4} withPadding>
        <List.Item>your profile (JSON)</List.Item>
        <List.Item>your choir memberships, your answers to events and the attendance taken (CSV)</List.Item>
        <List.Item>your practice sessions (CSV)</List.Item>
        <List.Item>the events of your choirs (a calendar file)</List.Item>
        <List.Item>the files you uploaded</List.Item>
      </List>
      <Text>It is ready in a few minutes; we email you when it is. You can download it for {days} days.</Text>
      <Group>
        <Button onClick={() => void request.submit().catch(() => undefined)} loading={request.submitting} disabled={pending}>
          Export my data
        </Button>
      </Group>
      {exports.length > 0 && (
        <List spacing="xs" aria-label="Your exports">
          {exports.map((e) =>
            e.status === 'ready' && e.expiresAt ? (
              <List.Item key={e.id}>
                <Group gap="xs" wrap="wrap">
                  <Anchor href={exportUrl(e.id)} download>
                    <Group gap={4} component="span" wrap="nowrap">
                      <IconDownload size={16} aria-hidden />
                      {`Download export of ${longDate(e.createdAt)}`}
                    </Group>
                  </Anchor>
                  <Text size="sm" c="dimmed">{`${size(e.sizeBytes)}, until ${longDate(e.expiresAt)}`}</Text>
                </Group>
              </List.Item>
            ) : (
              <List.Item key={e.id}>
                <Group gap="xs">
                  <Loader size="xs" aria-hidden />
                  <Text size="sm">Your export is being prepared…</Text>
                </Group>
              </List.Item>
            ),
          )}
        </List>
      )}
    </Stack>
  );
}

interface DeletionSectionProps {
  soleAdminOf: string[];
  hasPassword: boolean;
  providers: LinkProvider[];
  days: number;
}

function DeletionSection({ soleAdminOf, hasPassword, providers, days }: DeletionSectionProps) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="delete-title">
      <Title order={3} id="delete-title">
        Delete your account
      </Title>
      <Text>
        Your account is deactivated at once and you are signed out everywhere. For {days} days you can change your mind:
        sign in and choose “Restore my account”. After that your account and personal data are erased for good. Your
        choirs keep your attendance and practice without your name, so that their statistics do not change, and files
        you uploaded to a choir’s music library stay there, attributed to “Former member”. We email you when you ask and
        when the account is erased.
      </Text>
      {soleAdminOf.length > 0 ? (
        <Alert color="yellow" icon={<IconInfoCircle aria-hidden />} title="Hand over the administrator role first">
          <Text size="sm">
            {`You are the only administrator of ${soleAdminOf.join(', ')}. Before you delete your account, make another member an administrator: in that choir's dashboard open Members, choose the member and set their role to Choir Administrator.`}
          </Text>
        </Alert>
      ) : hasPassword ? (
        <DeletionForm />
      ) : providers.length > 0 ? (
        <ProviderDeletion providers={providers} />
      ) : (
        <Text>
          Your account signs in through a connected account and has no password to confirm the deletion with. Set a password
          first: sign out, choose “Forgot password?” on the sign-in page and follow the emailed link.
        </Text>
      )}
    </Stack>
  );
}

/** useDeleteAccount deletes the account, then signs this browser out and goes home. */
function useDeleteAccount() {
  const remove = useRequestDeletion();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const onSuccess = ({ purgeAt }: { purgeAt: string }) => {
    clearSignedInState(queryClient);
    notify.success(`Your account is deleted. Sign in before ${longDate(purgeAt)} to restore it.`);
    navigate('/', { replace: true });
  };
  return { remove, onSuccess };
}

/**
 * useReauthOutcome reads, once, what the provider round trip left in the
 * query string (the provider that confirmed, or its refusal), then removes
 * it, so that a reload does not claim a confirmation the server has spent.
 */
function useReauthOutcome(): { confirmed: string | null; problem: string | null } {
  const [params, setParams] = useSearchParams();
  const [outcome] = useState(() => ({
    confirmed: params.get('confirmed'),
    problem: params.get('error_description') || params.get('error'),
  }));
  useEffect(() => {
    if (!REAUTH_KEYS.some((k) => params.has(k))) return;
    const rest = new URLSearchParams(params);
    for (const k of REAUTH_KEYS) rest.delete(k);
    setParams(rest, { replace: true });
  }, [params, setParams]);
  return outcome;
}

const REAUTH_KEYS = ['confirmed', 'error', 'error_description'] as const;

/**
 * ProviderDeletion confirms the deletion of an account without a password
 * by a fresh sign-in with its provider: first the round trip, then, back
 * here with the server's proof in a cookie, the deletion.
 */
function ProviderDeletion({ providers }: { providers: LinkProvider[] }) {
  const { confirmed, problem } = useReauthOutcome();
  const { remove, onSuccess } = useDeleteAccount();
  const names = providers.map(providerName).join(' or ');
  if (confirmed && providers.includes(confirmed as LinkProvider)) {
    return (
      <Stack gap="sm" maw={420}>
        <Text>{`${providerName(confirmed)} confirmed that it is you. Delete your account within 10 minutes.`}</Text>
        <Group>
          <Button
            color="red.9"
            loading={remove.submitting}
            onClick={() => void remove.submit(undefined, { onSuccess }).catch(() => undefined)}
          >
            Delete my account
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="sm" maw={420}>
      {problem && (
        <Alert color="red" icon={<IconInfoCircle aria-hidden />} title="Not confirmed">
          {problem}
        </Alert>
      )}
      <Text>{`Your account signs in with ${names} and has no password. To confirm that it is you, sign in with ${names} again.`}</Text>
      <Group>
        {providers.map((p) => (
          <Button key={p} variant="default" onClick={() => browser.assign(providerReauthUrl(p))}>
            {`Confirm with ${providerName(p)}`}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

function DeletionForm() {
  const { remove, onSuccess } = useDeleteAccount();
  const form = useForm({
    initialValues: { password: '' },
    validate: { password: (v) => (v === '' ? 'Please enter your password' : null) },
  });
  async function onSubmit({ password }: { password: string }) {
    try {
      await remove.submit(password, {
        onSuccess,
        onError: (err) => showServerErrors(form, err),
      });
    } catch {
      // The error toast has said why.
    }
  }
  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate aria-label="Delete your account">
      <Stack gap="sm" maw={420}>
        <PasswordInput label="Your password" required autoComplete="current-password" {...form.getInputProps('password')} />
        <Group>
          <Button type="submit" color="red.9" loading={remove.submitting}>
            Delete my account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
