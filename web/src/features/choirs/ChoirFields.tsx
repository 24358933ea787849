import { Loader, NativeSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
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
import type { ChoirDetailsValues, ChoirErrors } from './validation';

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
  values: ChoirDetailsValues;
  errors: ChoirErrors;
  onChange: (patch: Partial<ChoirDetailsValues>) => void;
  disabled?: boolean;
}

/** ChoirDetailsFields: name, city, postal code, country and time zone of a choir. */
export function ChoirDetailsFields({ values, errors, onChange, disabled }: ChoirDetailsFieldsProps) {
  const countries = useCountries();
  const zones = useMemo(() => timeZoneOptions(values.timeZone), [values.timeZone]);

  return (
    <Stack gap="md">
      <TextInput
        label="Choir name"
        required
        autoComplete="organization"
        value={values.name}
        onChange={(e) => onChange({ name: e.currentTarget.value })}
        error={errors.name}
        disabled={disabled}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="City"
          autoComplete="address-level2"
          value={values.city}
          onChange={(e) => onChange({ city: e.currentTarget.value })}
          error={errors.city}
          disabled={disabled}
        />
        <TextInput
          label="Postal code/ZIP"
          autoComplete="postal-code"
          value={values.postcode}
          onChange={(e) => onChange({ postcode: e.currentTarget.value })}
          error={errors.postcode}
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
          value={values.country}
          onChange={(value) => onChange({ country: value })}
          error={errors.country ?? (countries.isError ? COUNTRIES_LOAD_ERROR : undefined)}
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
          value={values.timeZone}
          onChange={(value) => onChange({ timeZone: value })}
          error={errors.timeZone}
          disabled={disabled}
          autoComplete="off"
        />
      </SimpleGrid>
    </Stack>
  );
}

export interface ChoirTypeFieldsProps {
  value: ChoirTypeSelection;
  /** The affiliation message; shown under the tradition when faith-based, else under the type. */
  error?: string;
  onChange: (selection: ChoirTypeSelection) => void;
  disabled?: boolean;
  /** The text shown when the affiliations cannot be loaded; AFFILIATIONS_LOAD_ERROR by default. */
  loadErrorMessage?: (error: unknown) => string;
}

/**
 * ChoirTypeFields: the primary choir type and, for faith-based choirs, the
 * specific tradition/denomination (accounts §4.11, §5).
 */
export function ChoirTypeFields({ value, error, onChange, disabled, loadErrorMessage }: ChoirTypeFieldsProps) {
  const affiliations = useAffiliations();

  if (affiliations.isError) {
    return (
      <RetryAlert onRetry={() => void affiliations.refetch()}>
        {loadErrorMessage ? loadErrorMessage(affiliations.error) : AFFILIATIONS_LOAD_ERROR}
      </RetryAlert>
    );
  }

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
          onChange(selectChoirType(isChoirType(next) ? next : null, list));
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
          onChange={(e) =>
            onChange({ choirType: 'faith_based', religiousAffiliationId: e.currentTarget.value || null })
          }
          error={error}
          disabled={disabled}
        />
      )}
    </SimpleGrid>
  );
}

export interface ChoirFieldsProps {
  values: ChoirFormValues;
  errors: ChoirErrors;
  onChange: (patch: Partial<ChoirFormValues>) => void;
  disabled?: boolean;
}

/** ChoirFields: every field of a new choir. */
export function ChoirFields({ values, errors, onChange, disabled }: ChoirFieldsProps) {
  return (
    <Stack gap="md">
      <ChoirDetailsFields values={values} errors={errors} onChange={onChange} disabled={disabled} />
      <ChoirTypeFields
        value={{ choirType: values.choirType, religiousAffiliationId: values.religiousAffiliationId }}
        error={errors.religiousAffiliationId}
        onChange={onChange}
        disabled={disabled}
      />
    </Stack>
  );
}
