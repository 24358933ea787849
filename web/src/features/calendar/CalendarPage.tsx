import type { DateSelectArg, EventChangeArg } from '@fullcalendar/core';
import { ActionIcon, Box, Button, Group, Loader, SegmentedControl, Stack, Switch, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarPlus, IconChevronLeft, IconChevronRight, IconRss } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useChoir, useChoirDetails, type ChoirSummary } from '../../app/choir';
import { notify } from '../../app/notify';
import { ConfirmModal } from '../../components/ConfirmModal';
import { NoChoirSelected } from '../../components/NoChoirSelected';
import { PageHeader } from '../../components/PageHeader';
import { SectionLoading } from '../../components/SectionState';
import { Agenda, DayList, MonthDots } from './Agenda';
import { agendaRange, monthDays, monthGrid } from './agenda';
import {
  CALENDAR_MESSAGES,
  useDeleteEvent,
  useEvents,
  useUpdateEvent,
  type CalendarEvent,
  type EditScope,
} from './api';
import { useMyAnswers } from './attendanceApi';
import './calendar.css';
import type { EntryProps } from './entries';
import { MOBILE_QUERY, phoneNow } from '../../components/phone';
import { EventDetails } from './EventDetails';
import { eventValues, movedEvent, newEventValues, type EventFormValues } from './eventForm';
import { useEventsLoading, usePreloadNeighbours, type Visible } from './loading';
import { SHOW_ALL_LITURGICAL_DAYS, useCalendarPreferences, useSetCalendarPreferences } from './preferences';
import { addDays, dateKey, fetchRange, parseDateKey } from './range';
import { useScopeQuestion } from './ScopeModal';
import { SubscribeModal } from './SubscribeModal';

// FullCalendar is a chunk of its own: the phone's agenda and month show
// without it, and the grid views load it when they are first shown.
const FullCalendarView = lazy(() => import('./FullCalendarView'));

// The event form (with its rule builder, selects and number inputs) is for
// editors only: it loads when one first asks for it, and never for members.
const EventFormModal = lazy(() => import('./EventFormModal').then((m) => ({ default: m.EventFormModal })));


/**
 * The views offered. On a phone the list is the agenda from today and the
 * month is a grid of dots with the chosen day's list below, both drawn
 * without FullCalendar; elsewhere, and for the week, FullCalendar draws them.
 */
export type CalendarViewName = 'month' | 'week' | 'list';

export const VIEWS: readonly { value: CalendarViewName; label: string }[] = [
  { value: 'month', label: 'Month' },
  { value: 'week', label: 'Week' },
  { value: 'list', label: 'List' },
];

const FULL_CALENDAR_VIEWS = { month: 'dayGridMonth', week: 'timeGridWeek', list: 'listMonth' } as const;

// Loaded with the page, whose code it needs anyway (see the dashboard's warm-up).
export { warmCalendar } from './warm';
export { CALENDAR_MESSAGES };
export { PRELOAD_FIRST_MS, PRELOAD_SECOND_MS } from './loading';

/** initialView: the list (on a phone, the agenda from today) on a phone, the month grid elsewhere; by the browser's matchMedia unless given one. */
export function initialView(matchMedia?: ((query: string) => MediaQueryList) | null): CalendarViewName {
  return phoneNow(matchMedia) ? 'list' : 'month';
}

/**
 * CalendarPage (/dashboard/calendar) is the choir's shared calendar: month,
 * week and list views of its events and feasts for everyone; creating,
 * editing, moving and deleting for administrators (edit:calendar).
 */
export function CalendarPage() {
  const { currentChoir, can, loading } = useChoir();
  if (loading) {
    return (
      <Stack gap="lg">
        <PageHeader title="Calendar" />
        <SectionLoading label="Loading calendar" />
      </Stack>
    );
  }
  if (!currentChoir) {
    return (
      <Stack gap="lg">
        <PageHeader title="Calendar" />
        <NoChoirSelected />
      </Stack>
    );
  }
  return (
    <ChoirCalendar
      key={currentChoir.id}
      choir={currentChoir}
      canEdit={can('edit:calendar')}
      canEmail={can('manage:communications')}
    />
  );
}

