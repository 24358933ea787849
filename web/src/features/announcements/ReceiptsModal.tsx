import { Button, List, Modal, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTime } from '../../components/format';
import { RetryAlert } from '../../components/ErrorAlert';
import { useReceipts, useRemind, type Announcement } from './api';

export const REMIND_LABEL = 'Remind those who have not acknowledged';

/** remindNote says when the reminder button was last used and when it may be used again. */
export function remindNote(remindedAt?: string, nextReminderAt?: string): string | null {
  if (!remindedAt) return null;
  const last = `Last reminder sent ${formatDateTime(remindedAt)}.`;
  return nextReminderAt ? `${last} You can send another after ${formatDateTime(nextReminderAt)}.` : last;
}

export interface ReceiptsModalProps {
  choirId: string;
  announcement: Announcement | null;
  onClose: () => void;
}

/** ReceiptsModal shows a director who has read and acknowledged an announcement, by voice part, and who has not. */
export function ReceiptsModal({ choirId, announcement, onClose }: ReceiptsModalProps) {
  return (
    <Modal opened={!!announcement} onClose={onClose} title={announcement ? `Who has read “${announcement.title}”` : ''} size="lg" centered>
      {announcement && <Receipts choirId={choirId} announcement={announcement} />}
    </Modal>
  );
}

function Receipts({ choirId, announcement }: { choirId: string; announcement: Announcement }) {
  const receipts = useReceipts(choirId, announcement.id);
  const remind = useRemind(choirId);
  if (receipts.isPending) return <Skeleton h={160} role="status" aria-label="Loading who has read it" />;
  if (receipts.isError) return <RetryAlert onRetry={() => void receipts.refetch()}>Who has read it could not be loaded.</RetryAlert>;
  const r = receipts.data;
  const ack = r.requiresAcknowledgement;
  const notRead = r.people.filter((p) => !p.read);
  const notAcked = r.people.filter((p) => p.read && !p.acknowledged);
  const waiting = !!r.nextReminderAt && new Date(r.nextReminderAt) > new Date();
  const note = remindNote(r.remindedAt, waiting ? r.nextReminderAt : undefined);
  return (
    <Stack gap="md">
      <Text fw={600}>
        {`Read ${r.totals.read}/${r.totals.audience}`}
        {ack && ` · Acknowledged ${r.totals.acknowledged}/${r.totals.audience}`}
      </Text>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Voice part</Table.Th>
            <Table.Th scope="col">Read</Table.Th>
            {ack && <Table.Th scope="col">Acknowledged</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {r.parts.map((p) => (
            <Table.Tr key={p.name}>
              <Table.Th scope="row">{p.name}</Table.Th>
              <Table.Td>{`${p.read}/${p.audience}`}</Table.Td>
              {ack && <Table.Td>{`${p.acknowledged}/${p.audience}`}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <PeopleList title="Not read yet" people={notRead} />
      {ack && <PeopleList title="Read but not acknowledged" people={notAcked} />}
      {ack && (
        <Stack gap={4}>
          <Button
            onClick={() => void remind.submit(announcement.id).catch(() => undefined)}
            loading={remind.submitting}
            disabled={waiting || notRead.length + notAcked.length === 0}
          >
            {REMIND_LABEL}
          </Button>
          {note && (
            <Text size="sm" c="dimmed">
              {note}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}

function PeopleList({ title, people }: { title: string; people: { userId: string; name: string; voiceParts: string[] }[] }) {
  if (people.length === 0) return null;
  return (
    <div>
      <Title order={3} size="h5" mb={4}>
        {`${title} (${people.length})`}
      </Title>
      <List size="sm">
        {people.map((p) => (
          <List.Item key={p.userId}>{p.voiceParts.length > 0 ? `${p.name} (${p.voiceParts.join(', ')})` : p.name}</List.Item>
        ))}
      </List>
    </div>
  );
}
