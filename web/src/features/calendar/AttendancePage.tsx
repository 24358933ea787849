import { Anchor, Badge, Button, Group, List, NumberInput, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconArrowLeft, IconChecklist, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { HttpError } from '../../api/client';
import { useChoir } from '../../app/choir';
import { showServerErrors } from '../../app/forms';
import { warningColor } from '../../app/theme';
import { RetryAlert } from '../../components/ErrorAlert';
import { NoChoirSelected } from '../../components/NoChoirSelected';
import { PageHeader } from '../../components/PageHeader';
import { SectionLoading } from '../../components/SectionState';
import {
  belowMinimumText,
  formatLinkEvent,
  groupByAnswer,
  MARK_CHOICES,
  marksToSend,
  memberName,
  minimumError,
  NOT_MARKABLE_YET,
  partLine,
  prefillMarks,
  type Marks,
} from './attendance';
import {
  attendanceExportUrl,
  useAttendanceSettings,
  useEventAttendance,
  useMarkAttendance,
  useSetAttendanceSettings,
  type AttendanceMark,
  type AttendanceMember,
  type EventAttendance,
} from './attendanceApi';
import { RemindSection } from './RemindNonResponders';

export const CALENDAR_PATH = '/dashboard/calendar';


/**
 * AttendancePage (/dashboard/calendar/attendance/:eventId, edit:calendar)
 * shows who answered what for an event or occurrence, the counts by voice
 * part with a warning under the choir's minimum, and takes attendance on the
 * day: present, late, absent or excused per member, on a phone-sized list.
 */
export function AttendancePage() {
  const { eventId = '' } = useParams();
  const { currentChoir, loading } = useChoir();
  if (loading) return <SectionLoading label="Loading attendance" />;
  if (!currentChoir) return <NoChoirSelected />;
  // Keyed by choir and event: nothing taken for one event carries over to another.
  return <AttendanceView key={`${currentChoir.id}/${eventId}`} choirId={currentChoir.id} eventId={eventId} />;
}

function BackLink() {
  return (
    <Anchor component={Link} to={CALENDAR_PATH} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        Calendar
      </Group>
    </Anchor>
  );
}

function AttendanceView({ choirId, eventId }: { choirId: string; eventId: string }) {
  const attendance = useEventAttendance(choirId, eventId);
  const [taking, setTaking] = useState(false);

  if (attendance.isPending) {
    return (
      <Stack gap="lg">
        <BackLink />
        <PageHeader title="Attendance" />
        <SectionLoading label="Loading attendance" />
      </Stack>
    );
  }
  if (attendance.isError) {
    const missing = attendance.error instanceof HttpError && attendance.error.status === 404;
    return (
      <Stack gap="lg">
        <BackLink />
        <PageHeader title={missing ? 'Event not found' : 'Attendance'} />
        {missing ? (
          <Text>This event is not in your choir&apos;s calendar. It may have been deleted.</Text>
        ) : (
          <RetryAlert onRetry={() => void attendance.refetch()}>The attendance could not be loaded.</RetryAlert>
        )}
      </Stack>
    );
  }

  const data = attendance.data;
  const { event } = data;
  return (
    <Stack gap="lg">
      <BackLink />
      <Stack gap={4}>
        <PageHeader
          title={event.title}
          actions={
            <Button
              component="a"
              href={attendanceExportUrl(choirId, eventId)}
              download
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              Download CSV
            </Button>
          }
        />
        <Text>{formatLinkEvent(event)}</Text>
        {event.location && <Text c="dimmed">{event.location}</Text>}
      </Stack>

      <PartCounts attendance={data} />

      <RemindSection choirId={choirId} eventId={eventId} attendance={data} />

      <Stack gap="sm" component="section" aria-labelledby="take-attendance">
        <Title order={2} size="h3" id="take-attendance">
          Take attendance
        </Title>
        {!data.markable && <Text>{NOT_MARKABLE_YET}</Text>}
        {data.markable && !taking && (
          <Group>
            <Button leftSection={<IconChecklist size={16} aria-hidden />} onClick={() => setTaking(true)}>
              Take attendance
            </Button>
          </Group>
        )}
        {data.markable && taking && (
          <TakeAttendance choirId={choirId} eventId={eventId} attendance={data} onDone={() => setTaking(false)} />
        )}
      </Stack>

      {!taking && <Answers members={data.members} />}

      <MinimumSetting choirId={choirId} />
    </Stack>
  );
}

function PartCounts({ attendance }: { attendance: EventAttendance }) {
  const minimum = attendance.minConfirmedPerPart;
  return (
    <Stack gap="sm" component="section" aria-labelledby="by-part">
      <Title order={2} size="h3" id="by-part">
        Answers by voice part
      </Title>
      <List listStyleType="none" spacing="xs" p={0}>
        {attendance.parts.map((part) => (
          <List.Item key={part.part}>
            <Text>{partLine(part)}</Text>
            {part.belowMinimum && minimum != null && (
              <Group gap={6} wrap="nowrap" c={warningColor}>
                <IconAlertTriangle size={16} aria-hidden style={{ flexShrink: 0 }} />
                <Text size="sm" fw={600} inherit>
                  {belowMinimumText(part.part, minimum)}
                </Text>
              </Group>
            )}
          </List.Item>
        ))}
      </List>
      <Text fw={600}>{partLine(attendance.totals, 'Total')}</Text>
    </Stack>
  );
}

const MARK_LABELS: Record<AttendanceMark, string> = {
  present: 'Present',
  late: 'Late',
  absent: 'Absent',
  excused: 'Excused',
};

function Answers({ members }: { members: readonly AttendanceMember[] }) {
  return (
    <Stack gap="md" component="section" aria-labelledby="answers">
      <Title order={2} size="h3" id="answers">
        Members
      </Title>
      {groupByAnswer(members).map((group) => (
        <Stack gap={4} key={group.title} component="section" aria-label={group.title}>
          <Title order={3} size="h4">
            {`${group.title} (${group.members.length})`}
          </Title>
          {group.members.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nobody
            </Text>
          ) : (
            <List spacing={4}>
              {group.members.map((m) => (
                <List.Item key={m.userId}>
                  <Group gap="xs" component="span">
                    <span>{memberName(m)}</span>
                    {m.voiceParts.length > 0 && (
                      <Text span size="sm" c="dimmed">
                        {m.voiceParts.join(', ')}
                      </Text>
                    )}
                    {m.mark && (
                      <Badge variant="outline" color="gray" styles={{ root: { color: 'var(--mantine-color-text)' } }}>
                        {MARK_LABELS[m.mark]}
                      </Badge>
                    )}
                  </Group>
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

interface TakeAttendanceProps {
  choirId: string;
  eventId: string;
  attendance: EventAttendance;
  onDone: () => void;
}

function TakeAttendance({ choirId, eventId, attendance, onDone }: TakeAttendanceProps) {
  const [marks, setMarks] = useState<Marks>(() => prefillMarks(attendance.members));
  const save = useMarkAttendance(choirId, eventId);

  return (
    <form
      aria-label="Take attendance"
      onSubmit={(e) => {
        e.preventDefault();
        // A refusal is said by the error toast; the marks stay to try again.
        void save.submit({ marks: marksToSend(attendance, marks) }).catch(() => {});
      }}
    >
      <Stack gap="xs" maw={480}>
        {attendance.members.map((m) => {
          const name = memberName(m);
          return (
            <Paper key={m.userId} withBorder p="sm">
              <Stack gap={6}>
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <div>
                    <Text fw={600}>{name}</Text>
                    {m.voiceParts.length > 0 && (
                      <Text size="sm" c="dimmed">
                        {m.voiceParts.join(', ')}
                      </Text>
                    )}
                  </div>
                  {marks[m.userId] != null && (
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      aria-label={`Clear mark of ${name}`}
                      onClick={() => setMarks((prev) => ({ ...prev, [m.userId]: null }))}
                    >
                      Clear
                    </Button>
                  )}
                </Group>
                <SegmentedControl
                  fullWidth
                  // Large enough to tap on a phone in one go.
                  size="lg"
                  aria-label={`Attendance of ${name}`}
                  data={MARK_CHOICES.map((c) => ({ value: c.value, label: c.label }))}
                  // '' matches no choice: an unmarked member shows none chosen.
                  value={marks[m.userId] ?? ''}
                  onChange={(value) => setMarks((prev) => ({ ...prev, [m.userId]: value as AttendanceMark }))}
                />
              </Stack>
            </Paper>
          );
        })}
        <Group gap="sm" justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={save.submitting}>
            Done
          </Button>
          <Button type="submit" size="md" loading={save.submitting}>
            Save attendance
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface MinimumValues {
  minimum: number | string;
}

function MinimumSetting({ choirId }: { choirId: string }) {
  const settings = useAttendanceSettings(choirId);
  return (
    <Stack gap="sm" component="section" aria-labelledby="minimum-setting">
      <Title order={2} size="h3" id="minimum-setting">
        Settings
      </Title>
      {settings.isPending && <SectionLoading label="Loading settings" />}
      {settings.isError && <RetryAlert onRetry={() => void settings.refetch()}>The settings could not be loaded.</RetryAlert>}
      {settings.data && <MinimumForm choirId={choirId} initial={settings.data.minConfirmedPerPart} />}
    </Stack>
  );
}

function MinimumForm({ choirId, initial }: { choirId: string; initial: number | null }) {
  const save = useSetAttendanceSettings(choirId);
  const form = useForm<MinimumValues>({
    initialValues: { minimum: initial ?? '' },
    validate: { minimum: minimumError },
  });

  async function onSubmit(values: MinimumValues) {
    const minConfirmedPerPart = values.minimum === '' ? null : Number(values.minimum);
    try {
      await save.submit(
        { minConfirmedPerPart },
        {
          onSuccess: (saved) => form.resetDirty({ minimum: saved.minConfirmedPerPart ?? '' }),
          onError: (err) => void showServerErrors(form, err, { names: { minConfirmedPerPart: 'minimum' } }),
        },
      );
    } catch {
      // The error toast and the field say why.
    }
  }

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate aria-label="Attendance settings">
      <Stack gap="sm" maw={360}>
        <NumberInput
          label="Minimum confirmed singers per part"
          description="A warning shows for a voice part with fewer singers going. Leave empty for no warning."
          min={1}
          max={200}
          allowDecimal={false}
          allowNegative={false}
          // Kept as typed, so that the rule's message says what is wrong instead of the value changing.
          clampBehavior="none"
          {...form.getInputProps('minimum')}
        />
        <Group>
          <Button type="submit" loading={save.submitting}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