interface FormState {
  initial: EventFormValues;
  event: CalendarEvent | null;
}

function ChoirCalendar({ choir, canEdit, canEmail }: { choir: ChoirSummary; canEdit: boolean; canEmail: boolean }) {
  const choirId = choir.id;
  // The choir's time zone is what new events keep their wall-clock time in; only administrators make them.
  const details = useChoirDetails(canEdit ? choirId : null);
  const phone = useMediaQuery(MOBILE_QUERY, phoneNow(), { getInitialValueInEffect: false }) ?? false;
  const [view, setView] = useState<CalendarViewName>(() => initialView());
  const [selected, setSelected] = useState<EntryProps | null>(null);
  const [form, setForm] = useState<FormState | null>(null);
  const [subscribing, setSubscribing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState<CalendarEvent | null>(null);
  // The day a new event starts on: what the view shows first, today when it is in view.
  const [newDay, setNewDay] = useState<Date | null>(null);
  // Once opened, the form stays mounted, so that it closes with its own transition.
  const [formLoaded, setFormLoaded] = useState(false);
  function showForm(next: FormState) {
    setFormLoaded(true);
    setForm(next);
  }
  // A link to one event (eventLink: ?event={id}&date={yyyy-MM-dd}) opens
  // the calendar on its day and its panel once that day's events are loaded.
  const [params] = useSearchParams();
  const [linked] = useState(() => {
    const id = params.get('event');
    const date = params.get('date') ?? '';
    const day = parseDateKey(date);
    return id && day ? { id, date, day } : null;
  });
  const linkedDay = useMemo(() => (linked ? { startDate: linked.date, endDate: linked.date } : null), [linked]);
  const linkedEvents = useEvents(linked ? choirId : null, linkedDay);
  // The linked event shows until another is opened or its panel is closed.
  const [linkedDone, setLinkedDone] = useState(false);
  const linkedEvent = linked && !linkedDone ? linkedEvents.data?.events.find((e) => e.id === linked.id) : undefined;
  const linkedEntry = useMemo<EntryProps | null>(() => (linkedEvent ? { kind: 'event', event: linkedEvent } : null), [linkedEvent]);
  const shownEntry = selected ?? linkedEntry;
  function choose(entry: EntryProps | null) {
    setLinkedDone(true);
    setSelected(entry);
  }
  const scopeQuestion = useScopeQuestion();
  const preferences = useCalendarPreferences();
  const setPreferences = useSetCalendarPreferences();
  const showAll = preferences.data?.showAllLiturgicalDays ?? false;
  const moving = useUpdateEvent(choirId);
  const deleting = useDeleteEvent(choirId);
  // One change at a time on the calendar: a drag made while a delete is
  // saved is put back, and a delete asked for while a move is saved is not sent.
  const busy = moving.submitting || deleting.submitting;

  function openNew() {
    showForm({ initial: newEventValues(null, newDay ?? new Date()), event: null });
  }

  function onVisible(visible: Visible) {
    const today = new Date();
    setNewDay(today >= visible.start && today < visible.end ? null : visible.currentStart);
  }

  function onSelect(info: DateSelectArg) {
    info.view.calendar.unselect();
    if (!canEdit) return;
    showForm({ initial: newEventValues({ start: info.start, end: info.end, allDay: info.allDay }), event: null });
  }

  function openEdit(event: CalendarEvent) {
    choose(null);
    showForm({ initial: eventValues(event), event });
  }

  const occurrence = (event: CalendarEvent, scope: EditScope | null) =>
    scope ? { scope, instanceStartTime: event.instanceStartTime ?? event.start } : {};

  async function onMove(info: EventChangeArg) {
    const props = info.event.extendedProps as EntryProps;
    if (!canEdit || props.kind !== 'event' || !info.event.start) {
      info.revert();
      return;
    }
    const original = props.event;
    let scope: EditScope | null = null;
    if (original.isInstance) {
      scope = await scopeQuestion.ask('move');
      if (!scope) {
        info.revert();
        return;
      }
    }
    const moved = movedEvent(original, info.event.start, info.event.end, info.event.allDay, scope);
    if (!moved) {
      notify.error(CALENDAR_MESSAGES.cannotMoveSeries);
      info.revert();
      return;
    }
    const body = { ...moved, ...occurrence(original, scope) };
    try {
      const saved = deleting.submitting ? undefined : await moving.submit({ eventId: original.id, body });
      // Another change was still being saved: this one was not sent.
      if (saved === undefined) info.revert();
    } catch {
      info.revert();
    }
  }

  async function remove(event: CalendarEvent, scope: EditScope | null) {
    if (moving.submitting) return;
    try {
      await deleting.submit({ eventId: event.id, ...occurrence(event, scope) }, { onSuccess: () => setConfirmDelete(null) });
    } catch {
      // The error toast has told.
    }
  }

  async function askDelete(event: CalendarEvent) {
    choose(null);
    if (!event.isInstance) {
      setConfirmDelete(event);
      return;
    }
    const scope = await scopeQuestion.ask('delete');
    if (scope) await remove(event, scope);
  }

  function changeView(next: string) {
    const name = VIEWS.find((v) => v.value === next)?.value;
    if (!name) return;
    setNewDay(null);
    setView(name);
  }

  const actions = (
    <Group gap="xs">
      <Button variant="default" leftSection={<IconRss size={16} aria-hidden />} onClick={() => setSubscribing(true)}>
        Subscribe
      </Button>
      {canEdit && (
        <Button leftSection={<IconCalendarPlus size={16} aria-hidden />} onClick={openNew}>
          New Event
        </Button>
      )}
    </Group>
  );

  const header = ({ title, loading, navigation }: { title: string; loading: boolean; navigation: ReactNode }) => (
    <>
      <Group justify="space-between" gap="sm" wrap="wrap">
        {navigation}
        <Title order={2} size="h3" aria-live="polite" miw={0}>
          {title}
        </Title>
        <Group gap="xs" wrap="nowrap">
          <SegmentedControl aria-label="Calendar view" data={[...VIEWS]} value={view} onChange={changeView} />
          {/* A slot of its own, always there: the spinner coming and going must not move the row (on a
              phone the title then wrapped onto a line of its own, moving the calendar). */}
          <Box w={18} h={18}>
            {loading && <Loader size="xs" role="status" aria-label="Loading events" />}
          </Box>
        </Group>
      </Group>
      <Switch
        label={SHOW_ALL_LITURGICAL_DAYS}
        checked={showAll}
        disabled={!preferences.data}
        onChange={(e) => void setPreferences.submit({ showAllLiturgicalDays: e.currentTarget.checked }).catch(() => {})}
      />
    </>
  );

  let body: ReactNode;
  if (phone && view === 'list') {
    body = <PhoneAgenda choirId={choirId} showAll={showAll} header={header} onOpen={choose} />;
  } else if (phone && view === 'month') {
    body = <PhoneMonth choirId={choirId} showAll={showAll} header={header} onOpen={choose} onDay={setNewDay} />;
  } else {
    body = (
      <Suspense
        fallback={
          <>
            {header({ title: '', loading: false, navigation: null })}
            <SectionLoading label="Loading calendar" />
          </>
        }
      >
        <FullCalendarView
          choirId={choirId}
          view={FULL_CALENDAR_VIEWS[view]}
          initialDate={linked?.day}
          canEdit={canEdit}
          showAll={showAll}
          header={header}
          onOpen={choose}
          onVisible={onVisible}
          onSelect={onSelect}
          onMove={(info) => void onMove(info)}
        />
      </Suspense>
    );
  }

  return (
    <Stack gap="md" miw={0}>
      <PageHeader title="Calendar" actions={actions} />
      {body}
      <EventDetails
        choirId={choirId}
        selected={shownEntry}
        canEdit={canEdit}
        canEmail={canEmail}
        onClose={() => choose(null)}
        onEdit={openEdit}
        onDelete={(event) => void askDelete(event)}
      />
      {/* Loaded when a form is first asked for, not before the calendar has shown. */}
      {canEdit && formLoaded && (
        <Suspense fallback={null}>
          <EventFormModal
            choirId={choirId}
            initial={form?.initial ?? null}
            event={form?.event}
            timeZone={details.data?.timeZone}
            onClose={() => setForm(null)}
          />
        </Suspense>
      )}
      <SubscribeModal opened={subscribing} onClose={() => setSubscribing(false)} choir={choir} />
      <ConfirmModal
        opened={confirmDelete !== null}
        title="Delete event?"
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => confirmDelete && void remove(confirmDelete, null)}
        onClose={() => setConfirmDelete(null)}
      >
        {confirmDelete ? `"${confirmDelete.title}" will be removed from the calendar for everyone in the choir.` : ''}
      </ConfirmModal>
      {scopeQuestion.modal}
    </Stack>
  );
}

