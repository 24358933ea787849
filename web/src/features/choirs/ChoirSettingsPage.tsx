import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useChoir as useChoirContext } from '../../app/choir';
import { normaliseError } from '../../app/errors';
import { showServerErrors } from '../../app/forms';
import { RetryAlert } from '../../components/ErrorAlert';
import { NoChoirSelected } from '../../components/NoChoirSelected';
import { PlanBillingSection } from '../billing';
import {
  useAffiliations,
  useCalendarTypes,
  useChoir,
  useUpdateChoir,
  useUpdateChoirAffiliation,
  type ChoirDetails,
} from './api';
import { ChoirDetailsFields, ChoirTypeFields } from './ChoirFields';
import { selectionOf, type ChoirTypeSelection } from './choirType';
import { causeOf } from './errors';
import { validateAffiliation, validateChoirDetails, type ChoirDetailsValues } from './validation';

export { AFFILIATION_FAILURE_PREFIX, DETAILS_FAILURE_PREFIX } from './api';

/** The affiliation services' read failures (accounts §8). */
export const CHOIR_LOAD_FAILURE_PREFIX = 'Failed to fetch choir affiliation details';
export const AFFILIATIONS_LOAD_FAILURE_PREFIX = 'Failed to fetch religious affiliations';

const failure = (prefix: string) => (error: unknown) => `${prefix}: ${normaliseError(error).message}`;

const SECTION_PADDING = { base: 'md', sm: 'xl' } as const;

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
          <PlanBillingSection key={`plan-${choir.data.id}`} choirId={choir.data.id} />
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
  const save = useUpdateChoir(choir.id);
  const form = useForm<ChoirDetailsValues>({ initialValues: detailsOf(choir), validate: validateChoirDetails });

  async function onSubmit(values: ChoirDetailsValues) {
    const body = {
      name: values.name.trim(),
      city: values.city.trim(),
      postcode: values.postcode.trim(),
      country: values.country ?? '',
      timeZone: values.timeZone ?? '',
    };
    try {
      await save.submit(body, {
        onSuccess: (saved) => form.setValues(detailsOf(saved)),
        onError: (err) => showServerErrors(form, causeOf(err)),
      });
    } catch {
      // The error toast has said why.
    }
  }

  return (
    <Paper withBorder p={SECTION_PADDING}>
      <form onSubmit={form.onSubmit(onSubmit)} noValidate aria-label="Choir details">
        <Stack gap="md">
          <Title order={2} size="h3">
            Choir details
          </Title>
          <ChoirDetailsFields form={form} />
          <Group justify="flex-end">
            <Button type="submit" loading={save.submitting}>
              Save Details
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function AffiliationSection({ choir }: { choir: ChoirDetails }) {
  const affiliations = useAffiliations();
  const save = useUpdateChoirAffiliation(choir.id);
  const form = useForm<ChoirTypeSelection>({
    initialValues: selectionOf(choir.religiousAffiliationId, affiliations.data ?? []),
    validate: { religiousAffiliationId: validateAffiliation },
  });
  // The saved selection is read from the list of affiliations, which may
  // arrive after the form (nothing can be chosen before it has).
  const { initialize } = form;
  useEffect(() => {
    if (affiliations.data) initialize(selectionOf(choir.religiousAffiliationId, affiliations.data));
  }, [affiliations.data, choir.religiousAffiliationId, initialize]);

  async function onSubmit({ religiousAffiliationId }: ChoirTypeSelection) {
    if (!religiousAffiliationId) return;
    try {
      await save.submit(religiousAffiliationId, {
        // The selection is the saved one again.
        onSuccess: (saved) => form.setValues(selectionOf(saved.religiousAffiliationId, affiliations.data ?? [])),
        onError: (err) => showServerErrors(form, causeOf(err)),
      });
    } catch {
      // The error toast has said why.
    }
  }

  return (
    <Paper withBorder p={SECTION_PADDING}>
      <form onSubmit={form.onSubmit(onSubmit)} noValidate aria-label="Choir focus and tradition">
        <Stack gap="md">
          <Title order={2} size="h3">
            Choir focus and tradition
          </Title>
          <ChoirTypeFields form={form} loadErrorMessage={failure(AFFILIATIONS_LOAD_FAILURE_PREFIX)} />
          <CalendarLine calendarType={choir.calendarType} />
          <Group justify="flex-end">
            <Button type="submit" loading={save.submitting} disabled={affiliations.isPending || affiliations.isError}>
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
