import { Button, Group, Modal, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCopy, IconFileTypePdf, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useChoir } from '../../app/choir';
import { SEARCH_MAX_LENGTH } from '../../app/forms';
import { LeaveQuestion } from '../../components/LeaveQuestion';
import { NoChoirSelected } from '../../components/NoChoirSelected';
import { useLeaveQuestion } from '../../components/useLeaveQuestion';
import { SectionError, SectionLoading } from '../../components/SectionState';
import { planPdfUrl, useCreatePlan, usePlanDay, usePlanSuggestions, usePlansOn, useUpdatePlan, type Plan, type PlanDay, type PlanSuggestion } from './api';
import { ConflictAlert, usePlanConflict } from './ConflictAlert';
import { CopyPlanModal } from './CopyPlanModal';
import { EmailPlanButton } from './EmailPlanButton';
import { DATE_ONLY, DayHeader } from './DayHeader';
import { isDateKey } from './format';
import { LEAVE_QUESTION } from './leave';
import { PlanningActions } from './PlanningActions';
import { SuggestionCard } from './SuggestionCard';
import { usePlanDraft, type PlanDraft } from './usePlanDraft';

/** Touch targets of the phone page: at least 44 px high. */
const TOUCH = 44;

/**
 * chosenEvent is the plan a page opens: the event of ?event= when the day
 * has it ('' there for the date without an event), else the day's first
 * event, else the date itself.
 */
export function chosenEvent(day: Pick<PlanDay, 'events'>, wanted: string | null): string {
  if (wanted === DATE_ONLY || (wanted && day.events.some((e) => e.id === wanted))) return wanted;
  return day.events[0]?.id ?? DATE_ONLY;
}

/**
 * PhonePlanPage (/dashboard/calendar/plan-music-v2/:date) plans a date's
 * music on a phone: one column, the day, the event to plan (?event=), its
 * slots as large cards and pieces added by search. Read-only without
 * edit:music or edit:calendar.
 */
export function PhonePlanPage() {
  const { date = '' } = useParams();
  const { currentChoir, loading, can } = useChoir();
  if (loading) return <SectionLoading label="Loading the plan" />;
  if (!currentChoir) return <NoChoirSelected />;
  if (!isDateKey(date)) return <Text>That is not a date.</Text>;
  const canPlan = can('edit:music') || can('edit:calendar');
  return <PlanDayView key={`${currentChoir.id}/${date}`} choirId={currentChoir.id} date={date} canPlan={canPlan} />;
}

function PlanDayView({ choirId, date, canPlan }: { choirId: string; date: string; canPlan: boolean }) {
  const day = usePlanDay(choirId, date);
  const [search, setSearch] = useSearchParams();
  const chosen = day.data ? chosenEvent(day.data, search.get('event')) : DATE_ONLY;
  const choose = (eventId: string) =>
    setSearch(
      (s) => {
        s.set('event', eventId);
        return s;
      },
      { replace: true },
    );

  const actions = <PlanningActions choirId={choirId} canPlan={canPlan} height={TOUCH} />;
  return (
    <Stack gap="md" pb={80}>
      <DayHeader date={date} day={day.data} chosen={chosen} onChoose={choose} actions={actions} />
      {day.isPending && <SectionLoading label="Loading the day" />}
      {day.isError && <SectionError title="The day could not be loaded" error={day.error} onRetry={() => void day.refetch()} />}
      {day.data && <ChosenPlan choirId={choirId} date={date} eventId={chosen === DATE_ONLY ? null : chosen} canPlan={canPlan} />}
    </Stack>
  );
}

