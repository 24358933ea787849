import { Checkbox, Fieldset, Group, NativeSelect, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
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
  type Direction,
  type Month,
  type Ordinal,
  type RuleForm,
  type Unit,
  type Weekday,
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
  onChange: <K extends keyof RuleForm>(field: K, value: RuleForm[K]) => void;
  /** Messages keyed as the server's details are: recurrenceRule.{field}. */
  errors: Record<string, string | undefined>;
  feasts: readonly ChoirFeast[] | undefined;
  feastsLoading: boolean;
  disabled?: boolean;
}

const toNumber = (v: string | number) => (typeof v === 'number' ? v : v === '' ? 0 : Number(v));

/** RuleBuilder edits the 'Repeats' rule: one of the five types of calendar §3, or none, and an optional end. */
export function RuleBuilder({ value, onChange, errors, feasts, feastsLoading, disabled }: RuleBuilderProps) {
  const error = (field: string) => errors[`recurrenceRule.${field}`];
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
      value={value.feastId || null}
      onChange={(v) => onChange('feastId', v ?? '')}
      nothingFoundMessage="No feast of that name"
      error={error('feastId')}
      disabled={disabled}
      required
    />
  );
  const directionSelect = (
    <NativeSelect
      label="Before or after"
      data={DIRECTION_OPTIONS}
      value={value.direction}
      onChange={(e) => onChange('direction', e.currentTarget.value as Direction)}
      error={error('direction')}
      disabled={disabled}
    />
  );
  const weekdaySelect = (
    <NativeSelect
      label="Weekday"
      data={WEEKDAY_OPTIONS}
      value={value.weekday}
      onChange={(e) => onChange('weekday', e.currentTarget.value as Weekday)}
      error={error('weekday')}
      disabled={disabled}
    />
  );
  const monthSelect = (
    <NativeSelect
      label="Month"
      data={MONTH_OPTIONS}
      value={value.month}
      onChange={(e) => onChange('month', e.currentTarget.value as Month | typeof EVERY_MONTH)}
      error={error('month')}
      disabled={disabled}
    />
  );

  return (
    <Fieldset legend="Repeats" disabled={disabled}>
      <Stack gap="sm">
        <NativeSelect
          label="Repeat"
          data={RULE_TYPE_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
          value={value.type}
          onChange={(e) => onChange('type', e.currentTarget.value as RuleForm['type'])}
          error={error('type')}
        />

        {value.type === 'weekly_on_days' && (
          <>
            <NumberInput
              label="Every how many weeks"
              min={1}
              max={52}
              allowDecimal={false}
              allowNegative={false}
              value={value.weeklyInterval}
              onChange={(v) => onChange('weeklyInterval', toNumber(v))}
              error={error('weeklyInterval')}
              w={{ base: '100%', xs: 200 }}
            />
            <Checkbox.Group
              label="On days"
              value={value.weeklyDays}
              onChange={(days) => onChange('weeklyDays', WEEKDAYS.filter((d) => days.includes(d)))}
              error={error('weeklyDays')}
              required
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
              value={value.day}
              onChange={(v) => onChange('day', toNumber(v))}
              error={error('day')}
            />
          </SimpleGrid>
        )}

        {value.type === 'calendar_structure' && (
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <NativeSelect
              label="Which"
              data={ORDINAL_OPTIONS}
              value={value.occurrence}
              onChange={(e) => onChange('occurrence', e.currentTarget.value as Ordinal)}
              error={error('occurrence')}
            />
            {weekdaySelect}
            {monthSelect}
          </SimpleGrid>
        )}

        {value.type === 'relative_to_feast' && (
          <>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
              <NumberInput
                label="How many"
                min={1}
                allowDecimal={false}
                allowNegative={false}
                value={value.offset}
                onChange={(v) => onChange('offset', toNumber(v))}
                error={error('offset')}
              />
              <NativeSelect
                label="Days or weeks"
                data={UNIT_OPTIONS}
                value={value.unit}
                onChange={(e) => onChange('unit', e.currentTarget.value as Unit)}
                error={error('unit')}
              />
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
            value={value.endDate}
            onChange={(e) => onChange('endDate', e.currentTarget.value)}
            error={error('endDate')}
            w={{ base: '100%', xs: 220 }}
          />
        )}
      </Stack>
    </Fieldset>
  );
}
