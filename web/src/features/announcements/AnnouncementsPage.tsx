import { Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useChoir } from '../../app/choir';
import { ConfirmModal } from '../../components/ConfirmModal';
import { PageHeader } from '../../components/PageHeader';
import { SectionError } from '../../components/SectionState';
import { AnnouncementCard } from './AnnouncementCard';
import { AnnouncementFormModal } from './AnnouncementForm';
import { ReceiptsModal } from './ReceiptsModal';
import { useAnnouncements, useDeleteAnnouncement, useMarkRead, useSaveAnnouncement, type Announcement } from './api';

/**
 * AnnouncementsPage (/dashboard/announcements): every member reads the
 * choir's announcements and the platform's here, pinned first, then newest,
 * and marks them read or acknowledges them; directors (manage:communications)
 * also write them and see who has read them.
 */
export function AnnouncementsPage() {
  const { currentChoir, loading } = useChoir();
  const choirId = loading ? null : (currentChoir?.id ?? null);
  const list = useAnnouncements(choirId);
  const [editing, setEditing] = useState<Announcement | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [receiptsOf, setReceiptsOf] = useState<Announcement | null>(null);
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  const save = useSaveAnnouncement(choirId ?? '');
  const remove = useDeleteAnnouncement(choirId ?? '');
  const mark = useMarkRead(choirId ?? '');
  const [marking, setMarking] = useState<string | null>(null);

  const canManage = list.data?.canManage ?? false;
  const open = (a: Announcement | null) => {
    setEditing(a);
    setFormOpen(true);
  };

  return (
    <Stack gap="lg" maw={860}>
      <PageHeader
        title="Announcements"
        actions={
          canManage && (
            // The sidebar of the specification has no entry for the communications page: its way in is here.
            <Group gap="md">
              <Anchor component={Link} to="/dashboard/communications">
                Weekly digest and reminders
              </Anchor>
              <Button onClick={() => open(null)}>New announcement</Button>
            </Group>
          )
        }
      />
      {list.data && list.data.unread > 0 && (
        <Text c="dimmed">{list.data.unread === 1 ? '1 unread announcement' : `${list.data.unread} unread announcements`}</Text>
      )}
      {list.isPending && <Skeleton h={180} role="status" aria-label="Loading announcements" />}
      {list.isError && <SectionError title="The announcements could not be loaded" error={list.error} onRetry={() => void list.refetch()} />}
      {list.data?.announcements.length === 0 && (
        <Text>{canManage ? 'No announcements yet. Write the first one for your choir.' : 'No announcements yet.'}</Text>
      )}
      {list.data?.announcements.map((a) => {
        const mine = canManage && !a.fromPlatform;
        return (
          <AnnouncementCard
            key={a.id}
            announcement={a}
            marking={marking === a.id}
            onMarkRead={(acknowledge) => {
              setMarking(a.id);
              void mark
                .submit({ id: a.id, acknowledge })
                .catch(() => undefined)
                .finally(() => setMarking(null));
            }}
            onReceipts={mine ? () => setReceiptsOf(a) : undefined}
            onEdit={mine ? () => open(a) : undefined}
            onDelete={mine ? () => setDeleting(a) : undefined}
          />
        );
      })}
      {choirId && (
        <>
          <AnnouncementFormModal opened={formOpen} onClose={() => setFormOpen(false)} editing={editing} choirId={choirId} save={save} />
          <ReceiptsModal choirId={choirId} announcement={receiptsOf} onClose={() => setReceiptsOf(null)} />
        </>
      )}
      <ConfirmModal
        opened={!!deleting}
        title="Delete announcement"
        confirmLabel="Delete"
        busy={remove.submitting}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          void remove
            .submit(deleting.id)
            .then(() => setDeleting(null))
            .catch(() => undefined);
        }}
      >
        {deleting && `“${deleting.title}” will be removed for everyone, with who has read it.`}
      </ConfirmModal>
    </Stack>
  );
}