function ChosenPlan({ choirId, date, eventId, canPlan }: { choirId: string; date: string; eventId: string | null; canPlan: boolean }) {
  const plans = usePlansOn(choirId, date);
  const create = useCreatePlan(choirId);
  if (plans.isPending) return <SectionLoading label="Loading the plan" />;
  if (plans.isError) return <SectionError title="The plan could not be loaded" error={plans.error} onRetry={() => void plans.refetch()} />;
  const plan = plans.data.find((p) => (p.eventId ?? null) === eventId);
  if (plan && canPlan) {
    const reread = async () => (await plans.refetch()).data?.find((p) => p.id === plan.id);
    return <PlanEditor key={plan.id} choirId={choirId} plan={plan} onReload={reread} />;
  }
  if (plan) return <ReadOnlyPlan choirId={choirId} plan={plan} />;
  return (
    <Stack gap="sm">
      <Text c="dimmed">No music planned yet.</Text>
      {canPlan && (
        <Button h={TOUCH} loading={create.submitting} onClick={() => void create.submit({ date, eventId }).catch(() => {})}>
          {eventId ? 'Plan music for this event' : 'Plan music for this date'}
        </Button>
      )}
    </Stack>
  );
}

interface PlanEditorProps {
  choirId: string;
  plan: Plan;
  /** Reads the plan again; resolves to it as stored now. */
  onReload: () => Promise<Plan | undefined>;
}

function PlanEditor({ choirId, plan, onReload }: PlanEditorProps) {
  const draft = usePlanDraft(plan);
  const update = useUpdatePlan(choirId, plan.id);
  const conflict = usePlanConflict(onReload, draft.reset);
  const [adding, setAdding] = useState<number | null>(null);
  const [copying, setCopying] = useState(false);
  const leaving = useLeaveQuestion(draft.dirty, { search: true });
  const { slots } = draft;

  /** savePlan saves the draft and says whether it is saved. */
  const savePlan = () => {
    conflict.clear();
    return (
      update
        .submit(draft.update(), { onSuccess: (saved) => draft.reset(saved), onError: (err) => conflict.caught(err) })
        .then((saved) => saved !== undefined)
        // Refused: the error toast (and for a conflict, 'Reload') says why and the draft stays to try again.
        .catch(() => false)
    );
  };
  const save = () => void savePlan();
  const saveForEmail = async () => !draft.form.validate().hasErrors && savePlan();

  return (
    <form onSubmit={draft.form.onSubmit(save)} aria-label="Plan">
      <Stack gap="sm">
        <Group gap="xs" grow>
          <Button variant="default" h={TOUCH} leftSection={<IconCopy size={16} aria-hidden />} onClick={() => setCopying(true)}>
            Copy from…
          </Button>
          <PdfLink choirId={choirId} plan={plan} />
        </Group>
        <ConflictAlert conflict={conflict} height={TOUCH} />
        {slots.map((slot, i) => (
          <SlotCard key={slot.key} draft={draft} index={i} onAdd={() => setAdding(i)} />
        ))}
        <Textarea
          label="What to bring, what to practise"
          rows={3}
          value={draft.notes}
          onChange={(e) => draft.setNotes(e.currentTarget.value)}
          error={draft.form.errors.notes}
        />
        <div style={{ position: 'sticky', bottom: 0, zIndex: 2, padding: 'var(--mantine-spacing-xs) 0', background: 'var(--mantine-color-body)' }}>
          <Button type="submit" fullWidth h={TOUCH} loading={update.submitting}>
            Save plan
          </Button>
        </div>
        <EmailPlanButton choirId={choirId} eventId={plan.eventId} dirty={draft.dirty} save={saveForEmail} h={TOUCH} fullWidth />
      </Stack>
      <Modal
        opened={adding !== null}
        onClose={() => setAdding(null)}
        fullScreen
        title={adding !== null && slots[adding] ? `Add a piece to ${slots[adding].label}` : 'Add a piece'}
      >
        {adding !== null && (
          <PieceSearch
            choirId={choirId}
            planId={plan.id}
            planned={new Set(slots.map((slot) => slot.musicId))}
            onPick={(s) => {
              draft.setPiece(adding, s.music);
              setAdding(null);
            }}
          />
        )}
      </Modal>
      <CopyPlanModal choirId={choirId} plan={plan} opened={copying} onClose={() => setCopying(false)} onCopied={(copied) => draft.reset(copied)} />
      <LeaveQuestion leaving={leaving} question={LEAVE_QUESTION} />
    </form>
  );
}

