import { Badge, Box, Button, Card, Group, Stack, Text, Title, Typography } from '@mantine/core';
import { formatDateTime } from '../../components/format';
import type { Announcement } from './api';

/** countsLine: 'Read 23/31 · Acknowledged 18/31' (the second part only when acknowledgement is asked). */
export function countsLine(a: Announcement): string | null {
  if (!a.stats) return null;
  const { audience, read, acknowledged } = a.stats;
  const line = `Read ${read}/${audience}`;
  return a.requiresAcknowledgement ? `${line} · Acknowledged ${acknowledged}/${audience}` : line;
}

export interface AnnouncementCardProps {
  announcement: Announcement;
  /** The reader's own actions (mark as read, acknowledge). */
  onMarkRead?: (acknowledge: boolean) => void;
  marking?: boolean;
  /** A director's actions; absent for members. */
  onReceipts?: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
}

/** AnnouncementCard shows one announcement: its badges, the server's sanitised HTML and the reader's actions. */
export function AnnouncementCard({ announcement: a, onMarkRead, marking, onReceipts, onEdit, onDelete }: AnnouncementCardProps) {
  const titleId = `announcement-${a.id}`;
  const unread = a.forMe && !a.read;
  const counts = countsLine(a);
  const audience = a.fromPlatform ? null : a.voiceParts.length > 0 ? a.voiceParts.map((p) => p.name).join(', ') : 'Whole choir';
  return (
    <Card component="article" aria-labelledby={titleId} withBorder padding="md" radius="md">
      <Stack gap="xs">
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {a.title}
          </Title>
          <Group gap={6}>
            {a.pinned && <Badge variant="light">Pinned</Badge>}
            {a.fromPlatform && (
              <Badge variant="default">
                From Cantica
              </Badge>
            )}
            {unread && <Badge color="red.9">Unread</Badge>}
            {a.status === 'scheduled' && (
              <Badge variant="default">
                Scheduled
              </Badge>
            )}
            {a.status === 'expired' && (
              <Badge variant="default">
                Expired
              </Badge>
            )}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {[a.authorName || null, a.status === 'scheduled' ? `Appears ${formatDateTime(a.publishAt)}` : formatDateTime(a.publishAt), audience && `For: ${audience}`]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {/* The server rendered and sanitised this HTML (internal/markdown); the app never renders Markdown itself. */}
        <Typography>
          <Box style={{ overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: a.bodyHtml }} />
        </Typography>
        {counts && (
          <Text size="sm" fw={600}>
            {counts}
          </Text>
        )}
        <Group gap="sm">
          {onMarkRead && a.forMe && a.requiresAcknowledgement && !a.acknowledged && (
            <Button size="sm" loading={marking} onClick={() => onMarkRead(true)}>
              I have read this
            </Button>
          )}
          {onMarkRead && a.forMe && !a.requiresAcknowledgement && !a.read && (
            <Button size="sm" variant="light" loading={marking} onClick={() => onMarkRead(false)}>
              Mark as read
            </Button>
          )}
          {a.forMe && a.requiresAcknowledgement && a.acknowledged && (
            <Text size="sm" fw={500}>
              You confirmed you have read this.
            </Text>
          )}
          {onReceipts && (
            <Button size="sm" variant="default" onClick={onReceipts}>
              Who has read it
            </Button>
          )}
          {onEdit && (
            <Button size="sm" variant="default" onClick={onEdit}>
              Edit
            </Button>
          )}
          {onDelete && (
            <Button size="sm" variant="subtle" color="red" onClick={onDelete}>
              Delete
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
