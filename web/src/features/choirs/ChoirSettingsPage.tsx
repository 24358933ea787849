import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { normaliseError } from '../../app/errors';
import { useFormSubmission } from '../../app/notify';
import { sessionQueryKey } from '../../app/session';
import { RetryAlert } from '../../components/ErrorAlert';
import { NoChoirSelected } from '../../components/NoChoirSelected';
import {
  choirKeys,
  updateChoir,
  updateChoirAffiliation,
  useAffiliations,
  useCalendarTypes,
  useChoir,
  type ChoirDetails,
} from './api';
import { ChoirDetailsFields, ChoirTypeFields } from './ChoirFields';
import { selectionOf, type ChoirTypeSelection } from './choirType';
import { choirFieldErrors, prefixFailure } from './errors';
import { useChoir as useChoirContext } from '../../app/choir';
import {
  hasErrors,
  validateAffiliation,
  validateChoirDetails,
  type ChoirDetailsValues,
  type ChoirErrors,
} from './validation';

export const DETAILS_FAILURE_PREFIX = 'Failed to update choir details';
export const AFFILIATION_FAILURE_PREFIX = 'Failed to update choir affiliation';
/** The affiliation services' read failures (accounts §8). */
export const CHOIR_LOAD_FAILURE_PREFIX = 'Failed to fetch choir affiliation details';
export const AFFILIATIONS_LOAD_FAILURE_PREFIX = 'Failed to fetch religious affiliations';

const failure = (prefix: string) => (error: unknown) => `${prefix}: ${normaliseError(error).message}`;

const SECTION_PADDING = { base: 'md', sm: 'xl' } as const;

/** choirSaved keeps the saved choir and refreshes the session, whose memberships carry choir names. */
function choirSaved(queryClient: QueryClient, choir: ChoirDetails) {
  queryClient.setQueryData(choirKeys.choir(choir.id), choir);
  void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}

/**
 * ChoirSettingsPage (/dashboard/settings/choir) edits the current choir: its
 * details, and separately its focus/tradition, which picks its liturgical calendar.
 */
export function ChoirSettingsPage() {
  const { currentChoir, loading } = useChoirContext();
  const choirId = loading ? null : (currentChoir?.id ?? null);
  const choir = useChoir(choirId);

  return (
    <Stack gap="lg" maw={800}>
      <Title order={1}>Choir Settings</Title>
      {loading || (choirId && choir.isPending) ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>Loading choir settings...</Text>
        </Group>
      ) : !choirId ? (
        <NoChoirSelected />
      ) : choir.isError || !choir.data ? (
        <RetryAlert onRetry={() => void choir.refetch()}>{failure(CHOIR_LOAD_FAILURE_PREFIX)(choir.error)}</RetryAlert>
      ) : (
        <>
          <DetailsSection key={`details-${choir.data.id}`} choir={choir.data} />
          <AffiliationSection key={`affiliation-${choir.data.id}`} choir={choir.data} />
        </>
      )}
    </Stack>
  );
}

function detailsOf(choir: ChoirDetails): ChoirDetailsValues {
  return {
    name: choir.name,
    city: choir.city ?? '',
    postcode: choir.postcode ?? '',
    country: choir.countryCode || null,
    timeZone: choir.timeZone || null,
  };
}

function DetailsSection({ choir }: { choir: ChoirDetails }) {
  const queryClient = useQueryClient();
  const { submit, submitting } = useFormSubmission();
  const [values, setValues] = useState<ChoirDetailsValues>(() => detailsOf(choir));
  const [errors, setErrors] = useState<ChoirErrors>({});

  function change(patch: Partial<ChoirDetailsValues>) {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch) as (keyof ChoirDetailsValues)[]) delete next[key];
      return next;
    });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateChoirDetails(values);
    setErrors(found);
    if (hasErrors(found)) return;
    const body = {
      name: values.name.trim(),
      city: values.city.trim(),
      postcode: values.postcode.trim(),
      country: values.country ?? '',
      timeZone: values.timeZone ?? '',
    };
    try {
      await submit(prefixFailure(DETAILS_FAILURE_PREFIX, () => updateChoir(choir.id, body)), {
        onSuccess: (saved) => {
          setValues(detailsOf(saved));
          choirSaved(queryClient, saved);
        },
        onError: (err) => setErrors(choirFieldErrors(err)),
      });
    } catch {
      // Already shown by the submission flow.
    }
  }

  return (
    <Paper withBorder p={SECTION_PADDING}>
      <form onSubmit={onSubmit} noValidate aria-label="Choir details">
        <Stack gap="md">
          <Title order={2} size="h3">
            Choir details
          </Title>
          <ChoirDetailsFields values={values} errors={errors} onChange={change} />
          <Group justify="flex-end">
            <Button type="submit" loading={submitting}>
              Save Details
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function AffiliationSection({ choir }: { choir: ChoirDetails }) {
  const queryClient = useQueryClient();
  const affiliations = useAffiliations();
  const { submit, submitting } = useFormSubmission();
  // Until the user changes it, the selection is the saved one.
  const [edited, setEdited] = useState<ChoirTypeSelection | null>(null);
  const [error, setError] = useState<string>();
  const selection = edited ?? selectionOf(choir.religiousAffiliationId, affiliations.data ?? []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateAffiliation(selection.religiousAffiliationId);
    setError(found);
    if (found || !selection.religiousAffiliationId) return;
    const id = selection.religiousAffiliationId;
    try {
      await submit(prefixFailure(AFFILIATION_FAILURE_PREFIX, () => updateChoirAffiliation(choir.id, id)), {
        onSuccess: (saved) => {
          setEdited(null);
          choirSaved(queryClient, saved);
        },
        onError: (err) => setError(choirFieldErrors(err).religiousAffiliationId),
      });
    } catch {
      // Already shown by the submission flow.
    }
  }

  return (
    <Paper withBorder p={SECTION_PADDING}>
      <form onSubmit={onSubmit} noValidate aria-label="Choir focus and tradition">
        <Stack gap="md">
          <Title order={2} size="h3">
            Choir focus and tradition
          </Title>
          <ChoirTypeFields
            value={selection}
            error={error}
            onChange={(next) => {
              setEdited(next);
              setError(undefined);
            }}
            loadErrorMessage={failure(AFFILIATIONS_LOAD_FAILURE_PREFIX)}
          />
          <CalendarLine calendarType={choir.calendarType} />
          <Group justify="flex-end">
            <Button type="submit" loading={submitting} disabled={affiliations.isPending || affiliations.isError}>
              Save Affiliation
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** CalendarLine names the choir's liturgical calendar, which its affiliation decides. */
function CalendarLine({ calendarType }: { calendarType: string }) {
  const calendars = useCalendarTypes();
  if (!calendarType) return null;
  const name = calendars.data?.find((c) => c.key === calendarType)?.name ?? (calendars.isPending ? null : calendarType);
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <IconCalendarEvent size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Stack gap={2} miw={0}>
        <Text>
          Liturgical calendar: <strong>{name ?? 'Loading...'}</strong>
        </Text>
        <Text size="sm" c="dimmed">
          This calendar drives the feast-based events of your choir&apos;s calendar. Changing the tradition changes the
          calendar.
        </Text>
      </Stack>
    </Group>
  );
}
