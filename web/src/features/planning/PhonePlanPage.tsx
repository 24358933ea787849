import { Badge, Button, Group, Modal, Paper, Select, Stack, Text, Textarea, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconChartBar, IconLayoutList, IconPlus, IconSearch, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useChoir } from '../../app/choir';
import { NoChoirSelected } from '../../components/NoChoirSelected';
import { SectionError, SectionLoading } from '../../components/SectionState';
import {
  useCreatePlan,
  usePlanDay,
  usePlanSuggestions,
  usePlansOn,
  useUpdatePlan,
  type Plan,
  type PlanDay,
  type PlanSlot,
  type PlanSuggestion,
} from './api';
import { formatDay, formatLongDay, isDay } from './dates';
import { MUSIC_USAGE_PATH } from './links';
import { PlanCopyButton } from './PlanCopyButton';
import { PlanTemplatesModal } from './PlanTemplatesModal';

/** The value of the event select for the date's own plan, without an event. */
const DATE_ONLY = 'date-only';

/** Touch targets of the phone page: at least 44 px high. */
const TOUCH = 44;

/**
 * PhonePlanPage (/dashboard/calendar/plan-music-v2/:date) plans a date's
 * music on a phone: one column, the day, an event to plan, its slots as
 * large cards, pieces added by search. ?event= chooses the event.
 */
export function PhonePlanPage() {
  const { date = '' } = useParams();
  const { currentChoir, loading, can } = useChoir();
  if (loading) return <SectionLoading label="Loading the plan" />;
  if (!currentChoir) return <NoChoirSelected />;
  if (!isDay(date)) return <Text>That is not a date.</Text>;
  const canPlan = can('edit:music') || can('edit:calendar');
  return <PlanDayView key={`${currentChoir.id}/${date}`} choirId={currentChoir.id} date={date} canPlan={canPlan} />;
}

function PlanDayView({ choirId, date, canPlan }: { choirId: string; date: string; canPlan: boolean }) {
  const day = usePlanDay(choirId, date);
  const [templates, setTemplates] = useState(false);
  return (
    <Stack gap="md" pb={80}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {formatLongDay(date)}
        </Title>
        {day.data && <DayLine day={day.data} />}
        <Group gap="xs">
          {canPlan && (
            <Button variant="default" size="sm" leftSection={<IconLayoutList size={16} aria-hidden />} onClick={() => setTemplates(true)}>
              Slot templates
            </Button>
          )}
          <Button component={Link} to={MUSIC_USAGE_PATH} variant="default" size="sm" leftSection={<IconChartBar size={16} aria-hidden />}>
            Usage report
          </Button>
        </Group>
      </Stack>
      {day.isPending && <SectionLoading label="Loading the day" />}
      {day.isError && <SectionError title="The day could not be loaded" error={day.error} onRetry={() => void day.refetch()} />}
      {day.data && <DayPlans choirId={choirId} day={day.data} canPlan={canPlan} />}
      {canPlan && <PlanTemplatesModal choirId={choirId} opened={templates} onClose={() => setTemplates(false)} />}
    </Stack>
  );
}

function DayLine({ day }: { day: PlanDay }) {
  if (!day.season && day.feasts.length === 0) return null;
  return (
    <Group gap={6}>
      {day.season && <Badge variant="outline" styles={{ root: { textTransform: 'none' } }}>{day.season.name}</Badge>}
      {day.feasts.map((f) => (
        <Badge key={f.feastKey || f.name} variant="light" styles={{ root: { textTransform: 'none' } }}>
          {f.name}
        </Badge>
      ))}
    </Group>
  );
}

