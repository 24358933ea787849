import {
  Alert,
  Box,
  Button,
  Code,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useChoir } from '../../app/choir';
import { showServerErrors } from '../../app/forms';
import { SECTION_PADDING } from '../../app/theme';
import { NoChoirSelected } from '../../components/NoChoirSelected';
import { SectionError, SectionLoading } from '../../components/SectionState';
import { formatDateTime } from '../../components/format';
import { useMembers } from '../members';
import {
  useDigestPreview,
  useDigestRuns,
  useDigestSettings,
  useSendTestDigest,
  useSetDigestSettings,
  type DigestSettings,
  type DigestWeekday,
} from './api';
import { ReminderSettings } from './ReminderSettings';

export const WEEKDAYS: { value: DigestWeekday; label: string }[] = [
  { value: 'monday', label: 'Monday' },
  { value: 'tuesday', label: 'Tuesday' },
  { value: 'wednesday', label: 'Wednesday' },
  { value: 'thursday', label: 'Thursday' },
  { value: 'friday', label: 'Friday' },
  { value: 'saturday', label: 'Saturday' },
  { value: 'sunday', label: 'Sunday' },
];

const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: `${String(h).padStart(2, '0')}:00` }));

/**
 * CommunicationsPage (/dashboard/communications, manage:communications): the
 * choir's weekly digest — its schedule, a preview as any member, a test to
 * oneself and the history of its runs — and the choir's reminders.
 */
export function CommunicationsPage() {
  const { currentChoir, loading } = useChoir();
  const choirId = loading ? null : (currentChoir?.id ?? null);
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>Communications</Title>
      {loading ? (
        <SectionLoading label="Loading the choir" />
      ) : !choirId ? (
        <NoChoirSelected />
      ) : (
        <>
          <DigestSchedule key={`schedule-${choirId}`} choirId={choirId} />
          <DigestPreviewSection key={`preview-${choirId}`} choirId={choirId} />
          <DigestHistory choirId={choirId} />
          <ReminderSettings key={`reminders-${choirId}`} choirId={choirId} />
        </>
      )}
    </Stack>
  );
}

/** nextRun says when the next digest goes, in the choir's zone, as its director reads it. */
export function nextRun(settings: DigestSettings): string {
  if (!settings.enabled || !settings.nextRunAt) return 'The weekly digest is off.';
  const when = new Intl.DateTimeFormat(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: settings.timeZone,
  }).format(new Date(settings.nextRunAt));
  return `Next digest: ${when} (${settings.timeZone} time).`;
}

type ScheduleValues = { enabled: boolean; weekday: DigestWeekday | null; hour: string | null };

function DigestSchedule({ choirId }: { choirId: string }) {
  const settings = useDigestSettings(choirId);
  return (
    <Paper withBorder p={SECTION_PADDING} component="section" aria-labelledby="digest-schedule-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="digest-schedule-title">
          Weekly digest
        </Title>
        <Text size="sm" c="dimmed">
          One email a week to each member, covering all their choirs: the events awaiting their answer first, with
          one-tap answers, then the next 14 days, new announcements, the music of the next service and their own
          practice. A member with nothing new gets no email.
        </Text>
        {settings.isPending ? (
          <SectionLoading label="Loading the digest schedule" />
        ) : settings.isError ? (
          <SectionError
            title="Could not load the digest schedule"
            error={settings.error}
            onRetry={() => void settings.refetch()}
          />
        ) : (
          <ScheduleForm choirId={choirId} settings={settings.data} />
        )}
      </Stack>
    </Paper>
  );
}