function SlotCard({ draft, index, onAdd }: { draft: PlanDraft; index: number; onAdd: () => void }) {
  const slot = draft.slots[index];
  const last = index === draft.slots.length - 1;
  return (
    <Paper withBorder p="sm" component="section" aria-label={slot.label}>
      <Stack gap="xs">
        <Text size="sm" fw={600} c="dimmed">
          {slot.durationMinutes ? `${slot.label} · ${slot.durationMinutes} min` : slot.label}
        </Text>
        {slot.music ? (
          <div>
            <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
              {slot.music.title}
            </Text>
            {slot.music.composer && <Text size="sm">{slot.music.composer}</Text>}
          </div>
        ) : (
          <Button variant="default" h={TOUCH} fullWidth leftSection={<IconPlus size={18} aria-hidden />} aria-label={`Add a piece to ${slot.label}`} onClick={onAdd}>
            Add a piece
          </Button>
        )}
        <Group gap="xs" grow>
          <Button
            variant="default"
            h={TOUCH}
            px={4}
            disabled={index === 0}
            aria-label={`Move up ${slot.label}`}
            onClick={() => draft.moveSlot(index, index - 1)}
          >
            Move up
          </Button>
          <Button
            variant="default"
            h={TOUCH}
            px={4}
            disabled={last}
            aria-label={`Move down ${slot.label}`}
            onClick={() => draft.moveSlot(index, index + 1)}
          >
            Move down
          </Button>
          <Button
            variant="default"
            h={TOUCH}
            px={4}
            disabled={!slot.music}
            aria-label={`Clear ${slot.label}`}
            onClick={() => draft.clearSlot(index)}
          >
            Clear
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** PdfLink downloads the plan's one-page PDF (as last saved). */
function PdfLink({ choirId, plan }: { choirId: string; plan: Plan }) {
  return (
    <Button component="a" href={planPdfUrl(choirId, plan.id)} download variant="default" h={TOUCH} leftSection={<IconFileTypePdf size={16} aria-hidden />}>
      Download PDF
    </Button>
  );
}

function ReadOnlyPlan({ choirId, plan }: { choirId: string; plan: Plan }) {
  return (
    <Stack gap="sm">
      <PdfLink choirId={choirId} plan={plan} />
      {plan.slots.map((slot, i) => (
        <Paper key={i} withBorder p="sm" component="section" aria-label={slot.label}>
          <Text size="sm" fw={600} c="dimmed">
            {slot.label}
          </Text>
          {slot.music ? (
            <>
              <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
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
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{plan.notes}</Text>
        </div>
      )}
    </Stack>
  );
}

interface PieceSearchProps {
  choirId: string;
  planId: string;
  /** The pieces in the plan's slots, marked 'In this plan'. */
  planned: ReadonlySet<string | null>;
  onPick: (s: PlanSuggestion) => void;
}

function PieceSearch({ choirId, planId, planned, onPick }: PieceSearchProps) {
  const [typed, setTyped] = useState('');
  const [q] = useDebouncedValue(typed.trim(), 250);
  const suggestions = usePlanSuggestions(choirId, planId, q);
  const items = suggestions.data?.items ?? [];
  return (
    <Stack gap="sm">
      <TextInput
        label="Search the library"
        size="md"
        maxLength={SEARCH_MAX_LENGTH}
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
      {items.map((s) => (
        <SuggestionCard
          key={s.music.id}
          suggestion={s}
          inPlan={planned.has(s.music.id)}
          actions={
            <Button h={TOUCH} aria-label={`Add ${s.music.title}`} onClick={() => onPick(s)} style={{ flexShrink: 0 }}>
              Add
            </Button>
          }
        />
      ))}
    </Stack>
  );
}