function DayPlans({ choirId, day, canPlan }: { choirId: string; day: PlanDay; canPlan: boolean }) {
  const [search, setSearch] = useSearchParams();
  const plans = usePlansOn(choirId, day.date);
  const create = useCreatePlan(choirId);
  const wanted = search.get('event');
  const chosen = wanted && day.events.some((e) => e.id === wanted) ? wanted : (day.events[0]?.id ?? DATE_ONLY);
  const choose = (value: string) =>
    setSearch(
      (s) => {
        s.set('event', value);
        return s;
      },
      { replace: true },
    );
  const options = [
    ...day.events.map((e) => ({ value: e.id, label: e.startTime ? `${e.title}, ${e.startTime}` : e.title })),
    { value: DATE_ONLY, label: 'This date, without an event' },
  ];
  const eventId = chosen === DATE_ONLY ? null : chosen;
  const plan = plans.data?.find((p) => (p.eventId ?? null) === eventId);

  return (
    <Stack gap="md">
      <Select label="Event" data={options} value={chosen} onChange={(v) => v && choose(v)} allowDeselect={false} size="md" />
      {plans.isPending && <SectionLoading label="Loading the plan" />}
      {plans.isError && <SectionError title="The plan could not be loaded" error={plans.error} onRetry={() => void plans.refetch()} />}
      {plans.data && !plan && (
        <Stack gap="sm" align="stretch">
          <Text c="dimmed">No music planned yet.</Text>
          {canPlan && (
            <Button
              h={TOUCH}
              loading={create.submitting}
              onClick={() => void create.submit({ date: day.date, eventId }).catch(() => {})}
            >
              {eventId ? 'Plan music for this event' : 'Plan music for this date'}
            </Button>
          )}
        </Stack>
      )}
      {plan && <PlanEditor key={`${plan.id}:${plan.version}`} choirId={choirId} plan={plan} canPlan={canPlan} />}
    </Stack>
  );
}

interface DraftSlot {
  label: string;
  note: string;
  durationMinutes: number | null;
  music: PlanSlot['music'];
}

function PlanEditor({ choirId, plan, canPlan }: { choirId: string; plan: Plan; canPlan: boolean }) {
  const update = useUpdatePlan(choirId, plan.id);
  const form = useForm<{ notes: string; slots: DraftSlot[] }>({
    initialValues: {
      notes: plan.notes,
      slots: plan.slots.map((s) => ({ label: s.label, note: s.note, durationMinutes: s.durationMinutes, music: s.music })),
    },
  });
  const [adding, setAdding] = useState<number | null>(null);
  const { slots } = form.getValues();

  const save = (values: { notes: string; slots: DraftSlot[] }) =>
    void update
      .submit({
        title: plan.title,
        notes: values.notes,
        version: plan.version,
        slots: values.slots.map((s) => ({ label: s.label, note: s.note, durationMinutes: s.durationMinutes, musicId: s.music?.id ?? null })),
      })
      .catch(() => {});

  if (!canPlan) return <ReadOnlyPlan plan={plan} />;
  return (
    <form onSubmit={form.onSubmit(save)} aria-label="Plan">
      <Stack gap="sm">
        <Group justify="flex-end">
          <PlanCopyButton choirId={choirId} plan={plan} />
        </Group>
        {slots.map((slot, i) => (
          <Paper key={form.key(`slots.${i}`)} withBorder p="sm" component="section" aria-label={slot.label}>
            <Stack gap="xs">
              <Text size="sm" fw={600} c="dimmed">
                {slot.label}
                {slot.durationMinutes ? ` · ${slot.durationMinutes} min` : ''}
              </Text>
              {slot.music ? (
                <div>
                  <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
                    {slot.music.title}
                  </Text>
                  {slot.music.composer && <Text size="sm">{slot.music.composer}</Text>}
                </div>
              ) : (
                <Button
                  variant="light"
                  h={TOUCH}
                  fullWidth
                  leftSection={<IconPlus size={18} aria-hidden />}
                  aria-label={`Add a piece to ${slot.label}`}
                  onClick={() => setAdding(i)}
                >
                  Add a piece
                </Button>
              )}
              <Group gap="xs" grow>
                <Button
                  variant="default"
                  h={TOUCH}
                  disabled={i === 0}
                  aria-label={`Move up ${slot.label}`}
                  leftSection={<IconArrowUp size={16} aria-hidden />}
                  onClick={() => form.reorderListItem('slots', { from: i, to: i - 1 })}
                >
                  Move up
                </Button>
                <Button
                  variant="default"
                  h={TOUCH}
                  disabled={i === slots.length - 1}
                  aria-label={`Move down ${slot.label}`}
                  leftSection={<IconArrowDown size={16} aria-hidden />}
                  onClick={() => form.reorderListItem('slots', { from: i, to: i + 1 })}
                >
                  Move down
                </Button>
                <Button
                  variant="default"
                  h={TOUCH}
                  disabled={!slot.music}
                  aria-label={`Clear ${slot.label}`}
                  leftSection={<IconX size={16} aria-hidden />}
                  onClick={() => form.setFieldValue(`slots.${i}.music`, null)}
                >
                  Clear
                </Button>
              </Group>
            </Stack>
          </Paper>
        ))}
        <Textarea label="What to bring, what to practise" autosize minRows={2} key={form.key('notes')} {...form.getInputProps('notes')} />
        <div
          style={{
            position: 'sticky',
            bottom: 0,
            zIndex: 2,
            padding: 'var(--mantine-spacing-xs) 0',
            background: 'var(--mantine-color-body)',
          }}
        >
          <Button type="submit" fullWidth h={TOUCH} loading={update.submitting}>
            Save plan
          </Button>
        </div>
      </Stack>
      <PieceSearch
        choirId={choirId}
        planId={plan.id}
        slotLabel={adding === null ? '' : (slots[adding]?.label ?? '')}
        opened={adding !== null}
        onClose={() => setAdding(null)}
        onPick={(s) => {
          if (adding === null) return;
          form.setFieldValue(`slots.${adding}.music`, {
            id: s.music.id,
            title: s.music.title,
            composer: s.music.composer,
            libraryNumber: s.music.libraryNumber,
            isArchived: false,
          });
          setAdding(null);
        }}
      />
    </form>
  );
}

