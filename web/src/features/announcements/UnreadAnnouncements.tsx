import { Anchor, Badge, Card, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useUnreadAnnouncements } from './api';

/** UnreadBadge is the sidebar's count of unread announcements; nothing when none. */
export function UnreadBadge({ choirId }: { choirId: string | null }) {
  const unread = useUnreadAnnouncements(choirId);
  const n = unread.data ?? 0;
  if (n === 0) return null;
  return (
    <Badge size="sm" color="red.9" circle={n < 10}>
      {n}
      <VisuallyHidden> unread</VisuallyHidden>
    </Badge>
  );
}

/** UnreadAnnouncementsNotice tells a member on the dashboard that announcements wait for them. */
export function UnreadAnnouncementsNotice({ choirId }: { choirId: string }) {
  const unread = useUnreadAnnouncements(choirId);
  const n = unread.data ?? 0;
  if (n === 0) return null;
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label="Unread announcements">
      <Group gap="sm" wrap="nowrap">
        <IconSpeakerphone size={22} stroke={1.5} aria-hidden />
        <Text>
          {n === 1 ? 'You have 1 unread announcement. ' : `You have ${n} unread announcements. `}
          <Anchor component={Link} to="/dashboard/announcements">
            Read announcements
          </Anchor>
        </Text>
      </Group>
    </Card>
  );
}
