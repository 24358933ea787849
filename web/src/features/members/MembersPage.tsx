import { Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileImport, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useChoir } from '../../app/choir';
import { NoChoirSelected } from '../../components/NoChoirSelected';
import { PageHeader } from '../../components/PageHeader';
import { SectionLoading } from '../../components/SectionState';
import { membersExportUrl } from './api';
import { ImportInvitationsModal } from './ImportInvitationsModal';
import { InviteMemberModal } from './InviteMemberModal';
import { MemberDirectory } from './MemberDirectory';
import { PendingInvitations } from './PendingInvitations';

/**
 * MembersPage (/dashboard/members and /members) is the directory of the
 * current choir. Administrators (manage:members) also invite, manage and
 * export members; everyone else sees only the directory, since the server
 * would refuse the rest.
 */
export function MembersPage() {
  const { currentChoir, can, loading } = useChoir();
  const choirId = loading ? null : (currentChoir?.id ?? null);
  const canManage = can('manage:members');
  // /members needs only a choir; a guest would only meet the server's refusal.
  const canView = can('view:directory');

  return (
    <Stack gap="lg">
      <PageHeader title="Members" actions={choirId && canManage && <AdminToolbar choirId={choirId} />} />
      {loading ? (
        <SectionLoading label="Loading members" />
      ) : !choirId ? (
        <NoChoirSelected />
      ) : !canView ? (
        <Text>The member directory is open to the choir&apos;s members and administrators.</Text>
      ) : (
        <>
          <MemberDirectory key={choirId} choirId={choirId} canManage={canManage} />
          {canManage && <PendingInvitations key={`invitations-${choirId}`} choirId={choirId} />}
        </>
      )}
    </Stack>
  );
}

function AdminToolbar({ choirId }: { choirId: string }) {
  const [dialog, setDialog] = useState<'invite' | 'import' | null>(null);
  return (
    <Group gap="xs">
      <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setDialog('invite')}>
        Invite Member
      </Button>
      <Button variant="default" leftSection={<IconFileImport size={16} aria-hidden />} onClick={() => setDialog('import')}>
        Import CSV
      </Button>
      {/* A plain download link: the browser sends the session cookie and saves the file. */}
      <Button
        component="a"
        href={membersExportUrl(choirId)}
        download
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
      >
        Export CSV
      </Button>
      <InviteMemberModal choirId={choirId} opened={dialog === 'invite'} onClose={() => setDialog(null)} />
      <ImportInvitationsModal choirId={choirId} opened={dialog === 'import'} onClose={() => setDialog(null)} />
    </Group>
  );
}
