import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { reportFailure } from '../../app/errors';
import { notify } from '../../app/notify';
import { formatDateTime } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { SectionError, SectionLoading } from '../../components/SectionState';
import { useJobQueue, useRetryJob, type JobFailure, type JobQueue } from './api';
import { Figure, PlatformOverviewSections } from './PlatformOverview';

/** What each kind of job does, in words an operator reads at a glance. */
const JOB_KINDS: Record<string, string> = {
  digest: 'Weekly digest',
  reminder: 'RSVP reminder',
  'part-balance': 'Voice-part alert',
  'announce-publish': 'Announcement email',
  'announce-remind': 'Announcement reminder',
};

export function jobKindName(kind: string): string {
  return JOB_KINDS[kind] ?? kind;
}

/**
 * GlobalAdminPage (/dashboard/global-admin, admin:global) is the platform
 * operator's start page: the platform at a glance (choirs, sign-ins, mail,
 * storage, calendars), how the job queue stands — nothing sent by the
 * queue is lost silently: a job that gave up waits here with its last error
 * — and the way to the platform's other pages.
 */
export function GlobalAdminPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Global Admin" />
      <Paper withBorder p="md" component="nav" aria-label="Platform pages">
        <Group gap="lg">
          <Anchor component={Link} to="/dashboard/global-admin/calendar-import">
            Calendar import
          </Anchor>
          <Anchor component={Link} to="/dashboard/global-admin/master-feasts">
            Master feasts
          </Anchor>
          <Anchor component={Link} to="/dashboard/global-admin/subscriptions">
            Subscriptions
          </Anchor>
        </Group>
      </Paper>
      <PlatformOverviewSections />
      <JobQueueSection />
    </Stack>
  );
}

function JobQueueSection() {
  const queue = useJobQueue();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="job-queue-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="job-queue-title">
          Job queue
        </Title>
        <Text c="dimmed" size="sm" maw={720}>
          Digests, reminders and announcement emails run here. A job that fails runs again a little later; after{' '}
          {MAX_ATTEMPTS_TEXT} it waits for you to retry it once the cause is fixed.
        </Text>
        {queue.isPending ? (
          <SectionLoading label="Loading the job queue" />
        ) : queue.isError ? (
          <SectionError title="The job queue could not be loaded" error={queue.error} onRetry={() => void queue.refetch()} />
        ) : (
          <QueueFigures queue={queue.data} />
        )}
      </Stack>
    </Paper>
  );
}

/** The server's jobs.MaxAttempts, in words. */
const MAX_ATTEMPTS_TEXT = 'eight attempts';

function QueueFigures({ queue }: { queue: JobQueue }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 3 }} maw={480}>
        <Figure label="Waiting" value={queue.pending} />
        <Figure label="Retrying" value={queue.retrying} />
        <Figure label="Failed" value={queue.failed} />
      </SimpleGrid>
      {queue.failures.length === 0 ? (
        <Text>No job has failed.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label="Failed jobs" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Job</Table.Th>
                <Table.Th>Attempts</Table.Th>
                <Table.Th>Last error</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {queue.failures.map((f) => (
                <FailureRow key={f.id} failure={f} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function FailureRow({ failure }: { failure: JobFailure }) {
  const retry = useRetryJob();
  const name = jobKindName(failure.kind);
  async function runAgain() {
    try {
      await retry.submit(failure.id);
      notify.success(`${name} queued again`);
    } catch (err) {
      reportFailure(err, 'The job could not be queued again');
    }
  }
  return (
    <Table.Tr>
      <Table.Td>{name}</Table.Td>
      <Table.Td>{failure.attempts}</Table.Td>
      <Table.Td style={{ wordBreak: 'break-word' }}>{failure.lastError}</Table.Td>
      <Table.Td>
        {failure.failedAt ? `Failed ${formatDateTime(failure.failedAt)}` : `Runs again ${formatDateTime(failure.runAt)}`}
      </Table.Td>
      <Table.Td>
        {failure.failedAt && (
          <Button size="xs" variant="light" loading={retry.submitting} onClick={() => void runAgain()} aria-label={`Retry ${name}`}>
            Retry
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
