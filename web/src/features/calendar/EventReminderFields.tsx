import { Group, NumberInput, Radio, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { daysText } from './RemindNonResponders';

interface EventReminderFieldsProps {
  /** The type's reminders, once known (an existing event's). */
  typeDays: readonly number[] | undefined;
  own: boolean;
  inputProps: (field: 'reminderMode' | 'reminderFirst' | 'reminderSecond') => { error?: ReactNode } & Record<string, unknown>;
}

/** EventReminderFields: whether the event follows its type's reminders or has its own. */
export function EventReminderFields({ typeDays, own, inputProps }: EventReminderFieldsProps) {
  const typeLabel = typeDays ? `As for this event type (${daysText(typeDays)})` : 'As for this event type';
  const days = (field: 'reminderFirst' | 'reminderSecond', label: string) => (
    <NumberInput
      label={label}
      min={1}
      max={30}
      w={170}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      {...inputProps(field)}
    />
  );
  return (
    <Radio.Group label="Reminders to members who have not answered" {...inputProps('reminderMode')}>
      <Stack gap="xs" mt={6}>
        <Radio value="type" label={typeLabel} />
        <Radio value="own" label="Own reminders for this event" />
        {own && (
          <Group gap="sm" align="flex-start">
            {days('reminderFirst', 'First, days before')}
            {days('reminderSecond', 'Second, days before')}
          </Group>
        )}
      </Stack>
    </Radio.Group>
  );
}
