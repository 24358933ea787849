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
import { useForm } from '@mantine/form';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo, type ReactNode } from 'react';
import { fieldErrors } from '../../api/client';
import { showServerErrors } from '../../app/forms';
import { ErrorAlert } from '../../components/ErrorAlert';
import {
  useChoirFeasts,
  useCreateEvent,
  useEventPreview,
  useUpdateEvent,
  type CalendarEvent,
  type EventPreview,
} from './api';
import { endFollowingStart, EVENT_TYPE_LABELS, EVENT_TYPES, toEventInput, validateEvent, type EventFormValues } from './eventForm';
import { browserTimeZone, formatDay, formatWhen } from './format';
import { EventReminderFields } from './EventReminderFields';
import {
  DEFAULT_REMINDER_FIELDS,
  reminderDays,
  reminderErrors,
  reminderFields,
  type ReminderFields,
} from './eventReminders';
import { useEventReminders, useSetEventReminders } from './remindersApi';
import { MOBILE_QUERY } from '../../components/phone';
import { RuleBuilder } from './RuleBuilder';
import { defaultRuleForm, SERIES_MOVE_MESSAGE, shiftRule, toRule, type RuleForm } from './rule';
import { useScopeQuestion } from './ScopeModal';

/** Pause after the last change before the rule preview is asked for. */
export const PREVIEW_DEBOUNCE_MS = 400;

const RULE_FIELDS: readonly (keyof RuleForm)[] = [
  'type',
  'weeklyInterval',
  'weeklyDays',
  'month',
  'day',
  'occurrence',
  'weekday',
  'offset',
  'unit',
  'direction',
  'feastId',
  'endDate',
];

/**
 * Where the form shows a message the server (or validateEvent, which uses
 * its names) gives for a field: start and end under their dates, the rule's
 * fields under the rule builder's.
 */
const FORM_PATHS: Readonly<Record<string, string>> = {
  start: 'startDate',
  end: 'endDate',
  ...Object.fromEntries(RULE_FIELDS.map((field) => [`recurrenceRule.${field}`, `rule.${field}`])),
};

/** The form's fields that show messages; a message for any other goes in the list below the form. */
const SHOWN_FIELDS = new Set([
  'title',
  'eventType',
  'startDate',
  'endDate',
  'location',
  'notes',
  'status',
  'reminderMode',
  'reminderFirst',
  'reminderSecond',
  ...RULE_FIELDS.map((field) => `rule.${field}`),
]);

/** The dates, times and kind of the start and end, whose messages are about them all. */
const WHEN_FIELDS = ['startDate', 'startTime', 'endDate', 'endTime', 'allDay'] as const;

/** formErrors puts messages keyed by the server's names under the form's paths. */
function formErrors(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [FORM_PATHS[field] ?? field, message]));
}

