// The calendar's FullCalendar views (the month grid, the week and the
// month's list), in a chunk of their own: a phone opens on the agenda,
// drawn without FullCalendar, and loads this only when a view needs it.
import type { DateSelectArg, DatesSetArg, DayCellMountArg, EventChangeArg, EventClickArg, EventMountArg } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { ActionIcon, Box, Button, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { prewarmEvents, useEvents, type EventList } from './api';
import { shownFeasts } from './agenda';
import { calendarEntries, type EntryProps } from './entries';
import { readerClock } from './format';
import { addDays, completeFor, dateKey, fetchRange } from './range';
import { useEventsLoading, usePreloadNeighbours, type Visible } from './loading';

export type FullCalendarViewName = 'dayGridMonth' | 'timeGridWeek' | 'listMonth';

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

export interface FullCalendarViewProps {
  choirId: string;
  view: FullCalendarViewName;
  /** The day the view opens on (a link to one event); today when absent. */
  initialDate?: Date;
  canEdit: boolean;
  showAll: boolean;
  /** The row's title, its spinner and the view switch, laid out by the page. */
  header: (parts: { title: string; loading: boolean; navigation: ReactNode }) => ReactNode;
  onOpen: (entry: EntryProps) => void;
  onVisible: (visible: Visible) => void;
  onSelect: (info: DateSelectArg) => void;
  onMove: (info: EventChangeArg) => void;
}

/** FullCalendarView draws the month grid, the week or the list of a month, with their navigation. */
export function FullCalendarView({ choirId, view, initialDate, canEdit, showAll, header, onOpen, onVisible, onSelect, onMove }: FullCalendarViewProps) {
  const queryClient = useQueryClient();
  const calendarRef = useRef<FullCalendar>(null);
  const [visible, setVisible] = useState<Visible | null>(null);
  const prewarmed = useRef(false);
  const clock = useMemo(() => readerClock(), []);

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
  const filtered = useMemo<EventList | undefined>(
    () => (shown ? { ...shown, feasts: shownFeasts(shown.feasts, showAll) } : undefined),
    [shown, showAll],
  );
  const entries = useMemo(() => calendarEntries(filtered, canEdit), [filtered, canEdit]);

  useEventsLoading(events);
  usePreloadNeighbours(queryClient, choirId, events, startTime, endTime);

  const calendarApi = () => calendarRef.current?.getApi();
  // FullCalendar takes its first view as a prop; later ones are asked of it, so it keeps its dates.
  useEffect(() => {
    const api = calendarRef.current?.getApi();
    if (api && api.view.type !== view) api.changeView(view);
  }, [view]);

  function onDatesSet(arg: DatesSetArg) {
    // The cache is pre-warmed with the months around today before the first range is asked for.
    if (!prewarmed.current) {
      prewarmed.current = true;
      void prewarmEvents(queryClient, choirId);
    }
    const next = { start: arg.start, end: arg.end, currentStart: arg.view.currentStart, title: arg.view.title };
    setVisible((v) =>
      v && v.start.getTime() === arg.start.getTime() && v.end.getTime() === arg.end.getTime() && v.title === arg.view.title
        ? v
        : next,
    );
    onVisible(next);
  }

  function onEventClick(info: EventClickArg) {
    info.jsEvent.preventDefault();
    onOpen(info.event.extendedProps as EntryProps);
  }

  const today = new Date();
  const todayInView = !!visible && today >= visible.start && today < visible.end;
  const unit = view === 'timeGridWeek' ? 'week' : 'month';
  const navigation = (
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
  );

  return (
    <>
      {header({ title: visible?.title ?? '', loading: events.isFetching || exact.isFetching, navigation })}
      <Box className="cantica-calendar" miw={0}>
        <FullCalendar
          ref={calendarRef}
          plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
          initialView={view}
          initialDate={initialDate}
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
    </>
  );
}

export default FullCalendarView;
