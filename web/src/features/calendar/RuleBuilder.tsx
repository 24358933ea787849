import { Checkbox, Fieldset, Group, NativeSelect, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useMemo } from 'react';
import type { ChoirFeast } from './api';
import { formatDay } from './format';
import {
  capitalise,
  EVERY_MONTH,
  MONTHS,
  ORDINALS,
  RULE_TYPE_OPTIONS,
  WEEKDAYS,
  type RuleForm,
} from './rule';

const WEEKDAY_OPTIONS = WEEKDAYS.map((d) => ({ value: d, label: capitalise(d) }));
const MONTH_OPTIONS = [
  { value: EVERY_MONTH, label: 'Every month' },
  ...MONTHS.map((m) => ({ value: m, label: capitalise(m) })),
];
const ORDINAL_OPTIONS = ORDINALS.map((o) => ({ value: o, label: capitalise(o) }));
const UNIT_OPTIONS = [
  { value: 'days', label: 'Days' },
  { value: 'weeks', label: 'Weeks' },
];
const DIRECTION_OPTIONS = [
  { value: 'before', label: 'Before' },
  { value: 'after', label: 'After' },
];

export interface RuleBuilderProps {
  value: RuleForm;
  /** The form's props of a field of the rule (its value, change and message), as getInputProps gives them. */
  inputProps: (field: keyof RuleForm) => GetInputPropsReturnType;
  feasts: readonly ChoirFeast[] | undefined;
  feastsLoading: boolean;
  disabled?: boolean;
}

const toNumber = (v: string | number) => (typeof v === 'number' ? v : v === '' ? 0 : Number(v));

/** RuleBuilder edits the 'Repeats' rule: one of the five types of calendar §3, or none, and an optional end. */
export function RuleBuilder({ value, inputProps, feasts, feastsLoading, disabled }: RuleBuilderProps) {
  /** A number field keeps a number: an emptied one is 0, which the rule's checks refuse. */
  const numberProps = (field: 'weeklyInterval' | 'day' | 'offset') => {
    const props = inputProps(field);
    return { ...props, onChange: (v: string | number) => props.onChange(toNumber(v)) };
  };
  const feastProps = inputProps('feastId');
  const daysProps = inputProps('weeklyDays');
  const feastOptions = useMemo(
    () =>
      (feasts ?? []).map((f) => ({
        value: f.id,
        label: f.nextDate ? `${f.name} (next: ${formatDay(f.nextDate)})` : f.name,
      })),
    [feasts],
  );
  const feastSelect = (
    <Select
      label="Feast"
      placeholder={feastsLoading ? 'Loading feasts...' : 'Search feasts'}
      searchable
      data={feastOptions}
      nothingFoundMessage="No feast of that name"
      disabled={disabled}
      required
      {...feastProps}
      value={value.feastId || null}
      onChange={(v) => feastProps.onChange(v ?? '')}
    />
  );
  const directionSelect = <NativeSelect label="Before or after" data={DIRECTION_OPTIONS} disabled={disabled} {...inputProps('direction')} />;
  const weekdaySelect = <NativeSelect label="Weekday" data={WEEKDAY_OPTIONS} disabled={disabled} {...inputProps('weekday')} />;
  const monthSelect = <NativeSelect label="Month" data={MONTH_OPTIONS} disabled={disabled} {...inputProps('month')} />;

  return (
    <Fieldset legend="Repeats" disabled={disabled}>
      <Stack gap="sm">
        <NativeSelect
          label="Repeat"
          data={RULE_TYPE_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
          {...inputProps('type')}
        />

        {value.type === 'weekly_on_days' && (
          <>
            <NumberInput
              label="Every how many weeks"
              min={1}
              max={52}
              allowDecimal={false}
              allowNegative={false}
              w={{ base: '100%', xs: 200 }}
              {...numberProps('weeklyInterval')}
            />
            <Checkbox.Group
              label="On days"
              required
              {...daysProps}
              // Kept in the week's order, whatever order they were ticked in.
              onChange={(days) => daysProps.onChange(WEEKDAYS.filter((d) => days.includes(d)))}
            >
              <Group gap="sm" mt={4}>
                {WEEKDAYS.map((d) => (
                  <Checkbox key={d} value={d} label={capitalise(d)} />
                ))}
              </Group>
            </Checkbox.Group>
          </>
        )}

        {value.type === 'fixed_date' && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {monthSelect}
            <NumberInput
              label="Day of the month"
              min={1}
              max={31}
              allowDecimal={false}
              allowNegative={false}
              {...numberProps('day')}
            />
          </SimpleGrid>
        )}

        {value.type === 'calendar_structure' && (
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <NativeSelect label="Which" data={ORDINAL_OPTIONS} {...inputProps('occurrence')} />
            {weekdaySelect}
            {monthSelect}
          </SimpleGrid>
        )}

        {value.type === 'relative_to_feast' && (
          <>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
              <NumberInput label="How many" min={1} allowDecimal={false} allowNegative={false} {...numberProps('offset')} />
              <NativeSelect label="Days or weeks" data={UNIT_OPTIONS} {...inputProps('unit')} />
              {directionSelect}
            </SimpleGrid>
            {feastSelect}
          </>
        )}

        {value.type === 'weekday_relative_to_feast' && (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              {weekdaySelect}
              {directionSelect}
            </SimpleGrid>
            {feastSelect}
          </>
        )}

        {value.type !== 'none' && (
          <TextInput
            type="date"
            label="Ends on"
            description="Leave empty to repeat without an end."
            w={{ base: '100%', xs: 220 }}
            {...inputProps('endDate')}
          />
        )}
      </Stack>
    </Fieldset>
  );
}
