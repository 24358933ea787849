import { Button, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useChoir } from '../../app/choir';
import { SectionError, SectionLoading } from '../../components/SectionState';
import { type AnalyticsAttendance, csvUrl, type Filters, useAttendance, useSetThreshold } from './api';
import { TrendChart, TypesChart } from './Charts';
import { DataTable } from './DataTable';
import { pct, singers, typeName } from './format';

type Counts = { present: number; excused: number; absent: number; marked: number; rate?: number };
const countHeader = ['Present', 'Excused', 'Absent', 'Events taken', 'Attendance rate'];
const counts = (c: Counts) => [String(c.present), String(c.excused), String(c.absent), String(c.marked), pct(c.rate)];

/** attendanceRows are the section's tables as rows of text, the same as the CSV the server writes. */
export function attendanceRows(a: AnalyticsAttendance) {
  return {
    members: a.members.map((m) => [m.name, m.voiceParts.join(', '), ...counts(m), m.below ? 'Yes' : 'No']),
    parts: a.parts.map((p) => [p.name, ...counts(p)]),
    events: a.events.map((e) => [e.date, e.title, typeName(e.type), ...counts(e)]),
    types: a.types.map((t) => [typeName(t.type), String(t.events), singers(t.averageSingers)]),
  };
}

/** AttendanceSection: who comes, per member, voice part, event and event type. */
export function AttendanceSection({ choirId, filters }: { choirId: string; filters: Filters }) {
  const q = useAttendance(choirId, filters, true);
  const { can } = useChoir();
  return (
    <Stack gap="md" component="section" aria-labelledby="analytics-attendance">
      <Title order={2} id="analytics-attendance">
        Attendance
      </Title>
      {q.isPending && <SectionLoading label="Loading attendance" />}
      {q.isError && <SectionError title="Attendance could not be loaded" error={q.error} onRetry={() => void q.refetch()} />}
      {q.data && (
        <>
          <Text size="sm" c="dimmed">
            From {q.data.period.from} to {q.data.period.to}, out of the events where attendance was taken. Members under {q.data.threshold} % come first.
          </Text>
          {can('edit:settings') && <ThresholdForm key={q.data.threshold} choirId={choirId} threshold={q.data.threshold} />}
          <AttendanceTables choirId={choirId} filters={filters} data={q.data} />
        </>
      )}
    </Stack>
  );
}

function AttendanceTables({ choirId, filters, data }: { choirId: string; filters: Filters; data: AnalyticsAttendance }) {
  const rows = attendanceRows(data);
  const csv = (table: string) => csvUrl(choirId, 'attendance', table, filters);
  return (
    <>
      <DataTable
        title="Members"
        csv={csv('members')}
        header={['Member', 'Voice parts', ...countHeader, 'Below threshold']}
        rows={rows.members}
        rowKey={(i) => data.members[i].userId}
        empty="No members match these filters."
      />
      <DataTable
        title="Voice parts"
        csv={csv('parts')}
        header={['Voice part', ...countHeader]}
        rows={rows.parts}
        rowKey={(i) => data.parts[i].partId}
        empty="The choir has no voice parts."
      />
      <TrendChart events={data.events} />
      <DataTable
        title="Events"
        csv={csv('events')}
        header={['Date', 'Event', 'Type', ...countHeader]}
        rows={rows.events}
        rowKey={(i) => data.events[i].key}
        empty="Attendance was not taken at any event in this period."
      />
      <TypesChart types={data.types} />
      <DataTable
        title="Average singers by event type"
        csv={csv('types')}
        header={['Event type', 'Events', 'Average singers present']}
        rows={rows.types}
        rowKey={(i) => data.types[i].type}
        empty="Attendance was not taken at any event in this period."
      />
    </>
  );
}

/** ThresholdForm sets the rate under which members are listed first. */
function ThresholdForm({ choirId, threshold }: { choirId: string; threshold: number }) {
  const save = useSetThreshold(choirId);
  const form = useForm<{ threshold: number | string }>({
    initialValues: { threshold },
    validate: {
      threshold: (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 100 ? null : 'Enter a whole number from 0 to 100.'),
    },
  });
  return (
    <form className="analytics-noprint" onSubmit={form.onSubmit((v) => void save.submit(Number(v.threshold)).catch(() => undefined))}>
      <Group align="flex-end" gap="sm">
        <NumberInput
          label="Attendance threshold (%)"
          min={0}
          max={100}
          allowDecimal={false}
          w={200}
          {...form.getInputProps('threshold')}
          error={form.errors.threshold ?? (save.isError ? 'The threshold could not be saved.' : undefined)}
        />
        <Button type="submit" variant="default" loading={save.submitting}>
          Save threshold
        </Button>
      </Group>
    </form>
  );
}
