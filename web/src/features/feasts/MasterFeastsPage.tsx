import {
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { reportFailure } from '../../app/errors';
import { SEARCH_MAX_LENGTH } from '../../app/forms';
import { notify } from '../../app/notify';
import { linkColor } from '../../app/theme';
import { ConfirmModal } from '../../components/ConfirmModal';
import { SectionError, SectionLoading } from '../../components/SectionState';
import { useMasterFeasts, useSetMasterFeastActive, type CalendarType, type MasterFeast } from './api';
import { CalendarTypePicker } from './CalendarTypePicker';
import { CALENDAR_TYPE_PARAM } from './calendarTypes';
import { EditMasterFeastModal, FEAST_MESSAGES } from './EditMasterFeastModal';
import { formatFeastDate, plural } from './format';
import { MOBILE_QUERY } from '../../components/phone';


/** How long the search waits for typing to pause before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

export const CALENDAR_IMPORT_PATH = '/dashboard/global-admin/calendar-import';

/** calendarImportLink opens the Calendar Import page on a calendar type. */
export function calendarImportLink(calendarType: string): string {
  return `${CALENDAR_IMPORT_PATH}?${new URLSearchParams({ [CALENDAR_TYPE_PARAM]: calendarType })}`;
}

/** ranksOf lists the distinct ranks of a calendar's feasts, for suggestions. */
export function ranksOf(feasts: readonly MasterFeast[]): string[] {
  return [...new Set(feasts.map((f) => f.rank).filter(Boolean))].sort((a, b) => a.localeCompare(b));
}

/**
 * MasterFeastsPage (/dashboard/global-admin/master-feasts, admin:global) lists
 * the master feasts of one calendar type — roman_1962_extraordinary unless
 * another is chosen — and lets a global admin correct names and ranks and
 * deactivate or activate feasts.
 */
export function MasterFeastsPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>Master Feasts</Title>
      <Text c="dimmed" maw={720}>
        The feasts of each liturgical calendar, as choirs see them. Corrected names and ranks are kept when the calendar
        is generated again; a deactivated feast leaves the calendars of every choir that follows it.
      </Text>
      <CalendarTypePicker>{(type) => <MasterFeastList calendarType={type} />}</CalendarTypePicker>
    </Stack>
  );
}

function MasterFeastList({ calendarType }: { calendarType: CalendarType }) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const feasts = useMasterFeasts(calendarType.key, q);
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [editing, setEditing] = useState<MasterFeast | null>(null);
  const [deactivating, setDeactivating] = useState<MasterFeast | null>(null);
  const activation = useSetMasterFeastActive();
  const busyId = activation.submitting ? (activation.variables?.id ?? null) : null;
  const ranks = useMemo(() => ranksOf(feasts.data ?? []), [feasts.data]);

  async function setActive(feast: MasterFeast, active: boolean) {
    try {
      await activation.submit(
        { id: feast.id, active },
        {
          onSuccess: (saved) => {
            notify.success(`${saved.defaultName} ${saved.active ? 'activated' : 'deactivated'}`);
            setDeactivating(null);
          },
          onError: (err) => reportFailure(err, FEAST_MESSAGES.saveFailed),
        },
      );
    } catch {
      // Said above.
    }
  }

  const actions: FeastActions = {
    busyId,
    edit: setEditing,
    toggle: (feast) => (feast.active ? setDeactivating(feast) : void setActive(feast, true)),
  };

  return (
    <Stack gap="md">
      <TextInput
        label="Search"
        placeholder="Name or key"
        type="search"
        maxLength={SEARCH_MAX_LENGTH}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        style={{ maxWidth: 560 }}
      />
      {feasts.isPending ? (
        <SectionLoading label="Loading feasts" />
      ) : feasts.isError ? (
        <SectionError title="Could not load the feasts" error={feasts.error} onRetry={() => void feasts.refetch()} />
      ) : feasts.data.length === 0 ? (
        q ? (
          <Text>No feasts match “{q}”.</Text>
        ) : (
          <Text>
            {calendarType.name} has no feasts yet.{' '}
            <Anchor component={Link} to={calendarImportLink(calendarType.key)} c={linkColor}>
              Import or generate them on the Calendar Import page
            </Anchor>
            .
          </Text>
        )
      ) : (
        // While a new search loads, the last answer stays, dimmed.
        <Stack gap="md" aria-busy={feasts.isPlaceholderData} style={{ opacity: feasts.isPlaceholderData ? 0.6 : 1 }}>
          <Text size="sm" c="dimmed" aria-live="polite">
            {feasts.isPlaceholderData
              ? 'Searching...'
              : q
                ? `${plural(feasts.data.length, 'feast')} matching “${q}”`
                : plural(feasts.data.length, 'feast')}
          </Text>
          {isMobile ? (
            <FeastCards feasts={feasts.data} actions={actions} />
          ) : (
            <FeastTable feasts={feasts.data} actions={actions} />
          )}
        </Stack>
      )}
      <EditMasterFeastModal feast={editing} ranks={ranks} onClose={() => setEditing(null)} />
      <ConfirmModal
        opened={deactivating !== null}
        title={`Deactivate ${deactivating?.defaultName ?? 'feast'}?`}
        confirmLabel="Deactivate"
        busy={busyId !== null}
        onConfirm={() => deactivating && void setActive(deactivating, false)}
        onClose={() => setDeactivating(null)}
      >
        It will no longer show in the calendars of choirs that follow {calendarType.name}. You can activate it again at
        any time.
      </ConfirmModal>
    </Stack>
  );
}

