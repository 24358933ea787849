import type { DateSelectArg, DatesSetArg, EventChangeArg, EventClickArg, DayCellMountArg, EventMountArg } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { ActionIcon, Box, Button, Group, Loader, SegmentedControl, Stack, Title } from '@mantine/core';
import { IconCalendarPlus, IconChevronLeft, IconChevronRight, IconRss } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useChoir, useChoirDetails, type ChoirSummary } from '../../app/choir';
import { ERROR_CONTEXT_MESSAGES, handleError } from '../../app/errors';
import { notify } from '../../app/notify';
import { ConfirmModal } from '../../components/ConfirmModal';
import { NoChoirSelected } from '../../components/NoChoirSelected';
import { PageHeader } from '../../components/PageHeader';
import { SectionLoading } from '../../components/SectionState';
import {
  CALENDAR_MESSAGES,
  preloadEvents,
  prewarmEvents,
  useDeleteEvent,
  useEvents,
  useUpdateEvent,
  type CalendarEvent,
  type EditScope,
} from './api';
import './calendar.css';
import { calendarEntries, type EntryProps } from './entries';
import { EventDetails } from './EventDetails';
import { eventValues, movedEvent, newEventValues, type EventFormValues } from './eventForm';
import { readerClock } from './format';
import { addDays, completeFor, dateKey, fetchRange, neighbourRanges, parseDateKey } from './range';
import { useScopeQuestion } from './ScopeModal';
import { SubscribeModal } from './SubscribeModal';

// The event form (with its rule builder, selects and number inputs) is for
// editors only: it loads after the calendar has shown, and never for members.
const EventFormModal = lazy(() => import('./EventFormModal').then((m) => ({ default: m.EventFormModal })));

/** The specification's mobile breakpoint (§9): under 768 px the list view is the default. */
export const MOBILE_QUERY = '(max-width: 767px)';

export type CalendarViewName = 'dayGridMonth' | 'timeGridWeek' | 'listMonth';

export const VIEWS: readonly { value: CalendarViewName; label: string }[] = [
  { value: 'dayGridMonth', label: 'Month' },
  { value: 'timeGridWeek', label: 'Week' },
  { value: 'listMonth', label: 'List' },
];

/** Neighbouring months are preloaded this long after a load, the second one a second later (§9). */
export const PRELOAD_FIRST_MS = 500;
export const PRELOAD_SECOND_MS = 1000;

export { CALENDAR_MESSAGES };

/** initialView: the list on a phone, the month grid elsewhere. */
export function initialView(
  matchMedia: ((query: string) => MediaQueryList) | null = typeof window.matchMedia === 'function'
    ? (query) => window.matchMedia(query)
    : null,
): CalendarViewName {
  return matchMedia?.(MOBILE_QUERY).matches ? 'listMonth' : 'dayGridMonth';
}

/**
 * markInteractive tells screen readers that an entry opens its details:
 * FullCalendar makes it focusable and answers Enter, but gives it no role.
 */
export function markInteractive({ el }: Pick<EventMountArg, 'el'>) {
  const target = el.matches('[tabindex]') ? el : el.querySelector<HTMLElement>('[tabindex]');
  target?.setAttribute('role', 'button');
}

/**
 * nameDayByItsContent lets a day of the month grid be named by all it shows
 * (its number, feasts and events), as WCAG 2.5.3 Label in Name asks:
 * FullCalendar names the cell by its day number alone (aria-labelledby).
 */
