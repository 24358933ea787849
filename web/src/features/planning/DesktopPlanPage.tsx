import {
  Anchor,
  Button,
  Grid,
  Group,
  Menu,
  NumberInput,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import {
  IconArrowLeft,
  IconArrowRight,
  IconCopy,
  IconDownload,
  IconGripVertical,
  IconPlus,
  IconPrinter,
  IconSearch,
} from '@tabler/icons-react';
import { useRef, useState, type DragEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useChoir } from '../../app/choir';
import { SEARCH_MAX_LENGTH, showServerErrors } from '../../app/forms';
import { LeaveQuestion } from '../../components/LeaveQuestion';
import { RetryAlert } from '../../components/ErrorAlert';
import { formatDuration } from '../../components/format';
import { NoChoirSelected } from '../../components/NoChoirSelected';
import { useLeaveQuestion } from '../../components/useLeaveQuestion';
import { SectionLoading } from '../../components/SectionState';
import {
  planPdfUrl,
  suggestionsQuery,
  useCreatePlan,
  usePlanDay,
  usePlanSuggestions,
  usePlansOn,
  useUpdatePlan,
  type Plan,
  type PlanSuggestion,
} from './api';
import { ConflictAlert, usePlanConflict } from './ConflictAlert';
import { CopyPlanModal } from './CopyPlanModal';
import { EmailPlanButton } from './EmailPlanButton';
import { PlanningActions } from './PlanningActions';
import { DATE_ONLY, DayHeader } from './DayHeader';
import { isDateKey, pieceLine, shiftDate } from './format';
import { LEAVE_QUESTION } from './leave';
import { PlanPrintView } from './PlanPrintView';
import { SuggestionCard } from './SuggestionCard';
import { MAX_SLOTS, usePlanDraft, type DraftSlot, type PieceLike, type PlanDraft } from './usePlanDraft';

export const CALENDAR_PATH = '/dashboard/calendar';

const v3Path = (date: string) => `/dashboard/calendar/plan-music-v3/${encodeURIComponent(date)}`;

/** Who may change plans: edit:music or edit:calendar (the server decides the same). */
function useCanPlan(): boolean {
  const { can } = useChoir();
  return can('edit:music') || can('edit:calendar');
}

/**
 * DesktopPlanPage (/dashboard/calendar/plan-music-v3/:date) plans the music
 * of a date: the day's season, feasts and events at the top; for the chosen
 * event (?event=, or 'Date only') its plan beside the library, ranked for
 * the day. Pieces are dragged from the library into slots and slots into
 * order, or placed with buttons. Those who may not change plans read them.
 */
export function DesktopPlanPage() {
  const { date = '' } = useParams();
  const { currentChoir, loading } = useChoir();
  if (loading) return <SectionLoading label="Loading the plan" />;
  if (!currentChoir) return <NoChoirSelected />;
  if (!isDateKey(date)) {
    return (
      <Stack gap="lg">
        <CalendarLink />
        <Title order={1}>Plan Music</Title>
        <Text>{`"${date}" is not a date. Choose a day in the calendar.`}</Text>
      </Stack>
    );
  }
  // Keyed by choir and date: nothing unsaved of one day carries over to another.
  return <DayView key={`${currentChoir.id}/${date}`} choirId={currentChoir.id} choirName={currentChoir.name} date={date} />;
}

function CalendarLink() {
  return (
    <Anchor component={Link} to={CALENDAR_PATH} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        Calendar
      </Group>
    </Anchor>
  );
}

function DayNav({ date }: { date: string }) {
  return (
    <Group justify="space-between" gap="sm">
      <CalendarLink />
      <Group gap="md">
        <Anchor component={Link} to={v3Path(shiftDate(date, -1))} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            Previous day
          </Group>
        </Anchor>
        <Anchor component={Link} to={v3Path(shiftDate(date, 1))} size="sm">
          <Group gap={4} component="span">
            Next day
            <IconArrowRight size={14} aria-hidden />
          </Group>
        </Anchor>
      </Group>
    </Group>
  );
}

function DayView({ choirId, choirName, date }: { choirId: string; choirName: string; date: string }) {
  const canPlan = useCanPlan();
  const day = usePlanDay(choirId, date);
  const plans = usePlansOn(choirId, date);
  const [search, setSearch] = useSearchParams();
  const requested = search.get('event');
  // Without ?event= the day's first event is chosen, or the date itself when it has none.
  const chosen = requested ?? day.data?.events[0]?.id ?? DATE_ONLY;
  const plan = plans.data?.find((p) => (p.eventId ?? DATE_ONLY) === chosen);

  return (
    <Stack gap="lg">
      <DayNav date={date} />
      <DayHeader
        date={date}
        day={day.data}
        chosen={chosen}
        onChoose={(eventId) => setSearch({ event: eventId }, { replace: true })}
        actions={<PlanningActions choirId={choirId} canPlan={canPlan} />}
      />
      {day.isError && <RetryAlert onRetry={() => void day.refetch()}>The day could not be loaded.</RetryAlert>}
      {(plans.isPending || (requested === null && day.isPending)) && <SectionLoading label="Loading the plan" />}
      {plans.isError && <RetryAlert onRetry={() => void plans.refetch()}>The plans could not be loaded.</RetryAlert>}
      {plans.data && (requested !== null || day.data) && !plan && (
        <NoPlan choirId={choirId} date={date} eventId={chosen} canPlan={canPlan} onRefused={() => void plans.refetch()} />
      )}
      {plan &&
        (canPlan ? (
          <PlanEditor
            key={plan.id}
            choirId={choirId}
            choirName={choirName}
            plan={plan}
            onReload={async () => (await plans.refetch()).data?.find((p) => p.id === plan.id)}
          />
        ) : (
          <PlanReader choirId={choirId} choirName={choirName} plan={plan} />
        ))}
    </Stack>
  );
}

interface NoPlanProps {
  choirId: string;
  date: string;
  eventId: string;
  canPlan: boolean;
  /** Told when the server refused, e.g. because someone planned it meanwhile. */
  onRefused: () => void;
}

function NoPlan({ choirId, date, eventId, canPlan, onRefused }: NoPlanProps) {
  const create = useCreatePlan(choirId);
  const what = eventId === DATE_ONLY ? 'date' : 'event';
  return (
    <Paper withBorder p="lg">
      <Stack gap="sm" align="flex-start">
        <Text>{`No music has been planned for this ${what}.`}</Text>
        {canPlan && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            loading={create.submitting}
            onClick={() =>
              // Refused (planned meanwhile, say): the error toast says so, and the day's plans are read again.
              void create.submit({ date, eventId: eventId === DATE_ONLY ? null : eventId }).catch(onRefused)
            }
          >
            {`Plan music for this ${what}`}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** What is being dragged: a piece from the library, or a slot to another place. */
type Dragged = { kind: 'piece'; piece: PieceLike } | { kind: 'slot'; index: number };

interface PlanEditorProps {
  choirId: string;
  choirName: string;
  plan: Plan;
  /** Reads the plan again; resolves to it as stored now. */
  onReload: () => Promise<Plan | undefined>;
}

function PlanEditor({ choirId, choirName, plan, onReload }: PlanEditorProps) {
  // The answer of a save or a copy is newer than the day's list until that is read again.
  const [answer, setAnswer] = useState<Plan | null>(null);
  const current = answer && answer.version > plan.version ? answer : plan;
  const draft = usePlanDraft(current);
  const save = useUpdatePlan(choirId, plan.id);
  const conflict = usePlanConflict(onReload, (fresh) => {
    setAnswer(null);
    draft.reset(fresh);
  });
  const [copying, setCopying] = useState(false);
  const leaving = useLeaveQuestion(draft.dirty, { search: true });
  const dragged = useRef<Dragged | null>(null);
  const [over, setOver] = useState<number | null>(null);

  /** onSave saves the draft and says whether it is saved. */
  async function onSave(): Promise<boolean> {
    conflict.clear();
    try {
      const saved = await save.submit(draft.update(current.version), {
        onSuccess: (saved) => {
          setAnswer(saved);
          draft.reset(saved);
        },
        onError: (err) => {
          if (!conflict.caught(err)) showServerErrors(draft.form, err);
        },
      });
      return saved !== undefined;
    } catch {
      // The error toast, the fields or the conflict say why.
      return false;
    }
  }

  /** Saving for the email: the form's own rules first, as its submit button does. */
  async function saveForEmail(): Promise<boolean> {
    if (draft.form.validate().hasErrors) return false;
    return onSave();
  }

  const startDrag = (what: Dragged, label: string) => (e: DragEvent<HTMLElement>) => {
    dragged.current = what;
    // Some browsers start a drag only with data set.
    e.dataTransfer.setData('text/plain', label);
    e.dataTransfer.effectAllowed = what.kind === 'piece' ? 'copy' : 'move';
  };
  const endDrag = () => {
    dragged.current = null;
    setOver(null);
  };
  const dropOn = (index: number) => (e: DragEvent<HTMLElement>) => {
    e.preventDefault();
    const what = dragged.current;
    endDrag();
    if (what?.kind === 'piece') draft.setPiece(index, what.piece);
    if (what?.kind === 'slot') draft.moveSlot(what.index, index);
  };
  const dragOver = (index: number) => (e: DragEvent<HTMLElement>) => {
    if (!dragged.current) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = dragged.current.kind === 'piece' ? 'copy' : 'move';
    if (over !== index) setOver(index);
  };

  return (
    <>
      <form onSubmit={draft.form.onSubmit(() => void onSave())} noValidate aria-label="Plan">
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <Title order={2} size="h3">
              {current.eventTitle ?? 'Date only'}
            </Title>
            <Group gap="xs">
              <Button variant="default" leftSection={<IconCopy size={16} aria-hidden />} onClick={() => setCopying(true)}>
                Copy from…
              </Button>
              <PrintButtons choirId={choirId} planId={plan.id} />
            </Group>
          </Group>
          <ConflictAlert conflict={conflict} />
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack gap="sm" component="section" aria-labelledby="plan-slots">
                <TextInput label="Title" placeholder="e.g. Easter Day" {...draft.form.getInputProps('title')} />
                <Textarea
                  label="Notes for singers: what to bring, what to practise"
                  rows={3}
                  {...draft.form.getInputProps('notes')}
                />
                <Title order={3} size="h4" id="plan-slots">
                  Slots
                </Title>
                <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
                  {draft.slots.map((slot, i) => (
                    <SlotCard
                      key={slot.key}
                      draft={draft}
                      slot={slot}
                      index={i}
                      over={over === i}
                      onDragStart={startDrag({ kind: 'slot', index: i }, slot.label)}
                      onDragEnd={endDrag}
                      onDragOver={dragOver(i)}
                      onDragLeave={() => setOver((o) => (o === i ? null : o))}
                      onDrop={dropOn(i)}
                    />
                  ))}
                </Stack>
                <Group justify="space-between" gap="sm">
                  <Button
                    variant="default"
                    leftSection={<IconPlus size={16} aria-hidden />}
                    disabled={draft.slots.length >= MAX_SLOTS}
                    onClick={() => draft.addSlot()}
                  >
                    Add slot
                  </Button>
                  <Group gap="sm">
                    {draft.dirty && (
                      <Text size="sm" c="dimmed">
                        Unsaved changes
                      </Text>
                    )}
                    <Button type="submit" loading={save.submitting}>
                      Save plan
                    </Button>
                    <EmailPlanButton choirId={choirId} eventId={current.eventId} dirty={draft.dirty} save={saveForEmail} />
                  </Group>
                </Group>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Library
                choirId={choirId}
                planId={plan.id}
                slots={draft.slots}
                onPlace={(index, piece) => draft.setPiece(index, piece)}
                onPlaceNext={(piece) => draft.placeNext(piece)}
                onDragStart={(piece) => startDrag({ kind: 'piece', piece }, piece.title)}
                onDragEnd={endDrag}
              />
            </Grid.Col>
          </Grid>
        </Stack>
      </form>
      <PlanPrintView
        choirName={choirName}
        plan={{ ...current, title: draft.title, notes: draft.notes, slots: draft.slots }}
      />
      <CopyPlanModal
        choirId={choirId}
        plan={current}
        opened={copying}
        onClose={() => setCopying(false)}
        onCopied={(copied) => {
          setAnswer(copied);
          // The copy replaces the slots, unsaved changes too (the modal says so).
          draft.reset(copied);
        }}
      />
      <LeaveQuestion leaving={leaving} question={LEAVE_QUESTION} />
    </>
  );
}

function PrintButtons({ choirId, planId }: { choirId: string; planId: string }) {
  return (
    <>
      <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
        Print
      </Button>
      <Button
        component="a"
        href={planPdfUrl(choirId, planId)}
        download
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
      >
        Download PDF
      </Button>
    </>
  );
}

interface SlotCardProps {
  draft: PlanDraft;
  slot: DraftSlot;
  index: number;
  over: boolean;
  onDragStart: (e: DragEvent<HTMLElement>) => void;
  onDragEnd: () => void;
  onDragOver: (e: DragEvent<HTMLElement>) => void;
  onDragLeave: () => void;
  onDrop: (e: DragEvent<HTMLElement>) => void;
}

function SlotCard({ draft, slot, index, over, onDragStart, onDragEnd, onDragOver, onDragLeave, onDrop }: SlotCardProps) {
  const name = slot.label.trim() || `Slot ${index + 1}`;
  const last = index === draft.slots.length - 1;
  return (
    <Paper
      component="li"
      aria-label={name}
      withBorder
      p="sm"
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      style={{ outline: over ? '2px dashed var(--mantine-primary-color-filled)' : undefined, outlineOffset: 2 }}
    >
      <Stack gap="xs">
        <Group gap="xs" align="flex-end" wrap="wrap">
          {/* The handle drags the slot; Move up and Move down do the same from the keyboard. */}
          <div
            draggable
            onDragStart={onDragStart}
            onDragEnd={onDragEnd}
            aria-hidden
            data-testid={`drag-slot-${index}`}
            style={{ cursor: 'grab', alignSelf: 'center', display: 'flex' }}
          >
            <IconGripVertical size={18} />
          </div>
          <TextInput label="Label" size="sm" style={{ flex: '1 1 10rem' }} {...draft.form.getInputProps(`slots.${index}.label`)} />
          <NumberInput
            label="Minutes"
            size="sm"
            w={90}
            min={1}
            max={600}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            {...draft.form.getInputProps(`slots.${index}.durationMinutes`)}
          />
        </Group>
        {slot.music ? (
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {slot.music.title}
              </Text>
              {(slot.music.composer || slot.music.libraryNumber) && (
                <Text size="sm" c="dimmed">
                  {[slot.music.composer, slot.music.libraryNumber && `No. ${slot.music.libraryNumber}`]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              )}
            </div>
            <Button
              variant="subtle"
              size="compact-sm"
              aria-label={`Clear ${name}: ${slot.music.title}`}
              style={{ flexShrink: 0 }}
              onClick={() => draft.clearSlot(index)}
            >
              Clear
            </Button>
          </Group>
        ) : (
          <Text
            size="sm"
            c="dimmed"
            ta="center"
            p="sm"
            style={{ border: '1px dashed var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)' }}
          >
            Drop a piece here
          </Text>
        )}
        <TextInput label="Note" size="sm" {...draft.form.getInputProps(`slots.${index}.note`)} />
        <Group gap="xs">
          <Button
            variant="default"
            size="compact-sm"
            aria-label={`Move up ${name}`}
            disabled={index === 0}
            onClick={() => draft.moveSlot(index, index - 1)}
          >
            Move up
          </Button>
          <Button
            variant="default"
            size="compact-sm"
            aria-label={`Move down ${name}`}
            disabled={last}
            onClick={() => draft.moveSlot(index, index + 1)}
          >
            Move down
          </Button>
          <Button variant="default" size="compact-sm" aria-label={`Remove ${name}`} onClick={() => draft.removeSlot(index)}>
            Remove
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

interface LibraryProps {
  choirId: string;
  planId: string;
  slots: readonly DraftSlot[];
  onPlace: (index: number, piece: PieceLike) => void;
  /** Puts a piece in the next empty slot; says which, or null when the plan is full. */
  onPlaceNext: (piece: PieceLike) => string | null;
  onDragStart: (piece: PieceLike) => (e: DragEvent<HTMLElement>) => void;
  onDragEnd: () => void;
}

/** Library is the choir's pieces ranked for the day; those resting come last, under their own heading. */
function Library({ choirId, planId, slots, onPlace, onPlaceNext, onDragStart, onDragEnd }: LibraryProps) {
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q.trim(), 300);
  const suggestions = usePlanSuggestions(choirId, planId, debounced);
  const queryClient = useQueryClient();
  const [added, setAdded] = useState('');
  const items = suggestions.data?.items ?? [];
  const ready = items.filter((s) => !s.heldBack);
  const resting = items.filter((s) => s.heldBack);

  const planned = new Set(slots.map((slot) => slot.musicId));

  /** Enter in the search adds its best match not yet in the plan to the next empty slot. */
  async function addBestMatch() {
    const text = q.trim();
    if (!text) return;
    const found = await queryClient.fetchQuery(suggestionsQuery(choirId, planId, text)).catch(() => null);
    if (!found) {
      setAdded('The library could not be searched. Please try again.');
      return;
    }
    const fresh = found.items.filter((s) => !planned.has(s.music.id));
    const best = fresh.find((s) => !s.heldBack) ?? fresh[0];
    if (!best) {
      setAdded(`No pieces match "${text}".`);
      return;
    }
    const slot = onPlaceNext(best.music);
    if (slot === null) {
      setAdded(`The plan is full: it has ${MAX_SLOTS} slots.`);
      return;
    }
    setAdded(`Added ${best.music.title} to ${slot}.`);
    setQ('');
  }
  const card = (s: PlanSuggestion) => (
    <SuggestionCard
      key={s.music.id}
      suggestion={s}
      inPlan={planned.has(s.music.id)}
      onDragStart={onDragStart(s.music)}
      onDragEnd={onDragEnd}
      actions={<AddToSlot title={s.music.title} slots={slots} onPick={(i) => onPlace(i, s.music)} />}
    />
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby="plan-library">
      <Title order={3} size="h4" id="plan-library">
        Library
      </Title>
      <TextInput
        label="Search the library"
        type="search"
        maxLength={SEARCH_MAX_LENGTH}
        placeholder="Title, composer or number"
        description="Press Enter to add the best match to the next empty slot."
        leftSection={<IconSearch size={16} aria-hidden />}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        onKeyDown={(e) => {
          // Enter adds a piece; it never submits (saves) the plan around it.
          if (e.key !== 'Enter') return;
          e.preventDefault();
          void addBestMatch();
        }}
      />
      <Text size="sm" role="status" aria-live="polite">
        {added}
      </Text>
      {suggestions.isPending && <SectionLoading label="Loading suggestions" />}
      {suggestions.isError && (
        <RetryAlert onRetry={() => void suggestions.refetch()}>The suggestions could not be loaded.</RetryAlert>
      )}
      {suggestions.data && items.length === 0 && (
        <Text size="sm" c="dimmed">
          {debounced ? `No pieces match "${debounced}".` : 'The library has no pieces yet.'}
        </Text>
      )}
      {ready.length > 0 && (
        <Stack gap="xs" role="list" aria-label="Suggested">
          {ready.map((s) => (
            <div role="listitem" key={s.music.id}>
              {card(s)}
            </div>
          ))}
        </Stack>
      )}
      {resting.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="plan-resting">
          <Title order={4} size="h5" id="plan-resting">
            Resting
          </Title>
          {resting.map(card)}
        </Stack>
      )}
    </Stack>
  );
}

function AddToSlot({ title, slots, onPick }: { title: string; slots: readonly DraftSlot[]; onPick: (index: number) => void }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" size="compact-sm" aria-label={`Add to slot: ${title}`} style={{ flexShrink: 0 }}>
          Add to slot
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {slots.map((slot, i) => {
          const name = slot.label.trim() || `Slot ${i + 1}`;
          return (
            <Menu.Item key={slot.key} onClick={() => onPick(i)}>
              {slot.music ? `${name} (replaces ${slot.music.title})` : name}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}

/** PlanReader shows a plan to those who may not change it: what to sing, bring and practise. */
function PlanReader({ choirId, choirName, plan }: { choirId: string; choirName: string; plan: Plan }) {
  return (
    <Stack gap="md" component="section" aria-label="Plan">
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h3">
          {plan.title || plan.eventTitle || 'Date only'}
        </Title>
        <Group gap="xs">
          <PrintButtons choirId={choirId} planId={plan.id} />
        </Group>
      </Group>
      {plan.notes && (
        <Stack gap={4}>
          <Text fw={600}>What to bring, what to practise</Text>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{plan.notes}</Text>
        </Stack>
      )}
      <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {plan.slots.map((slot, i) => (
          <Paper component="li" key={i} withBorder p="sm" aria-label={slot.label}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text fw={600}>{slot.label}</Text>
              {slot.durationMinutes != null && (
                <Text size="sm" c="dimmed">
                  {formatDuration(slot.durationMinutes)}
                </Text>
              )}
            </Group>
            {slot.music ? (
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text>{pieceLine(slot.music)}</Text>
                <Anchor component={Link} to={`/dashboard/music/${encodeURIComponent(slot.music.id)}?practice=true`} size="sm">
                  {`Practise ${slot.music.title}`}
                </Anchor>
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                Nothing chosen yet
              </Text>
            )}
            {slot.note && (
              <Text size="sm" fs="italic">
                {slot.note}
              </Text>
            )}
          </Paper>
        ))}
      </Stack>
      <PlanPrintView choirName={choirName} plan={plan} />
    </Stack>
  );
}
