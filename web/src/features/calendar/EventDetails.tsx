import { Badge, Button, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconEdit, IconMail, IconTrash, IconUsers } from '@tabler/icons-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { EventPlanSection } from '../planning';
import { eventIcsUrl, type CalendarEvent, type FeastEntry } from './api';
import { attendancePath } from './attendance';
import { useMyRsvp } from './attendanceApi';
import { eventColor, textColorOn } from './colors';
import type { EntryProps } from './entries';
import { EVENT_TYPE_LABELS } from './eventForm';
import { browserTimeZone, formatDay, formatInZone, formatWhen } from './format';
import { RsvpButtons } from './RsvpButtons';

// Only those who may email the choir need the mail dialog: it loads when one of them opens an event.
const EmailChoirModal = lazy(() => import('../../components/EmailChoirModal').then((m) => ({ default: m.EmailChoirModal })));

/** Red text that keeps its contrast on the light and the dark background. */
const DANGER_TEXT = 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))';

export interface EventDetailsProps {
  choirId: string;
  /** The entry shown; null keeps the panel closed. */
  selected: EntryProps | null;
  canEdit: boolean;
  /** Emailing the event to the choir (manage:communications). */
  canEmail: boolean;
  onClose: () => void;
  onEdit: (event: CalendarEvent) => void;
  onDelete: (event: CalendarEvent) => void;
}

/** EventDetails is the panel an entry opens: an event's details and actions, or a feast's name, rank and date. */
export function EventDetails({ choirId, selected, canEdit, canEmail, onClose, onEdit, onDelete }: EventDetailsProps) {
  const title = selected ? (selected.kind === 'event' ? selected.event.title : selected.feast.name) : '';
  return (
    <Drawer opened={selected !== null} onClose={onClose} title={title} position="right" size="md" closeButtonProps={{ 'aria-label': 'Close details' }}>
      {selected?.kind === 'event' && (
        <EventBody
          // Keyed by entry: an answer or a modal of one event never shows on another.
          key={selected.event.id}
          choirId={choirId}
          event={selected.event}
          canEdit={canEdit}
          canEmail={canEmail}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      )}
      {selected?.kind === 'feast' && <FeastBody feast={selected.feast} />}
    </Drawer>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" fw={600} c="dimmed" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

interface EventBodyProps {
  choirId: string;
  event: CalendarEvent;
  canEdit: boolean;
  canEmail: boolean;
  onEdit: (event: CalendarEvent) => void;
  onDelete: (event: CalendarEvent) => void;
}

function EventBody({ choirId, event, canEdit, canEmail, onEdit, onDelete }: EventBodyProps) {
  const [emailing, setEmailing] = useState(false);
  const draft = event.status === 'draft';
  // The answer buttons' own query: it says whether the event has started.
  const started = useMyRsvp(choirId, event.id).data?.answerable === false;
  // Only a published event that has not started can be emailed (the server refuses the rest).
  const emailable = canEmail && !draft && !started;
  const color = eventColor(event.eventType);
  const readerZone = browserTimeZone();
  const inZone = formatInZone(event, readerZone);
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge color={color} styles={{ root: { color: textColorOn(color) } }}>
          {EVENT_TYPE_LABELS[event.eventType] ?? 'Other'}
        </Badge>
        {draft && (
          <Badge variant="outline" color="gray" styles={{ root: { borderStyle: 'dashed', color: 'var(--mantine-color-text)' } }}>
            Draft
          </Badge>
        )}
      </Group>
      <Stack gap="sm" component="dl" m={0}>
        <Detail label="When">{formatWhen(event)}</Detail>
        {inZone && (
          <Detail label={`In the event's time zone (${event.timeZone})`}>{inZone}</Detail>
        )}
        {event.ruleDescription && <Detail label="Repeats">{event.ruleDescription}</Detail>}
        {event.location && <Detail label="Location">{event.location}</Detail>}
        {event.notes && <Detail label="Notes">{event.notes}</Detail>}
        <Detail label="Status">{draft ? 'Draft: only administrators see it' : 'Published'}</Detail>
      </Stack>
      <Group gap="xs">
        <Button
          component="a"
          href={eventIcsUrl(choirId, event.eventId)}
          download
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          Download .ics
        </Button>
        {canEdit && (
          <>
            <Button leftSection={<IconEdit size={16} aria-hidden />} onClick={() => onEdit(event)}>
              Edit
            </Button>
            <Button
              variant="default"
              c={DANGER_TEXT}
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => onDelete(event)}
            >
              Delete
            </Button>
          </>
        )}
      </Group>
      <Divider />
      <RsvpButtons choirId={choirId} eventId={event.id} />
      <EventPlanSection choirId={choirId} eventId={event.id} date={event.instanceDate ?? event.start.slice(0, 10)} />
      {(canEdit || emailable) && (
        <Group gap="xs">
          {canEdit && (
            <Button component={Link} to={attendancePath(event.id)} variant="default" leftSection={<IconUsers size={16} aria-hidden />}>
              Attendance
            </Button>
          )}
          {emailable && (
            <Button variant="default" leftSection={<IconMail size={16} aria-hidden />} onClick={() => setEmailing(true)}>
              Email to choir
            </Button>
          )}
        </Group>
      )}
      {canEmail && (
        <Suspense fallback={null}>
          <EmailChoirModal
            choirId={choirId}
            target={{ eventId: event.id }}
            title="Email event to choir"
            opened={emailing}
            onClose={() => setEmailing(false)}
          />
        </Suspense>
      )}
    </Stack>
  );
}

function FeastBody({ feast }: { feast: FeastEntry }) {
  return (
    <Stack gap="sm" component="dl" m={0}>
      <Detail label="Feast">{feast.name}</Detail>
      <Detail label="Rank">{feast.rank}</Detail>
      <Detail label="Date">{formatDay(feast.date)}</Detail>
    </Stack>
  );
}
