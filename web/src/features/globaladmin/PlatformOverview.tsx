import { Badge, Box, Button, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDate } from '../../components/format';
import { SectionError, SectionLoading } from '../../components/SectionState';
import { usePlatformOverview, type ChoirUsage, type PlatformOverview as Overview } from './api';
import { SignInChart } from './SignInChart';

/** How many choirs the usage table shows before "Show all". */
const FIRST_ROWS = 20;

/** formatBytes: '512 B', '1.5 KB', '25 MB', '3.2 GB'. */
export function formatBytes(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${u === 0 ? v : Number(v.toFixed(1))} ${units[u]}`;
}

/**
 * PlatformOverviewSections shows the platform at a glance: how many choirs
 * there are and which ones have gone quiet, sign-ins per day, email and
 * storage per choir, and which liturgical calendars are uploaded.
 */
export function PlatformOverviewSections() {
  const overview = usePlatformOverview();
  if (overview.isPending) return <SectionLoading label="Loading the platform overview" />;
  if (overview.isError)
    return <SectionError title="The platform overview could not be loaded" error={overview.error} onRetry={() => void overview.refetch()} />;
  const o = overview.data;
  return (
    <>
      <Section id="overview-choirs" title="Choirs and members">
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
          <Figure label="Choirs" value={o.choirs} />
          <Figure label="New this month" value={o.newThisMonth} />
          <Figure label="Active in the last 30 days" value={o.active} />
          <Figure label="Sleepy" value={o.sleepy} />
          <Figure label="Members" value={o.members} />
          <Figure label="Storage" value={formatBytes(o.storageBytes)} />
        </SimpleGrid>
        <SleepyChoirs choirs={o.choirList.filter((c) => !c.active)} />
      </Section>
      <Section id="overview-sign-ins" title="Sign-ins per day">
        <SignInChart days={o.signIns} />
      </Section>
      <Section id="overview-usage" title="Email and storage per choir">
        <Text size="sm" maw={720}>
          Emails of the last 30 days. Account emails and reminders that covered several choirs belong to no choir:{' '}
          {o.otherMailSent} sent, {o.otherMailFailed} failed.
        </Text>
        <ChoirUsageTable choirs={o.choirList} />
      </Section>
      <Section id="overview-calendars" title="Calendar types">
        <CalendarTypes overview={o} />
      </Section>
    </>
  );
}

/** Scroll lets a wide table scroll sideways on a phone, by keyboard too (axe: scrollable-region-focusable). */
function Scroll({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box role="region" aria-label={`${label}, scrolls sideways`} tabIndex={0} w="100%" style={{ overflowX: 'auto' }}>
      {children}
    </Box>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

export function Figure({ label, value }: { label: string; value: number | string }) {
  return (
    <div>
      <Text size="xl" fw={700}>
        {value}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </div>
  );
}

function SleepyChoirs({ choirs }: { choirs: ChoirUsage[] }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Sleepy choirs
      </Title>
      <Text size="sm" maw={720}>
        No event and no member signed in for 30 days.
      </Text>
      {choirs.length === 0 ? (
        <Text>Every choir has been active in the last 30 days.</Text>
      ) : (
        <Scroll label="Sleepy choirs">
          <Table aria-label="Sleepy choirs" miw={480}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Choir</Table.Th>
                <Table.Th>Members</Table.Th>
                <Table.Th>Last sign-in</Table.Th>
                <Table.Th>Last event</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {choirs.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{c.name}</Table.Td>
                  <Table.Td>{c.members}</Table.Td>
                  <Table.Td>{c.lastSignInAt ? formatDate(c.lastSignInAt) : 'Never'}</Table.Td>
                  <Table.Td>{c.lastEventAt ? formatDate(c.lastEventAt) : 'None'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Scroll>
      )}
    </Stack>
  );
}

function ChoirUsageTable({ choirs }: { choirs: ChoirUsage[] }) {
  const [all, setAll] = useState(false);
  const byStorage = [...choirs].sort((a, b) => b.storageBytes - a.storageBytes || b.mailSent - a.mailSent);
  const shown = all ? byStorage : byStorage.slice(0, FIRST_ROWS);
  if (choirs.length === 0) return <Text>No choir yet.</Text>;
  return (
    <Stack gap="xs" align="flex-start">
      <Scroll label="Email and storage per choir">
        <Table aria-label="Email and storage per choir" miw={560}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Choir</Table.Th>
              <Table.Th>Members</Table.Th>
              <Table.Th>Emails sent</Table.Th>
              <Table.Th>Emails failed</Table.Th>
              <Table.Th>Storage</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>{c.name}</Table.Td>
                <Table.Td>{c.members}</Table.Td>
                <Table.Td>{c.mailSent}</Table.Td>
                <Table.Td>{c.mailFailed > 0 ? <Text fw={700} span>{c.mailFailed}</Text> : 0}</Table.Td>
                <Table.Td>{formatBytes(c.storageBytes)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Scroll>
      {choirs.length > FIRST_ROWS && (
        <Button variant="subtle" size="xs" onClick={() => setAll(!all)}>
          {all ? `Show the first ${FIRST_ROWS}` : `Show all ${choirs.length} choirs`}
        </Button>
      )}
    </Stack>
  );
}

function CalendarTypes({ overview }: { overview: Overview }) {
  return (
    <Scroll label="Calendar types">
      <Table aria-label="Calendar types" miw={480}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Calendar</Table.Th>
            <Table.Th>Feasts</Table.Th>
            <Table.Th>Choirs</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {overview.calendarTypes.map((t) => (
            <Table.Tr key={t.key}>
              <Table.Td>{t.name}</Table.Td>
              <Table.Td>
                {t.uploaded ? (
                  <Badge variant="default" tt="none">
                    Uploaded
                  </Badge>
                ) : (
                  <Text size="sm">Not uploaded</Text>
                )}
              </Table.Td>
              <Table.Td>{t.choirs}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Scroll>
  );
}
