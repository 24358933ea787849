import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useOfflineState } from './offlineStatus';

/** offlineMessage is the words: "Offline — last updated {time}". */
export function offlineMessage(updatedAt: number, now = new Date()): string {
  const at = new Date(updatedAt);
  const sameDay = at.toDateString() === now.toDateString();
  const time = at.toLocaleString(undefined, sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' });
  return `Offline — last updated ${time}`;
}

/**
 * OfflineNotice says, above a page, that the phone has no signal and the page
 * shows what was kept from the last visit (issue 31).
 */
export function OfflineNotice() {
  const { showOffline, updatedAt } = useOfflineState();
  if (!showOffline) return null;
  return (
    <Alert role="status" color="gray" variant="light" icon={<IconCloudOff size={18} aria-hidden />} mb="md" py="xs">
      {offlineMessage(updatedAt)}
    </Alert>
  );
}