type Header = (parts: { title: string; loading: boolean; navigation: ReactNode }) => ReactNode;

interface PhoneViewProps {
  choirId: string;
  showAll: boolean;
  header: Header;
  onOpen: (entry: EntryProps) => void;
}

/** The title of the agenda, which starts today whatever the month. */
export const AGENDA_TITLE = 'From today';

/** PhoneAgenda: the days from today on, from the pre-warm's range (one request serves both). */
function PhoneAgenda({ choirId, showAll, header, onOpen }: PhoneViewProps) {
  const now = useMemo(() => new Date(), []);
  const range = useMemo(() => agendaRange(now), [now]);
  const events = useEvents(choirId, range);
  const answers = useMyAnswers(choirId, range);
  useEventsLoading(events);
  return (
    <>
      {header({ title: AGENDA_TITLE, loading: events.isFetching, navigation: null })}
      {events.isPending ? (
        <SectionLoading label="Loading calendar" />
      ) : (
        <Agenda choirId={choirId} list={events.data} answers={answers.data} showAll={showAll} now={now} onOpen={onOpen} />
      )}
    </>
  );
}

const firstOfMonth = (d: Date) => new Date(d.getFullYear(), d.getMonth(), 1);

/** PhoneMonth: the month as dots per day, and the chosen day's list below it. */
function PhoneMonth({ choirId, showAll, header, onOpen, onDay }: PhoneViewProps & { onDay: (day: Date | null) => void }) {
  const queryClient = useQueryClient();
  const now = useMemo(() => new Date(), []);
  const today = dateKey(now);
  const [month, setMonth] = useState(() => firstOfMonth(now));
  const [selectedDay, setSelectedDay] = useState(today);
  // The dates shown, [start, end): the month grid's whole weeks from Monday.
  const weeks = monthGrid(month);
  const startTime = parseDateKey(weeks[0][0])!.getTime();
  const endTime = parseDateKey(addDays(weeks[weeks.length - 1][6], 1))!.getTime();
  const range = useMemo(() => fetchRange(new Date(startTime), new Date(endTime)), [startTime, endTime]);
  const events = useEvents(choirId, range);
  const answers = useMyAnswers(choirId, range);
  useEventsLoading(events);
  usePreloadNeighbours(queryClient, choirId, events, startTime, endTime);
  const days = useMemo(() => monthDays(events.data, showAll), [events.data, showAll]);

  function select(date: string) {
    setSelectedDay(date);
    onDay(date === today ? null : parseDateKey(date));
  }

  function move(months: number) {
    const next = new Date(month.getFullYear(), month.getMonth() + months, 1);
    setMonth(next);
    select(dateKey(next).slice(0, 7) === today.slice(0, 7) ? today : dateKey(next));
  }

  const title = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' }).format(month);
  const navigation = (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="default" size="lg" aria-label="Previous month" onClick={() => move(-1)}>
        <IconChevronLeft size={18} aria-hidden />
      </ActionIcon>
      <Button
        variant="default"
        disabled={dateKey(month).slice(0, 7) === today.slice(0, 7) && selectedDay === today}
        onClick={() => {
          setMonth(firstOfMonth(now));
          select(today);
        }}
      >
        Today
      </Button>
      <ActionIcon variant="default" size="lg" aria-label="Next month" onClick={() => move(1)}>
        <IconChevronRight size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
  const day = days.get(selectedDay) ?? { date: selectedDay, feasts: [], events: [] };
  return (
    <>
      {header({ title, loading: events.isFetching, navigation })}
      <MonthDots month={month} days={days} selected={selectedDay} today={today} onSelect={select} />
      <DayList choirId={choirId} day={day} today={today} answers={answers.data} now={now} onOpen={onOpen} />
    </>
  );
}
