import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconBrandGoogle, IconBrandWindows, IconKey, IconPlugConnected } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { handleError } from '../../app/errors';
import { notify } from '../../app/notify';
import { sessionQueryKey } from '../../app/session';
import { SECTION_PADDING } from '../../app/theme';
import { formatDate } from '../../components/format';
import { SectionError, SectionLoading } from '../../components/SectionState';
import { browser, providerLinkUrl, type LinkProvider } from './browser';
import { providerName } from './format';
import { accountKeys, useDisconnectIdentity, useIdentities, type ConnectedAccounts, type Identity } from './queries';

const LINK_PROVIDERS: readonly LinkProvider[] = ['google', 'azure'];

export const ONLY_WAY_TO_SIGN_IN =
  'This is the only way you can sign in, so it cannot be disconnected. Connect another account first.';
const LINK_FAILED = 'Authentication failed. Please try again.';

const QUERY_KEYS = ['error', 'error_description', 'linked'] as const;

function ProviderIcon({ provider }: { provider: string }) {
  const props = { size: 20, stroke: 1.5, 'aria-hidden': true } as const;
  if (provider === 'google') return <IconBrandGoogle {...props} />;
  if (provider === 'azure') return <IconBrandWindows {...props} />;
  return <IconPlugConnected {...props} />;
}

/**
 * useLinkOutcome reads what the provider round trip left in the query string
 * (an error to show, or the provider just linked), once, then removes it.
 */
function useLinkOutcome(): [string | null, () => void] {
  const [params, setParams] = useSearchParams();
  const outcome = QUERY_KEYS.some((k) => params.has(k)) ? params.toString() : null;
  const [error, setError] = useState<string | null>(null);
  // The error is taken while rendering (React's way to follow a changed
  // input), so it shows in the first render and outlasts the query string.
  const [seen, setSeen] = useState<string | null>(null);
  if (outcome !== null && outcome !== seen) {
    setSeen(outcome);
    if (params.has('error') || params.has('error_description')) {
      setError(params.get('error_description') || params.get('error') || LINK_FAILED);
    }
  }
  const handled = useRef<string | null>(null);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (outcome === null || handled.current === outcome) return;
    handled.current = outcome;

    const linked = params.get('linked');
    if (linked) {
      notify.success(`${providerName(linked)} account connected`);
      void queryClient.invalidateQueries({ queryKey: accountKeys.identities });
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    }
    const rest = new URLSearchParams(params);
    for (const k of QUERY_KEYS) rest.delete(k);
    setParams(rest, { replace: true });
  }, [outcome, params, setParams, queryClient]);

  return [error, () => setError(null)];
}

/** ConnectedAccountsPage lists, connects and disconnects the sign-in providers. */
export function ConnectedAccountsPage() {
  const identities = useIdentities();
  const [linkError, clearLinkError] = useLinkOutcome();

  return (
    <Stack gap="md">
      <Title order={2}>Connected Accounts</Title>
      <Text c="dimmed">Accounts from other services you can sign in with.</Text>
      {linkError && (
        <Alert
          color="red"
          title="Could not connect the account"
          icon={<IconAlertCircle aria-hidden />}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={clearLinkError}
        >
          {linkError}
        </Alert>
      )}
      <Paper withBorder p={SECTION_PADDING}>
        {identities.isPending ? (
          <SectionLoading label="Loading your connected accounts" />
        ) : identities.isError ? (
          <SectionError
            title="Could not load your connected accounts"
            error={identities.error}
            onRetry={() => void identities.refetch()}
          />
        ) : (
          <Connected data={identities.data} />
        )}
      </Paper>
    </Stack>
  );
}

function Connected({ data }: { data: ConnectedAccounts }) {
  const disconnection = useDisconnectIdentity();
  // One account is disconnected at a time; the others' buttons wait.
  const busy = disconnection.submitting ? (disconnection.variables?.id ?? null) : null;
  const onlyWay = !data.hasPassword && data.identities.length === 1;
  const connectable = LINK_PROVIDERS.filter(
    (p) => data.available?.[p] && !data.identities.some((i) => i.provider === p),
  );

  async function disconnect(identity: Identity) {
    try {
      await disconnection.submit(identity, {
        onSuccess: () => notify.success(`${providerName(identity.provider)} account disconnected`),
        // A 409 says this is the last way to sign in; the server's message explains.
        onError: (err) => handleError(err),
      });
    } catch {
      // Shown by onError.
    }
  }

  return (
    <Stack gap="md">
      {data.identities.length === 0 ? (
        <Text>No accounts are connected.</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Connected accounts">
          {data.identities.map((identity) => {
            const name = providerName(identity.provider);
            const noteId = `identity-${identity.id}-note`;
            return (
              <Paper component="li" withBorder p="sm" key={identity.id} aria-label={`${name} ${identity.email}`}>
                <Group justify="space-between" align="flex-start" gap="sm">
                  <Group gap="sm" align="flex-start" wrap="nowrap" miw={0} style={{ flex: '1 1 12rem' }}>
                    <ProviderIcon provider={identity.provider} />
                    <Stack gap={0} miw={0}>
                      <Text fw={600}>{name}</Text>
                      <Text size="sm" style={{ wordBreak: 'break-all' }}>
                        {identity.email}
                      </Text>
                      <Text size="sm" c="dimmed">
                        Connected {formatDate(identity.createdAt)}
                      </Text>
                    </Stack>
                  </Group>
                  <Button
                    variant="default"
                    size="xs"
                    disabled={onlyWay || (busy !== null && busy !== identity.id)}
                    loading={busy === identity.id}
                    onClick={() => void disconnect(identity)}
                    aria-describedby={onlyWay ? noteId : undefined}
                  >
                    Disconnect
                  </Button>
                </Group>
                {onlyWay && (
                  <Text id={noteId} size="sm" c="dimmed" mt="xs">
                    {ONLY_WAY_TO_SIGN_IN}
                  </Text>
                )}
              </Paper>
            );
          })}
        </Stack>
      )}

      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconKey size={20} stroke={1.5} aria-hidden style={{ flexShrink: 0 }} />
        <Text size="sm">
          {data.hasPassword
            ? 'You can also sign in with your email address and password.'
            : 'Your account has no password; you sign in only through connected accounts.'}
        </Text>
      </Group>

      {connectable.length > 0 && (
        <Group gap="sm">
          {connectable.map((p) => (
            <Button
              key={p}
              variant="default"
              leftSection={<ProviderIcon provider={p} />}
              onClick={() => browser.assign(providerLinkUrl(p))}
            >
              Connect {providerName(p)}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}