interface FeastActions {
  /** The feast whose activation is being saved. */
  busyId: string | null;
  edit: (feast: MasterFeast) => void;
  toggle: (feast: MasterFeast) => void;
}

function FeastTable({ feasts, actions }: { feasts: MasterFeast[]; actions: FeastActions }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Master feasts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Key</Table.Th>
            <Table.Th>Rank</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Next date</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {feasts.map((feast) => (
            <Table.Tr key={feast.id}>
              <Table.Td fw={600} style={{ overflowWrap: 'anywhere' }}>
                {feast.defaultName}
              </Table.Td>
              <Table.Td>
                <Code>{feast.feastKey}</Code>
              </Table.Td>
              <Table.Td>{feast.rank}</Table.Td>
              <Table.Td>{feast.type}</Table.Td>
              <Table.Td>
                <NextDate feast={feast} />
              </Table.Td>
              <Table.Td>
                <FeastStatus feast={feast} />
              </Table.Td>
              <Table.Td>
                <FeastButtons feast={feast} actions={actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function FeastCards({ feasts, actions }: { feasts: MasterFeast[]; actions: FeastActions }) {
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Master feasts">
      {feasts.map((feast) => (
        <Paper component="li" key={feast.id} withBorder p="sm" aria-label={feast.defaultName}>
          <Stack gap={6}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {feast.defaultName}
            </Text>
            <Text size="sm">
              <Code>{feast.feastKey}</Code>
            </Text>
            <Text size="sm">
              Rank: {feast.rank}
              {feast.type ? ` · Type: ${feast.type}` : ''}
            </Text>
            <Text size="sm">
              Next date: <NextDate feast={feast} />
            </Text>
            <FeastStatus feast={feast} />
            <FeastButtons feast={feast} actions={actions} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function NextDate({ feast }: { feast: MasterFeast }) {
  if (!feast.nextDate) {
    return (
      <Text span size="sm" c="dimmed">
        None
      </Text>
    );
  }
  return <time dateTime={feast.nextDate}>{formatFeastDate(feast.nextDate)}</time>;
}

function FeastStatus({ feast }: { feast: MasterFeast }) {
  return (
    <Group gap={6}>
      {feast.active ? (
        <Badge color="teal.9" variant="outline">
          Active
        </Badge>
      ) : (
        <Badge color="gray.7" variant="outline">
          Inactive
        </Badge>
      )}
      {feast.edited && (
        <Badge color="blue.9" variant="outline" title="Name or rank corrected by hand or by an import">
          Edited
        </Badge>
      )}
    </Group>
  );
}

function FeastButtons({ feast, actions }: { feast: MasterFeast; actions: FeastActions }) {
  const toggleLabel = feast.active ? 'Deactivate' : 'Activate';
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <Button size="xs" variant="default" aria-label={`Edit ${feast.defaultName}`} onClick={() => actions.edit(feast)}>
        Edit
      </Button>
      <Button
        size="xs"
        variant="default"
        aria-label={`${toggleLabel} ${feast.defaultName}`}
        loading={actions.busyId === feast.id}
        disabled={actions.busyId !== null && actions.busyId !== feast.id}
        onClick={() => actions.toggle(feast)}
      >
        {toggleLabel}
      </Button>
    </Group>
  );
}
