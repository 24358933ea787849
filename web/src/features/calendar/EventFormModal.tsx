import {
  Alert,
  Button,
  Group,
  List,
  Loader,
  Modal,
  NativeSelect,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { fieldErrors } from '../../api/client';
import { ERROR_CONTEXT_MESSAGES } from '../../app/errors';
import { useFormSubmission } from '../../app/notify';
import { ErrorAlert } from '../../components/ErrorAlert';
import {
  createEvent,
  refreshEvents,
  updateEvent,
  useChoirFeasts,
  useEventPreview,
  type CalendarEvent,
  type EventPreview,
  type EventStatus,
  type EventType,
} from './api';
import {
  EVENT_TYPE_LABELS,
  EVENT_TYPES,
  toEventInput,
  validateEvent,
  type EventFormValues,
} from './eventForm';
import { browserTimeZone, formatDay, formatWhen } from './format';
import { RuleBuilder } from './RuleBuilder';
import { defaultRuleForm, SERIES_MOVE_MESSAGE, shiftRule, toRule, type RuleForm } from './rule';
import { useScopeQuestion } from './ScopeModal';

/** Pause after the last change before the rule preview is asked for. */
export const PREVIEW_DEBOUNCE_MS = 400;

/** The form's fields, keyed as the server names them in an error's details. */
const FORM_FIELDS = new Set([
  'title',
  'eventType',
  'start',
  'end',
  'location',
  'notes',
  'recurrenceRule.weeklyInterval',
  'recurrenceRule.weeklyDays',
  'recurrenceRule.month',
  'recurrenceRule.day',
  'recurrenceRule.occurrence',
  'recurrenceRule.weekday',
  'recurrenceRule.offset',
  'recurrenceRule.unit',
  'recurrenceRule.direction',
  'recurrenceRule.feastId',
  'recurrenceRule.endDate',
  'recurrenceRule.type',
]);

/** The title every preview is asked with: a preview is about dates, not words. */
const PREVIEW_TITLE = 'Preview';

const MOBILE_QUERY = '(max-width: 767px)';

export interface EventFormModalProps {
  choirId: string;
  /** What the dialog starts from; null keeps it closed. */
  initial: EventFormValues | null;
  /** The event or occurrence being edited; absent for a new event. */
  event?: CalendarEvent | null;
  /** The zone a new event keeps its wall-clock time in: the choir's. */
  timeZone: string | null | undefined;
  onClose: () => void;
}

/** EventFormModal creates an event, or edits one, with the rule builder and its preview (edit:calendar). */
export function EventFormModal({ choirId, initial, event, timeZone, onClose }: EventFormModalProps) {
  const isMobile = useMediaQuery(MOBILE_QUERY);
  return (
    <Modal
      opened={initial !== null}
      onClose={onClose}
      title={event ? 'Edit Event' : 'New Event'}
      size="lg"
      fullScreen={isMobile}
      centered
    >
      {/* Mounted afresh at each opening: the fields start from what was given. */}
      {initial && (
        <EventForm
          choirId={choirId}
          initial={initial}
          event={event ?? null}
          timeZone={event ? event.timeZone : timeZone}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

interface EventFormProps {
  choirId: string;
  initial: EventFormValues;
  event: CalendarEvent | null;
  timeZone: string | null | undefined;
  onDone: () => void;
}

function EventForm({ choirId, initial, event, timeZone, onDone }: EventFormProps) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<EventFormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const { submit, submitting } = useFormSubmission();
  const scopeQuestion = useScopeQuestion();
  const rule = values.rule;
  const feastRule = rule.type === 'relative_to_feast' || rule.type === 'weekday_relative_to_feast';
  const feasts = useChoirFeasts(choirId, feastRule);

  // The preview: the event as it would be sent, once the rule is set and
  // the typing has paused.
  const previewInput = useMemo(() => {
    if (rule.type === 'none') return null;
    const input = toEventInput(values, timeZone);
    if (!input.start || !input.end) return null;
    // Only the dates and the rule matter to a preview: typing a title or notes asks nothing.
    return JSON.stringify({ ...input, title: PREVIEW_TITLE, location: '', notes: '' });
  }, [values, rule.type, timeZone]);
  const [debouncedInput] = useDebouncedValue(previewInput, PREVIEW_DEBOUNCE_MS);
  const preview = useEventPreview(choirId, debouncedInput);
  const previewCurrent = debouncedInput === previewInput && previewInput !== null;
  // The server's words on the rule show under the fields, once they are about what is on screen.
  const previewErrors = previewCurrent && preview.isError ? fieldErrors(preview.error) : {};

  // Messages of the last save or check win over the preview's; a field changed since has none of its own.
  const allErrors: Record<string, string> = { ...previewErrors };
  for (const [field, message] of Object.entries(errors)) if (message) allErrors[field] = message;
  const shown = (field: string) => allErrors[field];
  const otherErrors = Object.entries(allErrors).filter(([field]) => !FORM_FIELDS.has(field));

  function change<K extends keyof EventFormValues>(field: K, value: EventFormValues[K]) {
    setValues((v) => {
      const next = { ...v, [field]: value };
      // Until a repeat is chosen, its suggestions (the weekday, the day of
      // the month) follow the start date rather than the day the dialog opened.
      if (field === 'startDate' && v.rule.type === 'none') next.rule = defaultRuleForm(String(value));
      return next;
    });
    const cleared: Record<string, undefined> = { [field]: undefined };
    if (field === 'startDate' || field === 'startTime' || field === 'endDate' || field === 'endTime' || field === 'allDay') {
      cleared.start = undefined;
      cleared.end = undefined;
    }
    setErrors((e) => ({ ...e, ...cleared }));
  }

  function changeRule<K extends keyof RuleForm>(field: K, value: RuleForm[K]) {
    setValues((v) => ({ ...v, rule: { ...v.rule, [field]: value } }));
    setErrors((e) => ({ ...e, [`recurrenceRule.${field}`]: undefined, 'recurrenceRule.type': undefined }));
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (submitting) return;
    const found = validateEvent(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = toEventInput(values, timeZone);
    let scope: Awaited<ReturnType<typeof scopeQuestion.ask>> = null;
    if (event?.isInstance) {
      scope = await scopeQuestion.ask('edit');
      if (!scope) return;
      // A date moved for the rest of the series takes the series' pattern
      // along, as a drag does, unless the rule was changed by hand.
      const ruleKept = JSON.stringify(toRule(values.rule)) === JSON.stringify(toRule(initial.rule));
      if (scope !== 'single' && ruleKept && body.recurrenceRule && event.instanceDate) {
        const shifted = shiftRule(body.recurrenceRule, event.instanceDate, values.startDate);
        if (!shifted) {
          setErrors({ start: SERIES_MOVE_MESSAGE });
          return;
        }
        body.recurrenceRule = shifted;
      }
    }
    try {
      await submit(
        () =>
          event
            ? updateEvent(choirId, event.id, {
                ...body,
                ...(scope ? { scope, instanceStartTime: event.instanceStartTime ?? event.start } : {}),
              })
            : createEvent(choirId, body),
        {
          errorMessage: event ? ERROR_CONTEXT_MESSAGES.calendar.save : ERROR_CONTEXT_MESSAGES.calendar.create,
          onSuccess: () => {
            refreshEvents(queryClient, choirId);
            onDone();
          },
        },
      );
    } catch (err) {
      // The toast has told; the fields at fault say why.
      setErrors(fieldErrors(err));
    }
  }

  const readerZone = browserTimeZone();

  return (
    <form onSubmit={onSubmit} noValidate aria-label={event ? 'Edit event' : 'New event'}>
      <Stack gap="md">
        {event?.isInstance && (
          <Alert color="blue" variant="light">
            This is one date of a repeating event. When you save, you choose whether the changes apply to this
            event, this and the following events, or all of them.
          </Alert>
        )}
        <TextInput
          label="Title"
          required
          data-autofocus
          value={values.title}
          onChange={(e) => change('title', e.currentTarget.value)}
          error={shown('title')}
          maxLength={200}
        />
        <NativeSelect
          label="Event type"
          data={EVENT_TYPES.map((t) => ({ value: t, label: EVENT_TYPE_LABELS[t] }))}
          value={values.eventType}
          onChange={(e) => change('eventType', e.currentTarget.value as EventType)}
          error={shown('eventType')}
        />
        <Switch
          label="All day"
          checked={values.allDay}
          onChange={(e) => change('allDay', e.currentTarget.checked)}
        />
        <SimpleGrid cols={{ base: values.allDay ? 1 : 2, xs: 2 }} spacing="sm">
          <TextInput
            type="date"
            label={values.allDay ? 'First day' : 'Start date'}
            required
            value={values.startDate}
            onChange={(e) => change('startDate', e.currentTarget.value)}
            error={shown('start')}
          />
          {!values.allDay && (
            <TextInput
              type="time"
              label="Start time"
              required
              value={values.startTime}
              onChange={(e) => change('startTime', e.currentTarget.value)}
            />
          )}
          <TextInput
            type="date"
            label={values.allDay ? 'Last day' : 'End date'}
            required
            value={values.endDate}
            onChange={(e) => change('endDate', e.currentTarget.value)}
            error={shown('end')}
          />
          {!values.allDay && (
            <TextInput
              type="time"
              label="End time"
              required
              value={values.endTime}
              onChange={(e) => change('endTime', e.currentTarget.value)}
            />
          )}
        </SimpleGrid>
        {!values.allDay && readerZone && timeZone && readerZone !== timeZone && (
          <Text size="sm" c="dimmed">
            Times are in your time zone ({readerZone}). The event keeps its wall-clock time in {timeZone}.
          </Text>
        )}
        <TextInput
          label="Location"
          value={values.location}
          onChange={(e) => change('location', e.currentTarget.value)}
          error={shown('location')}
          maxLength={200}
        />
        <Textarea
          label="Notes"
          rows={3}
          value={values.notes}
          onChange={(e) => change('notes', e.currentTarget.value)}
          error={shown('notes')}
        />
        <RuleBuilder
          value={rule}
          onChange={changeRule}
          errors={allErrors}
          feasts={feasts.data}
          feastsLoading={feasts.isPending && feastRule}
        />
        {rule.type !== 'none' && (
          <RulePreview
            preview={previewCurrent && preview.isSuccess ? preview.data : undefined}
            loading={previewInput !== null && (!previewCurrent || preview.isFetching)}
            failed={previewCurrent && preview.isError && Object.keys(previewErrors).length === 0}
            allDay={values.allDay}
          />
        )}
        <Radio.Group
          label="Visibility"
          value={values.status}
          onChange={(v) => change('status', v as EventStatus)}
          error={shown('status')}
        >
          <Stack gap="xs" mt={6}>
            <Radio value="published" label="Publish: everyone in the choir sees it" />
            <Radio value="draft" label="Keep as draft: only administrators see it" />
          </Stack>
        </Radio.Group>
        {otherErrors.length > 0 && (
          <ErrorAlert title="Please check the event">
            <List size="sm">
              {otherErrors.map(([field, message]) => (
                <List.Item key={field}>{message}</List.Item>
              ))}
            </List>
          </ErrorAlert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            {event ? 'Save Changes' : 'Create Event'}
          </Button>
        </Group>
      </Stack>
      {scopeQuestion.modal}
    </form>
  );
}

interface RulePreviewProps {
  preview: EventPreview | undefined;
  loading: boolean;
  failed: boolean;
  allDay: boolean;
}

/** RulePreview shows the rule in the server's plain words and the next occurrences. */
function RulePreview({ preview, loading, failed, allDay }: RulePreviewProps) {
  return (
    <Paper withBorder p="sm" role="region" aria-label="Preview" aria-live="polite" aria-busy={loading}>
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            Preview
          </Text>
          {loading && <Loader size="xs" role="status" aria-label="Updating preview" />}
        </Group>
        {failed && (
          <Text size="sm" c="dimmed">
            The preview is not available right now.
          </Text>
        )}
        {preview && (
          <>
            <Text data-testid="rule-description">{preview.description}</Text>
            {preview.occurrences.length === 0 ? (
              <Text size="sm" c="dimmed">
                No upcoming dates.
              </Text>
            ) : (
              <>
                <Text size="sm" c="dimmed" id="next-occurrences">
                  Next dates
                </Text>
                <List size="sm" aria-labelledby="next-occurrences">
                  {preview.occurrences.map((o) => (
                    <List.Item key={`${o.date}-${o.start}`}>
                      {allDay ? formatDay(o.date) : formatWhen({ start: o.start, end: o.end, allDay: false })}
                    </List.Item>
                  ))}
                </List>
              </>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