export function nameDayByItsContent({ el }: Pick<DayCellMountArg, 'el'>) {
  el.removeAttribute('aria-labelledby');
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

interface Visible {
  start: Date;
  end: Date;
  currentStart: Date;
  title: string;
}

interface FormState {
  initial: EventFormValues;
  event: CalendarEvent | null;
}

function ChoirCalendar({ choir, canEdit, canEmail }: { choir: ChoirSummary; canEdit: boolean; canEmail: boolean }) {
  const choirId = choir.id;
  const queryClient = useQueryClient();
  // The choir's time zone is what new events keep their wall-clock time in; only administrators make them.
  const details = useChoirDetails(canEdit ? choirId : null);
  const calendarRef = useRef<FullCalendar>(null);
  const [view, setView] = useState<CalendarViewName>(() => initialView());
  const [visible, setVisible] = useState<Visible | null>(null);
  const [selected, setSelected] = useState<EntryProps | null>(null);
  const [form, setForm] = useState<FormState | null>(null);
  const [subscribing, setSubscribing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState<CalendarEvent | null>(null);
  const prewarmed = useRef(false);
  const scopeQuestion = useScopeQuestion();
  const clock = useMemo(() => readerClock(), []);
  const moving = useUpdateEvent(choirId);
  const deleting = useDeleteEvent(choirId);
  // One change at a time on the calendar: a drag made while a delete is
  // saved is put back, and a delete asked for while a move is saved is not sent.
  const busy = moving.submitting || deleting.submitting;

  const startTime = visible?.start.getTime();
  const endTime = visible?.end.getTime();
  const range = useMemo(
    () => (startTime !== undefined && endTime !== undefined ? fetchRange(new Date(startTime), new Date(endTime)) : null),
    [startTime, endTime],
  );
  const events = useEvents(choirId, range);
  // A series the 100-occurrence cap (§9) cut inside the visible dates is
  // asked for again over those dates alone, which hold fewer than 100 days.
  const visibleRange = useMemo(
    () =>
      startTime !== undefined && endTime !== undefined
        ? { startDate: dateKey(new Date(startTime)), endDate: addDays(dateKey(new Date(endTime)), -1) }
        : null,
    [startTime, endTime],
  );
  const cut = !!events.data && !!visibleRange && !completeFor(events.data.truncatedFrom, visibleRange);
  const exact = useEvents(cut ? choirId : null, cut ? visibleRange : null);
  const shown = cut && exact.data && !exact.isPlaceholderData ? exact.data : events.data;
  const entries = useMemo(() => calendarEntries(shown, canEdit), [shown, canEdit]);

  // A link to one event (eventLink: ?event={id}&date={yyyy-MM-dd}) opens
  // the calendar on its day and its panel once the event is loaded.
  const [params] = useSearchParams();
  const [linkedDate] = useState(() => parseDateKey(params.get('date') ?? ''));
  const linkedId = useRef(params.get('event'));
  useEffect(() => {
    const id = linkedId.current;
    const event = id ? shown?.events.find((e) => e.id === id) : undefined;
    if (event) {
      linkedId.current = null;
      setSelected({ kind: 'event', event });
    }
  }, [shown]);

  // A failed load says so once per failure, in the calendar's own words (§8).
  const shownError = useRef(0);
  useEffect(() => {
    if (events.isError && events.errorUpdatedAt !== shownError.current) {
      shownError.current = events.errorUpdatedAt;
      handleError(events.error, ERROR_CONTEXT_MESSAGES.calendar.load);
    }
  }, [events.isError, events.error, events.errorUpdatedAt]);

  // After a load, the neighbouring months follow (§9): the next soon, the previous a second later.
  const loaded = events.isSuccess && !events.isPlaceholderData;
  useEffect(() => {
    if (!loaded || startTime === undefined || endTime === undefined) return;
    const [next, previous] = neighbourRanges(new Date(startTime), new Date(endTime));
    let second: ReturnType<typeof setTimeout> | undefined;
    const first = setTimeout(() => {
      void preloadEvents(queryClient, choirId, next);
      second = setTimeout(() => void preloadEvents(queryClient, choirId, previous), PRELOAD_SECOND_MS);
    }, PRELOAD_FIRST_MS);
    return () => {
      clearTimeout(first);
      clearTimeout(second);
    };
  }, [loaded, startTime, endTime, queryClient, choirId, events.dataUpdatedAt]);

  const calendarApi = () => calendarRef.current?.getApi();

  function onDatesSet(arg: DatesSetArg) {
    // The cache is pre-warmed with the months around today before the first range is asked for.
    if (!prewarmed.current) {
      prewarmed.current = true;
      void prewarmEvents(queryClient, choirId);
    }
    setVisible((v) =>
      v &&
      v.start.getTime() === arg.start.getTime() &&
      v.end.getTime() === arg.end.getTime() &&
      v.title === arg.view.title
        ? v
        : { start: arg.start, end: arg.end, currentStart: arg.view.currentStart, title: arg.view.title },
    );
  }

  function changeView(next: string) {
    const name = VIEWS.find((v) => v.value === next)?.value;
    if (!name) return;
    setView(name);
    calendarApi()?.changeView(name);
  }

  function onEventClick(info: EventClickArg) {
    info.jsEvent.preventDefault();
    setSelected(info.event.extendedProps as EntryProps);
  }

  /** The day a new event starts on: today when it is in view, else the first day shown. */
  function newEventDay(): Date {
    const today = new Date();
    if (!visible || (today >= visible.start && today < visible.end)) return today;
    return visible.currentStart;
  }

  function openNew() {
    setForm({ initial: newEventValues(null, newEventDay()), event: null });
  }

  function onSelect(info: DateSelectArg) {
    calendarApi()?.unselect();
    if (!canEdit) return;
    setForm({ initial: newEventValues({ start: info.start, end: info.end, allDay: info.allDay }), event: null });
  }

  function openEdit(event: CalendarEvent) {
    setSelected(null);
    setForm({ initial: eventValues(event), event });
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
    setSelected(null);
    if (!event.isInstance) {
      setConfirmDelete(event);
      return;
    }
    const scope = await scopeQuestion.ask('delete');
    if (scope) await remove(event, scope);
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

  const today = new Date();
  const todayInView = !!visible && today >= visible.start && today < visible.end;
  const unit = view === 'timeGridWeek' ? 'week' : 'month';

  return (
    <Stack gap="md" miw={0}>
      <PageHeader title="Calendar" actions={actions} />
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="default" size="lg" aria-label={`Previous ${unit}`} onClick={() => calendarApi()?.prev()}>
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
          <Button variant="default" onClick={() => calendarApi()?.today()} disabled={todayInView}>
            Today
          </Button>
          <ActionIcon variant="default" size="lg" aria-label={`Next ${unit}`} onClick={() => calendarApi()?.next()}>
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
        </Group>
        <Title order={2} size="h3" aria-live="polite" miw={0}>
          {visible?.title ?? ''}
        </Title>
        <Group gap="xs" wrap="nowrap">
          <SegmentedControl aria-label="Calendar view" data={[...VIEWS]} value={view} onChange={changeView} />
          {/* A slot of its own, always there: the spinner coming and going must not move the row (on a
              phone the title then wrapped onto a line of its own, moving the calendar). */}
          <Box w={18} h={18}>
            {(events.isFetching || exact.isFetching) && <Loader size="xs" role="status" aria-label="Loading events" />}
          </Box>
        </Group>
      </Group>
      <Box className="cantica-calendar" miw={0}>
        <FullCalendar
          ref={calendarRef}
          plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
          initialView={view}
          initialDate={linkedDate ?? undefined}
          headerToolbar={false}
          height="auto"
          firstDay={1}
          nowIndicator
          events={entries}
          editable={canEdit}
          selectable={canEdit}
          selectMirror
          eventClick={onEventClick}
          eventDidMount={markInteractive}
          dayCellDidMount={nameDayByItsContent}
          select={onSelect}
          eventDrop={onMove}
          eventResize={onMove}
          datesSet={onDatesSet}
          noEventsContent="No events in this period"
          eventTimeFormat={clock}
          slotLabelFormat={clock.meridiem ? { ...clock, omitZeroMinute: true } : clock}
        />
      </Box>
      <EventDetails
        choirId={choirId}
        selected={selected}
        canEdit={canEdit}
        canEmail={canEmail}
        onClose={() => setSelected(null)}
        onEdit={openEdit}
        onDelete={(event) => void askDelete(event)}
      />
      {canEdit && (
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
