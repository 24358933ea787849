import { Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import { handleError } from '../../app/errors';
import { notify } from '../../app/notify';
import { formatDateTime, formatRelative } from '../../components/format';
import { SectionError, SectionLoading } from '../../components/SectionState';
import { describeUserAgent, providerName } from './format';
import { useEndSession, useSessions, type SessionInfo } from './queries';

export const REMEMBERED_HINT = 'Remembered for 30 days';

/** SessionsSection lists where the user is signed in and ends the other sessions. */
export function SessionsSection() {
  const sessions = useSessions();
  const endSession = useEndSession();
  // One session ends at a time; the others' buttons wait.
  const ending = endSession.submitting ? (endSession.variables?.id ?? null) : null;

  async function end(session: SessionInfo) {
    try {
      await endSession.submit(session, {
        onSuccess: () => notify.success(`Signed out of ${describeUserAgent(session.userAgent)}`),
        onError: (err) => handleError(err),
      });
    } catch {
      // Shown by onError.
    }
  }

  if (sessions.isPending) return <SectionLoading label="Loading your sessions" />;
  if (sessions.isError) {
    return <SectionError title="Could not load your sessions" error={sessions.error} onRetry={() => void sessions.refetch()} />;
  }

  // The current session first, then the most recently active.
  const list = [...sessions.data].sort(
    (a, b) => Number(b.current) - Number(a.current) || Date.parse(b.lastSeenAt) - Date.parse(a.lastSeenAt),
  );
  if (list.length === 0) return <Text c="dimmed">No sessions.</Text>;

  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Sessions">
      {list.map((s) => (
        <SessionRow key={s.id} session={s} ending={ending === s.id} disabled={ending !== null} onEnd={() => void end(s)} />
      ))}
    </Stack>
  );
}

function isMobile(userAgent: string): boolean {
  return /\b(Mobile|Android|iPhone|iPad)\b/.test(userAgent);
}

function SessionRow({
  session,
  ending,
  disabled,
  onEnd,
}: {
  session: SessionInfo;
  ending: boolean;
  disabled: boolean;
  onEnd: () => void;
}) {
  const DeviceIcon = isMobile(session.userAgent) ? IconDeviceMobile : IconDeviceDesktop;
  const device = describeUserAgent(session.userAgent);
  return (
    <Paper component="li" withBorder p="sm" aria-label={device}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="sm" align="flex-start" wrap="nowrap" miw={0} style={{ flex: '1 1 14rem' }}>
          <DeviceIcon size={24} stroke={1.5} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Box miw={0}>
            <Group gap="xs">
              <Text fw={600}>{device}</Text>
              {session.current && <Badge variant="filled">This device</Badge>}
            </Group>
            {session.clientIp && (
              <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
                IP address {session.clientIp}
              </Text>
            )}
            <Text size="sm">
              Signed in {formatDateTime(session.createdAt)}
              {session.method && ` with ${providerName(session.method)}`}
            </Text>
            <Text size="sm">Last active {formatRelative(session.lastSeenAt)}</Text>
            <Text size="sm" c="dimmed">
              {session.persistent ? REMEMBERED_HINT : 'Ends when the browser is closed'}
            </Text>
          </Box>
        </Group>
        {session.current ? (
          <Text size="sm" c="dimmed" maw="14rem">
            To end this session, sign out.
          </Text>
        ) : (
          <Button variant="default" size="xs" onClick={onEnd} loading={ending} disabled={disabled && !ending}>
            End session
          </Button>
        )}
      </Group>
    </Paper>
  );
}