function ScheduleForm({ choirId, settings }: { choirId: string; settings: DigestSettings }) {
  const save = useSetDigestSettings(choirId);
  const form = useForm<ScheduleValues>({
    initialValues: { enabled: settings.enabled, weekday: settings.weekday, hour: String(settings.hour) },
    validate: {
      weekday: (v) => (v ? null : 'Choose a day of the week'),
      hour: (v) => (v !== null && Number(v) >= 0 && Number(v) <= 23 ? null : 'Choose an hour from 0 to 23'),
    },
  });

  async function onSubmit(values: ScheduleValues) {
    try {
      await save.submit(
        { enabled: values.enabled, weekday: values.weekday ?? 'monday', hour: Number(values.hour) },
        { onError: (err) => showServerErrors(form, err) },
      );
    } catch {
      // The error toast has said why.
    }
  }

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate aria-label="Digest schedule">
      <Stack gap="md">
        <Switch
          label="Send the weekly digest"
          // Mantine's label also wraps the description; keep the name short.
          aria-label="Send the weekly digest"
          {...form.getInputProps('enabled', { type: 'checkbox' })}
          description="Members choose on their notification settings whether they get it."
        />
        <Group grow align="flex-start">
          <Select label="Day" data={WEEKDAYS} allowDeselect={false} {...form.getInputProps('weekday')} />
          <Select label="Hour" data={HOURS} allowDeselect={false} {...form.getInputProps('hour')} />
        </Group>
        <Text size="sm" role="status">
          {nextRun(settings)}
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={save.submitting}>
            Save schedule
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DigestPreviewSection({ choirId }: { choirId: string }) {
  const members = useMembers(choirId);
  const [userId, setUserId] = useState<string | null>(null);
  const [view, setView] = useState<'email' | 'text'>('email');
  const preview = useDigestPreview(choirId, userId);
  const test = useSendTestDigest(choirId);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const options = (members.data ?? [])
    .filter((m) => m.isActive)
    .map((m) => ({ value: m.userId, label: `${m.firstName} ${m.lastName}`.trim() || m.email }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const name = options.find((o) => o.value === userId)?.label ?? '';

  async function sendTest() {
    setSentTo(null);
    try {
      await test.submit(undefined, { onSuccess: (res) => setSentTo(res.sentTo) });
    } catch {
      // The error toast has said why.
    }
  }

  return (
    <Paper withBorder p={SECTION_PADDING} component="section" aria-labelledby="digest-preview-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="digest-preview-title">
          Preview
        </Title>
        <Group align="flex-end" wrap="wrap">
          <Select
            label="Preview as"
            placeholder="Choose a member"
            searchable
            data={options}
            value={userId}
            onChange={setUserId}
            disabled={members.isPending}
            style={{ flex: '1 1 16rem' }}
          />
          <Button variant="light" onClick={() => void sendTest()} loading={test.submitting}>
            Send me a test
          </Button>
        </Group>
        {sentTo && (
          <Text size="sm" role="status">
            Test digest sent to {sentTo}.
          </Text>
        )}
        {members.isError && (
          <SectionError title="Could not load the members" error={members.error} onRetry={() => void members.refetch()} />
        )}
        {userId &&
          (preview.isPending ? (
            <SectionLoading label="Building the preview" />
          ) : preview.isError ? (
            <SectionError title="Could not build the preview" error={preview.error} onRetry={() => void preview.refetch()} />
          ) : (
            <Stack gap="sm">
              {preview.data.switchedOff && (
                <Alert color="yellow" title="Digest turned off">
                  {name} does not get the digest from this choir: they turned it off, or their email from the choir.
                </Alert>
              )}
              {preview.data.empty && (
                <Alert color="blue" title="Nothing new">
                  Nothing new for {name} this week, so they would get no email.
                </Alert>
              )}
              <Text>
                <Text span fw={700}>
                  Subject:
                </Text>{' '}
                {preview.data.subject}
              </Text>
              <Text size="xs" c="dimmed">
                This choir's part only, as it would be sent now. The links in a preview do not work.
              </Text>
              <SegmentedControl
                aria-label="Show the preview as"
                value={view}
                onChange={(v) => setView(v === 'text' ? 'text' : 'email')}
                data={[
                  { value: 'email', label: 'Email' },
                  { value: 'text', label: 'Plain text' },
                ]}
              />
              {view === 'email' ? (
                <Box
                  component="iframe"
                  title={`Digest preview for ${name}`}
                  // The message's own HTML, with nothing allowed to run.
                  sandbox=""
                  srcDoc={preview.data.html}
                  style={{ width: '100%', height: 640, border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
                />
              ) : (
                <Code
                  block
                  aria-label={`Plain text digest for ${name}`}
                  // A long link may still scroll it sideways: keyboard users can too.
                  tabIndex={0}
                  style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                >
                  {preview.data.text}
                </Code>
              )}
            </Stack>
          ))}
      </Stack>
    </Paper>
  );
}

function DigestHistory({ choirId }: { choirId: string }) {
  const runs = useDigestRuns(choirId);
  return (
    <Paper withBorder p={SECTION_PADDING} component="section" aria-labelledby="digest-history-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="digest-history-title">
          History
        </Title>
        {runs.isPending ? (
          <SectionLoading label="Loading the digest history" />
        ) : runs.isError ? (
          <SectionError title="Could not load the digest history" error={runs.error} onRetry={() => void runs.refetch()} />
        ) : runs.data.length === 0 ? (
          <Text c="dimmed">No digest has gone out yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Week</Table.Th>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Sent</Table.Th>
                  <Table.Th>Skipped: nothing new</Table.Th>
                  <Table.Th>Failed</Table.Th>
                  <Table.Th>Still to go</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {runs.data.map((r) => (
                  <Table.Tr key={r.week}>
                    <Table.Td>{r.week}</Table.Td>
                    <Table.Td>{formatDateTime(r.plannedAt)}</Table.Td>
                    <Table.Td>{r.sent}</Table.Td>
                    <Table.Td>{r.skipped}</Table.Td>
                    <Table.Td>{r.failed}</Table.Td>
                    <Table.Td>{r.pending}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
