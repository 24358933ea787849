import { Badge, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { reportFailure } from '../../app/errors';
import { notify } from '../../app/notify';
import { roleLabel } from '../../app/permissions';
import { SECTION_PADDING } from '../../app/theme';
import { ConfirmModal } from '../../components/ConfirmModal';
import { formatDate } from '../../components/format';
import { SectionError, SectionLoading } from '../../components/SectionState';
import { useInvitations, useResendInvitation, useRevokeInvitation, type Invitation } from './api';

export const INVITATION_FAILED = 'Unable to update the invitation. Please try again.';

/** isExpired: the server says so, or its term has run out since the list was read. */
export function isExpired(invitation: Pick<Invitation, 'status' | 'expiresAt'>, now = Date.now()): boolean {
  return invitation.status === 'expired' || Date.parse(invitation.expiresAt) <= now;
}

/** PendingInvitations lists the choir's open invitations, to send again or revoke (manage:members). */
export function PendingInvitations({ choirId }: { choirId: string }) {
  const invitations = useInvitations(choirId);
  const resendInvitation = useResendInvitation(choirId);
  const revokeInvitation = useRevokeInvitation(choirId);
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  // One change to the invitations at a time.
  const busyId = resendInvitation.isPending
    ? resendInvitation.variables.id
    : revokeInvitation.isPending
      ? revokeInvitation.variables.id
      : null;

  async function resend(inv: Invitation) {
    if (busyId) return;
    try {
      await resendInvitation.submit(inv, {
        onSuccess: () => notify.success(`Invitation sent again to ${inv.email}`),
        onError: (err) => reportFailure(err, INVITATION_FAILED),
      });
    } catch {
      // onError has shown why.
    }
  }

  async function revoke() {
    if (!revoking || busyId) return;
    const inv = revoking;
    try {
      await revokeInvitation.submit(inv, {
        onSuccess: () => {
          notify.success(`Invitation to ${inv.email} revoked`);
          setRevoking(null);
        },
        onError: (err) => reportFailure(err, INVITATION_FAILED),
      });
    } catch {
      // onError has shown why.
    }
  }

  return (
    <Paper withBorder p={SECTION_PADDING} component="section" aria-labelledby="pending-invitations">
      <Stack gap="md">
        <Title order={2} size="h3" id="pending-invitations">
          Pending Invitations
        </Title>
        {invitations.isPending ? (
          <SectionLoading label="Loading invitations" />
        ) : invitations.isError ? (
          <SectionError
            title="Could not load the invitations"
            error={invitations.error}
            onRetry={() => void invitations.refetch()}
          />
        ) : invitations.data.length === 0 ? (
          <Text c="dimmed">No pending invitations.</Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Pending invitations">
            {invitations.data.map((inv) => (
              <InvitationRow
                key={inv.id}
                invitation={inv}
                busy={busyId === inv.id && revoking === null}
                disabled={busyId !== null}
                onResend={() => void resend(inv)}
                onRevoke={() => setRevoking(inv)}
              />
            ))}
          </Stack>
        )}
      </Stack>
      <ConfirmModal
        opened={revoking !== null}
        title="Revoke invitation?"
        confirmLabel="Revoke"
        busy={revoking !== null && busyId === revoking.id}
        onConfirm={() => void revoke()}
        onClose={() => setRevoking(null)}
      >
        The invitation link sent to {revoking?.email} will stop working.
      </ConfirmModal>
    </Paper>
  );
}

function InvitationRow({
  invitation,
  busy,
  disabled,
  onResend,
  onRevoke,
}: {
  invitation: Invitation;
  busy: boolean;
  disabled: boolean;
  onResend: () => void;
  onRevoke: () => void;
}) {
  const name = `${invitation.firstName} ${invitation.lastName}`.trim();
  return (
    <Paper component="li" withBorder p="sm" aria-label={invitation.email}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Box miw={0} style={{ flex: '1 1 16rem' }}>
          <Group gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {invitation.email}
            </Text>
            {isExpired(invitation) && (
              <Badge color="gray" variant="outline">
                Expired
              </Badge>
            )}
          </Group>
          <Text size="sm">
            {name ? `${name} · ` : ''}
            {roleLabel(invitation.role)}
            {invitation.musicalRoles.length > 0 && ` · ${invitation.musicalRoles.map((p) => p.name).join(', ')}`}
          </Text>
          <Text size="sm" c="dimmed">
            Sent {formatDate(invitation.sentAt)}
            {!isExpired(invitation) && ` · Expires ${formatDate(invitation.expiresAt)}`}
          </Text>
        </Box>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={onResend} loading={busy} disabled={disabled && !busy}>
            Resend
          </Button>
          <Button size="xs" variant="default" color="red.9" onClick={onRevoke} disabled={disabled}>
            Revoke
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
