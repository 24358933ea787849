// The calendar on a phone, drawn with plain components so that it shows as
// soon as the events are read (FullCalendar loads only for the views that
// need it): the agenda from today, each event with the reader's answer and
// the three answers in place; and the month as dots per day with the chosen
// day's list below.
import { Box, Button, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { CalendarEvent, EventList, FeastEntry } from './api';
import { agendaDays, monthGrid, type AgendaDay } from './agenda';
import { answerLabel, RSVP_CHOICES } from './attendance';
import { useAnswerEvent, type MyAnswers, type RsvpStatus } from './attendanceApi';
import { eventColor } from './colors';
import { DRAFT_SUFFIX, type EntryProps } from './entries';
import { dateTimeFormat } from '../../components/format';
import { addDays, dateKey, parseDateKey } from './range';

const DAY_WORDS: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long' };
const CLOCK_TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/** dayHeading: 'Today, Sunday 10 May', 'Tomorrow, Monday 11 May', 'Tuesday 12 May'. */
export function dayHeading(date: string, today: string): string {
  const d = parseDateKey(date);
  if (!d) return date;
  const words = dateTimeFormat(DAY_WORDS).format(d);
  if (date === today) return `Today, ${words}`;
  if (date === addDays(today, 1)) return `Tomorrow, ${words}`;
  return words;
}

function timeOf(event: CalendarEvent): string {
  if (event.allDay) return 'All day';
  const start = new Date(event.start);
  return Number.isNaN(start.getTime()) ? '' : dateTimeFormat(CLOCK_TIME).format(start);
}

/** Answers can be given until the event starts (the server says so too). */
function answerable(event: CalendarEvent, now: Date): boolean {
  const start = event.allDay ? parseDateKey(event.start.slice(0, 10)) : new Date(event.start);
  return !!start && start.getTime() > now.getTime();
}

interface DayListProps {
  choirId: string;
  day: AgendaDay;
  today: string;
  answers: MyAnswers | undefined;
  now: Date;
  onOpen: (entry: EntryProps) => void;
  /** The heading's level: 3 in the agenda, under the page's and the view's. */
  headingOrder?: 3 | 4;
}

/** DayList is one day: its heading, its feasts, its events each with the reader's answer. */
export function DayList({ choirId, day, today, answers, now, onOpen, headingOrder = 3 }: DayListProps) {
  const headingId = `agenda-day-${day.date}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={headingOrder} size="h5" id={headingId}>
        {dayHeading(day.date, today)}
      </Title>
      {day.feasts.map((feast) => (
        <FeastLine key={feast.id} feast={feast} onOpen={onOpen} />
      ))}
      {day.events.map((event) => (
        <AgendaEvent
          key={event.id}
          choirId={choirId}
          event={event}
          answer={answers?.[event.id] ?? null}
          answersKnown={!!answers}
          open={answerable(event, now)}
          onOpen={onOpen}
        />
      ))}
      {day.feasts.length === 0 && day.events.length === 0 && (
        <Text size="sm" c="dimmed">
          Nothing on this day
        </Text>
      )}
    </Stack>
  );
}

function FeastLine({ feast, onOpen }: { feast: FeastEntry; onOpen: (entry: EntryProps) => void }) {
  return (
    <UnstyledButton className="cantica-agenda-feast" onClick={() => onOpen({ kind: 'feast', feast })}>
      <Text size="sm" fw={500}>
        {feast.name}
      </Text>
    </UnstyledButton>
  );
}

interface AgendaEventProps {
  choirId: string;
  event: CalendarEvent;
  answer: RsvpStatus | null;
  answersKnown: boolean;
  open: boolean;
  onOpen: (entry: EntryProps) => void;
}

function AgendaEvent({ choirId, event, answer, answersKnown, open, onOpen }: AgendaEventProps) {
  const answering = useAnswerEvent(choirId);
  const draft = event.status === 'draft';
  const title = draft ? `${event.title}${DRAFT_SUFFIX}` : event.title;
  const groupId = `agenda-answer-${event.id}`;
  return (
    <Paper withBorder p="sm" radius="md" style={{ borderLeft: `4px solid ${eventColor(event.eventType)}` }}>
      <Stack gap={6}>
        <UnstyledButton onClick={() => onOpen({ kind: 'event', event })} className="cantica-agenda-open">
          <Group gap="xs" wrap="nowrap" align="baseline">
            <Text size="sm" c="dimmed" miw={64} style={{ flexShrink: 0 }}>
              {timeOf(event)}
            </Text>
            <Box miw={0}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {title}
              </Text>
              {event.location && (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {event.location}
                </Text>
              )}
            </Box>
          </Group>
        </UnstyledButton>
        {answer && (
          <Text size="sm" id={groupId}>
            Your answer: {answerLabel(answer)}
          </Text>
        )}
        {open && answersKnown && (
          <Group gap={6} role="group" aria-label={`Your answer for ${event.title}`} wrap="nowrap">
            {RSVP_CHOICES.map(({ status, label }) => (
              <Button
                key={status}
                size="compact-sm"
                h={44}
                px="xs"
                style={{ flex: '1 1 0', minWidth: 0 }}
                variant={answer === status ? 'filled' : 'default'}
                aria-pressed={answer === status}
                loading={answering.submitting && answering.variables?.status === status}
                onClick={() => void answering.submit({ eventId: event.id, status }).catch(() => {})}
              >
                {label}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

interface AgendaProps {
  choirId: string;
  list: EventList | undefined;
  answers: MyAnswers | undefined;
  showAll: boolean;
  now: Date;
  onOpen: (entry: EntryProps) => void;
}

/** Agenda lists the days from today on that hold an event or a feast shown. */
export function Agenda({ choirId, list, answers, showAll, now, onOpen }: AgendaProps) {
  const days = agendaDays(list, now, showAll);
  const today = dateKey(now);
  if (list && days.length === 0) {
    return <Text c="dimmed">No events in this period</Text>;
  }
  return (
    <Stack gap="lg">
      {days.map((day) => (
        <DayList key={day.date} choirId={choirId} day={day} today={today} answers={answers} now={now} onOpen={onOpen} />
      ))}
    </Stack>
  );
}

interface MonthDotsProps {
  month: Date;
  days: Map<string, AgendaDay>;
  selected: string;
  today: string;
  onSelect: (date: string) => void;
}

const MAX_DOTS = 3;

/** dayLabel names a day of the month by all it shows: 'Tuesday 12 May, 2 events, 1 feast'. */
export function dayLabel(date: string, day: AgendaDay | undefined): string {
  const d = parseDateKey(date);
  const words = d ? dateTimeFormat(DAY_WORDS).format(d) : date;
  const parts = [words];
  const events = day?.events.length ?? 0;
  const feasts = day?.feasts.length ?? 0;
  if (events) parts.push(`${events} ${events === 1 ? 'event' : 'events'}`);
  if (feasts) parts.push(`${feasts} ${feasts === 1 ? 'feast' : 'feasts'}`);
  return parts.join(', ');
}

/** MonthDots is the month on a phone: each day its number and a dot per event (feasts a ring), no text to clip. */
export function MonthDots({ month, days, selected, today, onSelect }: MonthDotsProps) {
  const weeks = monthGrid(month);
  const monthKey = dateKey(month).slice(0, 7);
  const weekdays = weeks[0].map((d) =>
    dateTimeFormat({ weekday: 'narrow' }).format(parseDateKey(d) ?? new Date()),
  );
  return (
    <Box className="cantica-month-dots">
      <div className="cantica-month-dots-row" aria-hidden>
        {weekdays.map((w, i) => (
          <Text key={i} size="xs" c="dimmed" ta="center">
            {w}
          </Text>
        ))}
      </div>
      {weeks.map((week) => (
        <div key={week[0]} className="cantica-month-dots-row">
          {week.map((date) => {
            const day = days.get(date);
            const outside = date.slice(0, 7) !== monthKey;
            const events = day?.events ?? [];
            return (
              <UnstyledButton
                key={date}
                className="cantica-month-dots-day"
                data-outside={outside || undefined}
                data-today={date === today || undefined}
                aria-pressed={date === selected}
                aria-label={dayLabel(date, day)}
                aria-current={date === today ? 'date' : undefined}
                onClick={() => onSelect(date)}
              >
                <span className="cantica-month-dots-number">{Number(date.slice(8))}</span>
                <span className="cantica-month-dots-marks" aria-hidden>
                  {(day?.feasts.length ?? 0) > 0 && <span className="cantica-dot cantica-dot-feast" />}
                  {events.slice(0, MAX_DOTS).map((e) => (
                    <span key={e.id} className="cantica-dot" style={{ background: eventColor(e.eventType) }} />
                  ))}
                </span>
              </UnstyledButton>
            );
          })}
        </div>
      ))}
    </Box>
  );
}
