import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useChoir } from '../../app/choir';
import { NoChoirSelected } from '../../components/NoChoirSelected';
import { PageHeader } from '../../components/PageHeader';
import { SectionLoading } from '../../components/SectionState';
import './analytics.css';
import { AnswersSection } from './AnswersSection';
import { type Filters, type PeriodKind, useVoiceParts } from './api';
import { PracticeSection } from './PracticeSection';
import { ReadinessSection } from './ReadinessSection';
import { AttendanceSection } from './AttendanceSection';
import { eventTypes } from './format';
import { MusicSection } from './MusicSection';

/** SectionProps is what every section of the page is given. */
export interface SectionProps {
  choirId: string;
  filters: Filters;
}


const periods: { value: PeriodKind; label: string }[] = [
  { value: 'last90', label: 'Last 90 days' },
  { value: 'season', label: 'This season (September–August)' },
  { value: 'last12m', label: 'Last 12 months' },
  { value: 'custom', label: 'Custom range' },
];

const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

/** filtersOf reads the page's filters from its address, so that a reload, a bookmark or a print keeps them. */
export function filtersOf(params: URLSearchParams): Filters {
  const period = params.get('period');
  return {
    period: periods.some((p) => p.value === period) ? (period as PeriodKind) : 'last90',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    voicePart: params.get('voicePart') ?? '',
    eventType: params.get('eventType') ?? '',
  };
}

/** rangeProblem says what is wrong with a custom range, or '' when it can be asked for. */
export function rangeProblem(f: Filters): string {
  if (f.period !== 'custom') return '';
  if (!isDate(f.from) || !isDate(f.to)) return 'Enter both dates.';
  if (f.from > f.to) return 'The start date must be on or before the end date.';
  return '';
}

/**
 * AnalyticsPage (/dashboard/analytics, view:analytics): the period and
 * filters, then Attendance, Answers, Readiness, Music and Practice, each
 * table with its CSV; printable for the board meeting.
 */
export function AnalyticsPage() {
  const { currentChoir, loading } = useChoir();
  if (loading) return <SectionLoading label="Loading analytics" />;
  if (!currentChoir) return <NoChoirSelected />;
  return <Analytics key={currentChoir.id} choirId={currentChoir.id} />;
}

function Analytics({ choirId }: { choirId: string }) {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const problem = rangeProblem(filters);
  const set = (change: Partial<Filters>) => {
    const next = { ...filters, ...change };
    const q = new URLSearchParams();
    if (next.period !== 'last90') q.set('period', next.period);
    if (next.period === 'custom') {
      if (next.from) q.set('from', next.from);
      if (next.to) q.set('to', next.to);
    }
    if (next.voicePart) q.set('voicePart', next.voicePart);
    if (next.eventType) q.set('eventType', next.eventType);
    setParams(q, { replace: true });
  };
  const parts = useVoiceParts(choirId);

  return (
    <Stack gap="xl" className="analytics-page">
      <PageHeader
        title="Analytics"
        actions={
          <Button
            variant="default"
            className="analytics-noprint"
            leftSection={<IconPrinter size={16} aria-hidden />}
            onClick={() => window.print()}
          >
            Print
          </Button>
        }
      />
      <Group align="flex-end" gap="sm" className="analytics-filters" role="group" aria-label="Period and filters">
        <NativeSelect
          label="Period"
          data={periods}
          value={filters.period}
          onChange={(e) => set({ period: e.currentTarget.value as PeriodKind })}
        />
        {filters.period === 'custom' && (
          <>
            <TextInput type="date" label="From" value={filters.from} onChange={(e) => set({ from: e.currentTarget.value })} />
            <TextInput
              type="date"
              label="To"
              value={filters.to}
              onChange={(e) => set({ to: e.currentTarget.value })}
              error={problem || undefined}
            />
          </>
        )}
        <NativeSelect
          label="Voice part"
          data={[{ value: '', label: 'All voice parts' }, ...(parts.data ?? []).map((p) => ({ value: p.id, label: p.name }))]}
          value={filters.voicePart}
          onChange={(e) => set({ voicePart: e.currentTarget.value })}
        />
        <NativeSelect
          label="Event type"
          data={[{ value: '', label: 'All event types' }, ...eventTypes]}
          value={filters.eventType}
          onChange={(e) => set({ eventType: e.currentTarget.value })}
        />
      </Group>
      {problem === '' && (
        <>
          <AttendanceSection choirId={choirId} filters={filters} />
          <AnswersSection choirId={choirId} filters={filters} />
          <ReadinessSection choirId={choirId} voicePart={filters.voicePart} />
          <MusicSection choirId={choirId} filters={filters} />
          <PracticeSection choirId={choirId} filters={filters} />
        </>
      )}
    </Stack>
  );
}