/** The title every preview is asked with: a preview is about dates, not words. */
const PREVIEW_TITLE = 'Preview';

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
  const create = useCreateEvent(choirId);
  const update = useUpdateEvent(choirId);
  const saveReminders = useSetEventReminders(choirId);
  const submitting = create.submitting || update.submitting || saveReminders.submitting;
  const scopeQuestion = useScopeQuestion();
  const form = useForm<EventFormValues & ReminderFields>({
    initialValues: { ...initial, ...DEFAULT_REMINDER_FIELDS },
    validate: (values) => ({ ...formErrors(validateEvent(values)), ...reminderErrors(values) }),
    onValuesChange: (values, previous) => followChange(values, previous),
  });
  // An existing event's reminders arrive after the dialog opens: they fill
  // the fields unless someone has touched them meanwhile.
  const reminders = useEventReminders(choirId, event?.id ?? '', !!event);
  const loadedReminders = reminders.data;
  useEffect(() => {
    if (!loadedReminders || form.isDirty('reminderMode') || form.isDirty('reminderFirst') || form.isDirty('reminderSecond')) return;
    const fields = reminderFields(loadedReminders);
    form.setInitialValues({ ...form.getInitialValues(), ...fields });
    form.setValues(fields);
    // Only when the event's reminders arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadedReminders]);
  const values = form.getValues();
  const rule = values.rule;
  const feastRule = rule.type === 'relative_to_feast' || rule.type === 'weekday_relative_to_feast';
  const feasts = useChoirFeasts(choirId, feastRule);

  /** A change makes the messages about what it touched stale, and may carry others along. */
  function followChange(next: EventFormValues, previous: EventFormValues): void {
    if (WHEN_FIELDS.some((field) => next[field] !== previous[field])) {
      form.clearFieldError('startDate');
      form.clearFieldError('endDate');
    }
    if (next.rule !== previous.rule) form.clearFieldError('rule.type');
    const end = endFollowingStart(next, previous);
    if (end) {
      form.setFieldValue('endDate', end.endDate);
      form.setFieldValue('endTime', end.endTime);
    }
    // Until a repeat is chosen, its suggestions (the weekday, the day of
    // the month) follow the start date rather than the day the dialog opened.
    if (next.startDate !== previous.startDate && next.rule.type === 'none') {
      form.setFieldValue('rule', defaultRuleForm(next.startDate));
    }
  }

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
  const previewErrors = previewCurrent && preview.isError ? formErrors(fieldErrors(preview.error)) : {};

  // Messages of the last save or check win over the preview's; a field changed since has none of its own.
  const allErrors: Record<string, ReactNode> = { ...previewErrors, ...form.errors };
  const otherErrors = Object.entries(allErrors).filter(([path]) => !SHOWN_FIELDS.has(path));
  const input = (path: string, options?: { type: 'checkbox' }) => ({
    ...form.getInputProps(path, options),
    error: allErrors[path],
  });

  /** saveOwnReminders saves the event's reminders when they changed (for a new event, when it has its own). */
  async function saveOwnReminders(eventId: string, submitted: ReminderFields) {
    const days = reminderDays(submitted);
    const before = loadedReminders ? loadedReminders.days : null;
    if (JSON.stringify(days) === JSON.stringify(before ?? null)) return;
    await saveReminders.submit({ eventId, days });
  }

  async function onSubmit(submitted: EventFormValues & ReminderFields) {
    if (submitting) return;
    const body = toEventInput(submitted, timeZone);
    let scope: Awaited<ReturnType<typeof scopeQuestion.ask>> = null;
    if (event?.isInstance) {
      scope = await scopeQuestion.ask('edit');
      if (!scope) return;
      // A date moved for the rest of the series takes the series' pattern
      // along, as a drag does, unless the rule was changed by hand.
      const ruleKept = JSON.stringify(toRule(submitted.rule)) === JSON.stringify(toRule(initial.rule));
      if (scope !== 'single' && ruleKept && body.recurrenceRule && event.instanceDate) {
        const shifted = shiftRule(body.recurrenceRule, event.instanceDate, submitted.startDate);
        if (!shifted) {
          form.setErrors({ startDate: SERIES_MOVE_MESSAGE });
          return;
        }
        body.recurrenceRule = shifted;
      }
    }
    // The toast has told; the fields at fault say why.
    const told = { onError: (err: unknown) => showServerErrors(form, err, { names: FORM_PATHS }) };
    try {
      if (event) {
        const occurrence = scope ? { scope, instanceStartTime: event.instanceStartTime ?? event.start } : {};
        await update.submit({ eventId: event.id, body: { ...body, ...occurrence } }, told);
        await saveOwnReminders(event.id, submitted);
      } else {
        const created = await create.submit(body, told);
        if (created) await saveOwnReminders(created.id, submitted);
      }
      onDone();
    } catch {
      // Shown above.
    }
  }

  const readerZone = browserTimeZone();

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate aria-label={event ? 'Edit event' : 'New event'}>
      <Stack gap="md">
        {event?.isInstance && (
          <Alert color="blue" variant="light">
            This is one date of a repeating event. When you save, you choose whether the changes apply to this
            event, this and the following events, or all of them.
          </Alert>
        )}
        <TextInput label="Title" required data-autofocus maxLength={200} {...input('title')} />
        <NativeSelect
          label="Event type"
          data={EVENT_TYPES.map((t) => ({ value: t, label: EVENT_TYPE_LABELS[t] }))}
          {...input('eventType')}
        />
        <Switch label="All day" {...input('allDay', { type: 'checkbox' })} />
        <SimpleGrid cols={{ base: values.allDay ? 1 : 2, xs: 2 }} spacing="sm">
          <TextInput type="date" label={values.allDay ? 'First day' : 'Start date'} required {...input('startDate')} />
          {!values.allDay && <TextInput type="time" label="Start time" required {...input('startTime')} />}
          <TextInput type="date" label={values.allDay ? 'Last day' : 'End date'} required {...input('endDate')} />
          {!values.allDay && <TextInput type="time" label="End time" required {...input('endTime')} />}
        </SimpleGrid>
        {!values.allDay && readerZone && timeZone && readerZone !== timeZone && (
          <Text size="sm" c="dimmed">
            Times are in your time zone ({readerZone}). The event keeps its wall-clock time in {timeZone}.
          </Text>
        )}
        <TextInput label="Location" maxLength={200} {...input('location')} />
        <Textarea label="Notes" rows={3} {...input('notes')} />
        <RuleBuilder
          value={rule}
          inputProps={(field) => input(`rule.${field}`)}
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
        <EventReminderFields
          typeDays={loadedReminders?.typeDays}
          own={values.reminderMode === 'own'}
          inputProps={(field) => input(field)}
        />
        <Radio.Group label="Visibility" {...input('status')}>
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
