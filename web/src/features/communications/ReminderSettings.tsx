import { Button, Checkbox, Group, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { showServerErrors } from '../../app/forms';
import { RetryAlert } from '../../components/ErrorAlert';
import { SectionLoading } from '../../components/SectionState';
import { useReminderSettings, useSetReminderSettings, type ReminderSettings as Settings, type ReminderTypeSetting } from './remindersApi';

const TYPE_LABELS: Readonly<Record<ReminderTypeSetting['eventType'], string>> = {
  rehearsal: 'Rehearsals',
  service: 'Services',
  concert: 'Concerts',
  liturgical_feast: 'Liturgical feasts',
  other: 'Other events',
};

export const DAYS_MESSAGE = 'Choose 1 to 30 days';
export const SAME_DAYS_MESSAGE = 'Choose two different days';

/** The form's row of one event type: each reminder on or off, and its days. */
interface TypeRow {
  eventType: ReminderTypeSetting['eventType'];
  first: boolean;
  firstDays: number | string;
  second: boolean;
  secondDays: number | string;
}

export interface ReminderFormValues {
  types: TypeRow[];
  alert: boolean;
  alertDays: number | string;
}

export function toFormValues(s: Settings): ReminderFormValues {
  return {
    types: s.eventTypes.map((t) => ({
      eventType: t.eventType,
      first: t.days.length > 0,
      firstDays: t.days[0] ?? 7,
      second: t.days.length > 1,
      secondDays: t.days[1] ?? 2,
    })),
    alert: s.partBalanceDays !== null,
    alertDays: s.partBalanceDays ?? 3,
  };
}

export function toSettings(v: ReminderFormValues): Settings {
  return {
    eventTypes: v.types.map((t) => ({
      eventType: t.eventType,
      days: [t.first ? Number(t.firstDays) : null, t.second ? Number(t.secondDays) : null]
        .filter((d): d is number => d !== null)
        .sort((a, b) => b - a),
    })),
    partBalanceDays: v.alert ? Number(v.alertDays) : null,
  };
}

const daysError = (on: boolean, days: number | string) =>
  on && (days === '' || !Number.isInteger(Number(days)) || Number(days) < 1 || Number(days) > 30) ? DAYS_MESSAGE : null;

export function validateReminders(v: ReminderFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  v.types.forEach((t, i) => {
    const first = daysError(t.first, t.firstDays);
    const second = daysError(t.second, t.secondDays);
    if (first) errors[`types.${i}.firstDays`] = first;
    if (second) errors[`types.${i}.secondDays`] = second;
    if (!first && !second && t.first && t.second && Number(t.firstDays) === Number(t.secondDays)) {
      errors[`types.${i}.secondDays`] = SAME_DAYS_MESSAGE;
    }
  });
  const alert = daysError(v.alert, v.alertDays);
  if (alert) errors.alertDays = alert;
  return errors;
}

/**
 * ReminderSettings, a section of the communications page: how many days
 * before each type of event members who have not answered are reminded, and
 * how many days before a service or concert the administrators hear of
 * voice parts short of the attendance page's minimum.
 */
export function ReminderSettings({ choirId }: { choirId: string }) {
  const settings = useReminderSettings(choirId);
  return (
    <Stack gap="sm" component="section" aria-labelledby="reminder-settings">
      <Title order={2} size="h3" id="reminder-settings">
        RSVP reminders
      </Title>
      <Text size="sm">
        Members who have not answered an event (and, once, those who said Maybe) get an email with one-tap answer
        buttons. Reminders due the same day come in one email, at 08:00 or later, never between 20:00 and 08:00.
      </Text>
      {settings.isPending && <SectionLoading label="Loading reminder settings" />}
      {settings.isError && <RetryAlert onRetry={() => void settings.refetch()}>The reminder settings could not be loaded.</RetryAlert>}
      {settings.data && <ReminderForm choirId={choirId} initial={settings.data} />}
    </Stack>
  );
}

function ReminderForm({ choirId, initial }: { choirId: string; initial: Settings }) {
  const save = useSetReminderSettings(choirId);
  const form = useForm<ReminderFormValues>({ initialValues: toFormValues(initial), validate: validateReminders });
  const values = form.getValues();

  async function onSubmit(v: ReminderFormValues) {
    try {
      await save.submit(toSettings(v), {
        onSuccess: (saved) => form.setInitialValues(toFormValues(saved)),
        onError: (err) => void showServerErrors(form, err, { names: { partBalanceDays: 'alertDays' } }),
      });
    } catch {
      // The toast and the fields say why.
    }
  }

  const days = (path: string, label: string, disabled: boolean) => (
    <NumberInput
      aria-label={label}
      min={1}
      max={30}
      w={90}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      disabled={disabled}
      {...form.getInputProps(path)}
    />
  );

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate aria-label="Reminder settings">
      <Stack gap="md">
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Event type</Table.Th>
                <Table.Th scope="col">First reminder (days before)</Table.Th>
                <Table.Th scope="col">Second reminder (days before)</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {values.types.map((t, i) => {
                const name = TYPE_LABELS[t.eventType];
                return (
                  <Table.Tr key={t.eventType}>
                    <Table.Th scope="row" fw={500}>
                      {name}
                    </Table.Th>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Checkbox
                          aria-label={`${name}: first reminder`}
                          {...form.getInputProps(`types.${i}.first`, { type: 'checkbox' })}
                        />
                        {days(`types.${i}.firstDays`, `${name}: days before, first reminder`, !t.first)}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Checkbox
                          aria-label={`${name}: second reminder`}
                          {...form.getInputProps(`types.${i}.second`, { type: 'checkbox' })}
                        />
                        {days(`types.${i}.secondDays`, `${name}: days before, second reminder`, !t.second)}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm" c="dimmed">
          An event can have reminders of its own: edit the event. A director can also press &quot;Remind
          non-responders&quot; once per event, on its attendance page.
        </Text>
        <Stack gap="xs">
          <Title order={3} size="h4">
            Part balance
          </Title>
          <Checkbox
            label="Alert the choir's administrators when a voice part has fewer singers going than the minimum set on the attendance page"
            {...form.getInputProps('alert', { type: 'checkbox' })}
          />
          <NumberInput
            label="Days before a service or concert"
            min={1}
            max={30}
            maw={240}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            disabled={!values.alert}
            {...form.getInputProps('alertDays')}
          />
        </Stack>
        <Group>
          <Button type="submit" loading={save.submitting}>
            Save reminder settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
