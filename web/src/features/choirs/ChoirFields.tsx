import { Loader, NativeSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMemo } from 'react';
import { RetryAlert } from '../../components/ErrorAlert';
import { useAffiliations, useCountries } from './api';
import {
  CHOIR_TYPE_PLACEHOLDER,
  choirTypeOptions,
  isChoirType,
  selectChoirType,
  TRADITION_PLACEHOLDER,
  traditionLabel,
  traditions,
  type ChoirTypeSelection,
} from './choirType';
import { browserTimeZone, timeZoneOptions } from './timeZones';
import type { ChoirDetailsValues } from './validation';

export const AFFILIATIONS_LOAD_ERROR = 'Failed to load choir type options. Please try again.';
export const COUNTRIES_LOAD_ERROR = 'Failed to load the list of countries. Please try again.';

/** Everything the choir creation form holds. */
export interface ChoirFormValues extends ChoirDetailsValues, ChoirTypeSelection {}

/** emptyChoirValues starts a new choir in the browser's time zone. */
export function emptyChoirValues(): ChoirFormValues {
  return {
    name: '',
    city: '',
    postcode: '',
    country: null,
    timeZone: browserTimeZone(),
    choirType: null,
    religiousAffiliationId: null,
  };
}

export interface ChoirDetailsFieldsProps {
  form: UseFormReturnType<ChoirDetailsValues>;
  disabled?: boolean;
}

/** ChoirDetailsFields: name, city, postal code, country and time zone of a choir. */
export function ChoirDetailsFields({ form, disabled }: ChoirDetailsFieldsProps) {
  const countries = useCountries();
  const { timeZone } = form.getValues();
  const zones = useMemo(() => timeZoneOptions(timeZone), [timeZone]);
  const country = form.getInputProps('country');

  return (
    <Stack gap="md">
      <TextInput
        label="Choir name"
        required
        autoComplete="organization"
        {...form.getInputProps('name')}
        disabled={disabled}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="City" autoComplete="address-level2" {...form.getInputProps('city')} disabled={disabled} />
        <TextInput
          label="Postal code/ZIP"
          autoComplete="postal-code"
          {...form.getInputProps('postcode')}
          disabled={disabled}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label="Country"
          required
          searchable
          clearable
          placeholder={countries.isPending ? 'Loading countries...' : 'Select a country'}
          nothingFoundMessage="No matching country"
          data={countries.data ?? []}
          {...country}
          error={country.error ?? (countries.isError ? COUNTRIES_LOAD_ERROR : undefined)}
          disabled={disabled}
          autoComplete="off"
        />
        <Select
          label="Time zone"
          required
          searchable
          allowDeselect={false}
          nothingFoundMessage="No matching time zone"
          data={zones}
          {...form.getInputProps('timeZone')}
          disabled={disabled}
          autoComplete="off"
        />
      </SimpleGrid>
    </Stack>
  );
}

export interface ChoirTypeFieldsProps {
  /** The affiliation's message shows under the tradition when faith-based, else under the type. */
  form: UseFormReturnType<ChoirTypeSelection>;
  disabled?: boolean;
  /** The text shown when the affiliations cannot be loaded; AFFILIATIONS_LOAD_ERROR by default. */
  loadErrorMessage?: (error: unknown) => string;
}

/**
 * ChoirTypeFields: the primary choir type and, for faith-based choirs, the
 * specific tradition/denomination (accounts §4.11, §5).
 */
export function ChoirTypeFields({ form, disabled, loadErrorMessage }: ChoirTypeFieldsProps) {
  const affiliations = useAffiliations();

  if (affiliations.isError) {
    return (
      <RetryAlert onRetry={() => void affiliations.refetch()}>
        {loadErrorMessage ? loadErrorMessage(affiliations.error) : AFFILIATIONS_LOAD_ERROR}
      </RetryAlert>
    );
  }

  // A change of type sets the affiliation too, which clears the message about it.
  function select(next: ChoirTypeSelection) {
    form.setFieldValue('choirType', next.choirType);
    form.setFieldValue('religiousAffiliationId', next.religiousAffiliationId);
  }

  const value = form.getValues();
  const error = form.errors.religiousAffiliationId;
  const list = affiliations.data ?? [];
  const loading = affiliations.isPending;
  const typeData = [{ value: '', label: CHOIR_TYPE_PLACEHOLDER }, ...choirTypeOptions(list, value.choirType)];
  const faithBased = value.choirType === 'faith_based';

  return (
    <SimpleGrid cols={{ base: 1, sm: faithBased ? 2 : 1 }} spacing="md">
      <NativeSelect
        label="Primary choir type"
        required
        data={typeData}
        value={value.choirType ?? ''}
        onChange={(e) => {
          const next = e.currentTarget.value;
          select(selectChoirType(isChoirType(next) ? next : null, list));
        }}
        error={faithBased ? undefined : error}
        disabled={disabled || loading}
        aria-busy={loading || undefined}
        rightSection={loading ? <Loader size="xs" aria-hidden /> : undefined}
      />
      {faithBased && (
        <NativeSelect
          label="Specific tradition/denomination"
          required
          data={[
            { value: '', label: TRADITION_PLACEHOLDER },
            ...traditions(list).map((a) => ({ value: a.id, label: traditionLabel(a) })),
          ]}
          value={value.religiousAffiliationId ?? ''}
          onChange={(e) => select({ choirType: 'faith_based', religiousAffiliationId: e.currentTarget.value || null })}
          error={error}
          disabled={disabled}
        />
      )}
    </SimpleGrid>
  );
}

export interface ChoirFieldsProps {
  form: UseFormReturnType<ChoirFormValues>;
  disabled?: boolean;
}

/** ChoirFields: every field of a new choir. */
export function ChoirFields({ form, disabled }: ChoirFieldsProps) {
  return (
    <Stack gap="md">
      <ChoirDetailsFields form={form} disabled={disabled} />
      <ChoirTypeFields form={form} disabled={disabled} />
    </Stack>
  );
}
