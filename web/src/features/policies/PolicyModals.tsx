import { Box, Button, Divider, List, Modal, Skeleton, Stack, Text, Title, Typography } from '@mantine/core';
import { Fragment } from 'react';
import { formatDateTime } from '../../components/format';
import { RetryAlert } from '../../components/ErrorAlert';
import { useAcknowledgements, useRemindPolicy, useVersions, type Policy } from './api';

export const REMIND_LABEL = 'Remind those who have not acknowledged';

/** acknowledgedLabel is the director's count: "Acknowledged 28/31". */
export function acknowledgedLabel(stats: { members: number; acknowledged: number }): string {
  return `Acknowledged ${stats.acknowledged}/${stats.members}`;
}

/** remindNote says when the reminder button was last used and when it may be used again. */
export function remindNote(remindedAt?: string, nextReminderAt?: string): string | null {
  if (!remindedAt) return null;
  const last = `Last reminder sent ${formatDateTime(remindedAt)}.`;
  return nextReminderAt ? `${last} You can send another after ${formatDateTime(nextReminderAt)}.` : last;
}

/** PolicyHtml shows the sanitised HTML the server rendered from a policy's Markdown. */
export function PolicyHtml({ html }: { html: string }) {
  return (
    <Typography>
      <Box style={{ overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}

/** AcknowledgementsModal shows a director who has not acknowledged a policy, and sends them a reminder. */
export function AcknowledgementsModal({ choirId, policy, onClose }: { choirId: string; policy: Policy | null; onClose: () => void }) {
  return (
    <Modal opened={!!policy} onClose={onClose} title={policy ? `Who has acknowledged “${policy.title}”` : ''} size="lg" centered>
      {policy && <Acknowledgements choirId={choirId} policy={policy} />}
    </Modal>
  );
}

function Acknowledgements({ choirId, policy }: { choirId: string; policy: Policy }) {
  const acks = useAcknowledgements(choirId, policy.id);
  const remind = useRemindPolicy(choirId);
  if (acks.isPending) return <Skeleton h={160} role="status" aria-label="Loading who has acknowledged it" />;
  if (acks.isError) return <RetryAlert onRetry={() => void acks.refetch()}>Who has acknowledged it could not be loaded.</RetryAlert>;
  const a = acks.data;
  const waiting = !!a.nextReminderAt && new Date(a.nextReminderAt) > new Date();
  const note = remindNote(a.remindedAt, waiting ? a.nextReminderAt : undefined);
  const pending = a.people.filter((p) => !p.acknowledged);
  return (
    <Stack gap="md">
      <Text fw={600}>{acknowledgedLabel(a.totals)}</Text>
      {pending.length > 0 ? (
        <div>
          <Title order={3} size="h5" mb={4}>
            {`Not acknowledged yet (${pending.length})`}
          </Title>
          <List size="sm">
            {pending.map((p) => (
              <List.Item key={p.userId}>
                {p.version > 0 ? `${p.name} (acknowledged version ${p.version}, before the last material change)` : p.name}
              </List.Item>
            ))}
          </List>
        </div>
      ) : (
        <Text>Every member has acknowledged it.</Text>
      )}
      <Stack gap={4}>
        <Button
          onClick={() => void remind.submit(policy.id).catch(() => undefined)}
          loading={remind.submitting}
          disabled={waiting || pending.length === 0}
        >
          {REMIND_LABEL}
        </Button>
        <Text size="sm" c="dimmed">
          {note ?? 'They get an email asking them to read it. You can send one reminder every 48 hours.'}
        </Text>
      </Stack>
    </Stack>
  );
}

/** VersionsModal lists every saved version of a policy, newest first, each readable. */
export function VersionsModal({ choirId, policy, onClose }: { choirId: string; policy: Policy | null; onClose: () => void }) {
  return (
    <Modal opened={!!policy} onClose={onClose} title={policy ? `Versions of “${policy.title}”` : ''} size="lg" centered>
      {policy && <Versions choirId={choirId} policyId={policy.id} />}
    </Modal>
  );
}

function Versions({ choirId, policyId }: { choirId: string; policyId: string }) {
  const versions = useVersions(choirId, policyId);
  if (versions.isPending) return <Skeleton h={160} role="status" aria-label="Loading the versions" />;
  if (versions.isError) return <RetryAlert onRetry={() => void versions.refetch()}>The versions could not be loaded.</RetryAlert>;
  return (
    <Stack gap="md">
      {versions.data.versions.map((v, i) => (
        <Fragment key={v.version}>
          {i > 0 && <Divider />}
          <section aria-label={`Version ${v.version}`}>
            <Title order={3} size="h5">
              {`Version ${v.version}: ${v.title}`}
            </Title>
            <Text size="sm" c="dimmed" mb="xs">
              {[
                formatDateTime(v.createdAt),
                v.authorName && `by ${v.authorName}`,
                v.material ? 'members asked to acknowledge it' : 'minor change',
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            <PolicyHtml html={v.bodyHtml} />
          </section>
        </Fragment>
      ))}
    </Stack>
  );
}
