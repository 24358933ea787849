import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '../../components/ConfirmModal';
import { PageHeader } from '../../components/PageHeader';
import { SectionError } from '../../components/SectionState';
import { AnnouncementCard } from './AnnouncementCard';
import { AnnouncementFormModal } from './AnnouncementForm';
import { useDeletePlatformAnnouncement, usePlatformAnnouncements, useSavePlatformAnnouncement, type Announcement } from './api';

/**
 * PlatformAnnouncementsPage (/dashboard/announcements/admin,
 * manage:announcements: global admins): announcements to every choir, such
 * as maintenance or new features, shown in each choir's list as from Cantica.
 */
export function PlatformAnnouncementsPage() {
  const list = usePlatformAnnouncements();
  const save = useSavePlatformAnnouncement();
  const remove = useDeletePlatformAnnouncement();
  const [editing, setEditing] = useState<Announcement | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  const open = (a: Announcement | null) => {
    setEditing(a);
    setFormOpen(true);
  };
  return (
    <Stack gap="lg" maw={860}>
      <PageHeader title="Platform Announcements" actions={<Button onClick={() => open(null)}>New announcement</Button>} />
      <Text c="dimmed">These appear in every choir’s announcements, marked as from Cantica.</Text>
      {list.isPending && <Skeleton h={180} role="status" aria-label="Loading announcements" />}
      {list.isError && <SectionError title="The announcements could not be loaded" error={list.error} onRetry={() => void list.refetch()} />}
      {list.data?.announcements.length === 0 && <Text>No platform announcements yet.</Text>}
      {list.data?.announcements.map((a) => (
        <AnnouncementCard key={a.id} announcement={a} onEdit={() => open(a)} onDelete={() => setDeleting(a)} />
      ))}
      <AnnouncementFormModal opened={formOpen} onClose={() => setFormOpen(false)} editing={editing} choirId={null} save={save} />
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
        {deleting && `“${deleting.title}” will be removed from every choir.`}
      </ConfirmModal>
    </Stack>
  );
}