function ReadOnlyPlan({ plan }: { plan: Plan }) {
  return (
    <Stack gap="sm">
      {plan.slots.map((slot, i) => (
        <Paper key={i} withBorder p="sm" component="section" aria-label={slot.label}>
          <Text size="sm" fw={600} c="dimmed">
            {slot.label}
          </Text>
          {slot.music ? (
            <>
              <Text fw={600} size="lg">
                {slot.music.title}
              </Text>
              {slot.music.composer && <Text size="sm">{slot.music.composer}</Text>}
            </>
          ) : (
            <Text c="dimmed">Nothing chosen yet.</Text>
          )}
        </Paper>
      ))}
      {plan.notes && (
        <div>
          <Text size="sm" fw={600} c="dimmed">
            What to bring, what to practise
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{plan.notes}</Text>
        </div>
      )}
    </Stack>
  );
}

/** restingLine says why a held-back piece rests, as its reason words it. */
export function restingLine(s: PlanSuggestion): string | null {
  if (!s.heldBack) return null;
  const why = s.reasons.find((r) => r.includes('rests'));
  return why ? `Resting: ${why}` : 'Resting';
}

interface PieceSearchProps {
  choirId: string;
  planId: string;
  slotLabel: string;
  opened: boolean;
  onClose: () => void;
  onPick: (s: PlanSuggestion) => void;
}

function PieceSearch({ choirId, planId, slotLabel, opened, onClose, onPick }: PieceSearchProps) {
  return (
    <Modal opened={opened} onClose={onClose} fullScreen title={slotLabel ? `Add a piece to ${slotLabel}` : 'Add a piece'}>
      {opened && <SearchResults choirId={choirId} planId={planId} onPick={onPick} />}
    </Modal>
  );
}

function SearchResults({ choirId, planId, onPick }: { choirId: string; planId: string; onPick: (s: PlanSuggestion) => void }) {
  const [typed, setTyped] = useState('');
  const [q] = useDebouncedValue(typed.trim(), 250);
  const suggestions = usePlanSuggestions(choirId, planId, q);
  const items = suggestions.data?.items ?? [];
  return (
    <Stack gap="sm">
      <TextInput
        label="Search the library"
        size="md"
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        leftSection={<IconSearch size={18} aria-hidden />}
        data-autofocus
      />
      {suggestions.isPending && <SectionLoading label="Loading suggestions" />}
      {suggestions.isError && (
        <SectionError title="The suggestions could not be loaded" error={suggestions.error} onRetry={() => void suggestions.refetch()} />
      )}
      {suggestions.data && items.length === 0 && <Text c="dimmed">No piece matches.</Text>}
      {items.map((s) => {
        const resting = restingLine(s);
        const reasons = s.reasons.filter((r) => !resting || !r.includes('rests'));
        return (
          <UnstyledButton
            key={s.music.id}
            onClick={() => onPick(s)}
            p="sm"
            mih={TOUCH}
            style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
          >
            <Text fw={600} size="lg">
              {s.music.title}
            </Text>
            {s.music.composer && <Text size="sm">{s.music.composer}</Text>}
            {resting && (
              <Text size="sm" c="orange.9" fw={600}>
                {resting}
              </Text>
            )}
            {reasons.length > 0 && (
              <Text size="sm" c="dimmed">
                {reasons.join(' · ')}
              </Text>
            )}
            {s.lastSung.length > 0 && <Text size="sm" c="dimmed">{`Last sung ${s.lastSung.map(formatDay).join(', ')}`}</Text>}
          </UnstyledButton>
        );
      })}
    </Stack>
  );
}
