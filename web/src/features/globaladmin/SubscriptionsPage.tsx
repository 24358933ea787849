import { Alert, Badge, Box, Paper, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useBillingPlans, type SubscriptionPlan } from '../../app/billing';
import { reportFailure } from '../../app/errors';
import { notify } from '../../app/notify';
import { PageHeader } from '../../components/PageHeader';
import { SectionError, SectionLoading } from '../../components/SectionState';
import { useChoirSubscriptions, useSetChoirComped, type ChoirSubscription, type ChoirSubscriptionList } from './api';
import { Figure, formatBytes } from './PlatformOverview';

export const BILLING_OFF =
  'Billing is off on this server: every choir is unlimited and nothing is charged, so there are no subscriptions to manage.';

/** formatDollars: 1710 cents is '$17.10'. */
export function formatDollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** standingText says where a choir stands, in the words of the page. */
export function standingText(c: ChoirSubscription): string {
  switch (c.standing) {
    case 'trial':
      if (c.trialDaysLeft === undefined) return 'Trial, paid for';
      return c.trialDaysLeft === 1 ? 'Trial, 1 day left' : `Trial, ${c.trialDaysLeft} days left`;
    case 'active':
      return 'Active';
    case 'past_due':
      return 'Past due';
    case 'read_only':
      return 'Read-only';
    case 'free':
      return 'Free';
    default:
      return 'No subscription yet';
  }
}

const standingColor: Record<string, string> = {
  trial: 'blue',
  active: 'teal',
  past_due: 'orange',
  read_only: 'red',
  free: 'grape',
};

/**
 * SubscriptionsPage (/dashboard/global-admin/subscriptions, admin:global):
 * every choir's plan and standing, what it uses against its plan's limits and
 * what it pays, the monthly revenue, and a "free of charge" switch per choir.
 * On a self-hosted server (billing off) it says there is nothing to manage.
 */
export function SubscriptionsPage() {
  const list = useChoirSubscriptions();
  return (
    <Stack gap="lg">
      <PageHeader title="Subscriptions" />
      {list.isPending ? (
        <SectionLoading label="Loading the subscriptions" />
      ) : list.isError ? (
        <SectionError title="The subscriptions could not be loaded" error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data.enabled ? (
        <Alert color="gray" title="Billing is off">
          {BILLING_OFF}
        </Alert>
      ) : (
        <Subscriptions list={list.data} />
      )}
    </Stack>
  );
}

function Subscriptions({ list }: { list: ChoirSubscriptionList }) {
  const plans = useBillingPlans();
  const count = (state: ChoirSubscription['standing']) => list.choirs.filter((c) => c.standing === state).length;
  return (
    <>
      <Paper withBorder p="md" component="section" aria-labelledby="subscriptions-figures">
        <Stack gap="md">
          <Title order={2} size="h3" id="subscriptions-figures">
            At a glance
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
            <Figure label="Monthly revenue" value={formatDollars(list.monthlyRevenueCents)} />
            <Figure label="Paying" value={count('active')} />
            <Figure label="In trial" value={count('trial')} />
            <Figure label="Past due" value={count('past_due')} />
            <Figure label="Read-only" value={count('read_only')} />
            <Figure label="Free of charge" value={count('free')} />
          </SimpleGrid>
          <Text size="sm" c="dimmed" maw={720}>
            Revenue counts active and past-due choirs (Stripe is still retrying their payment), after the 10 % multi-choir
            discount of each additional choir of the same payer.
          </Text>
        </Stack>
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="subscriptions-choirs">
        <Stack gap="md">
          <Title order={2} size="h3" id="subscriptions-choirs">
            Choirs
          </Title>
          <Text size="sm" c="dimmed" maw={720}>
            Members count active members and pending invitations, as the plan&apos;s limit does. A choir free of charge never
            meets a limit and never becomes read-only.
          </Text>
          {list.choirs.length === 0 ? (
            <Text>No choir has been created yet.</Text>
          ) : (
            <Box role="region" aria-label="Choirs, scrolls sideways" tabIndex={0} w="100%" style={{ overflowX: 'auto' }}>
              <Table aria-label="Choirs and their subscriptions" miw={860} verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Choir</Table.Th>
                    <Table.Th>Plan</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Members</Table.Th>
                    <Table.Th>Storage</Table.Th>
                    <Table.Th>Monthly price</Table.Th>
                    <Table.Th>Free of charge</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.choirs.map((c) => (
                    <ChoirRow key={c.choirId} choir={c} plans={plans.data?.plans ?? []} />
                  ))}
                </Table.Tbody>
              </Table>
            </Box>
          )}
        </Stack>
      </Paper>
    </>
  );
}

function ChoirRow({ choir: c, plans }: { choir: ChoirSubscription; plans: SubscriptionPlan[] }) {
  const setComped = useSetChoirComped();
  const planName = plans.find((p) => p.id === c.plan)?.name ?? c.plan ?? 'None';
  async function toggle(comped: boolean) {
    try {
      await setComped.submit({ choirId: c.choirId, comped });
      notify.success(comped ? `${c.choirName} is now free of charge` : `${c.choirName} is charged again`);
    } catch (err) {
      reportFailure(err, 'The choir could not be changed');
    }
  }
  return (
    <Table.Tr>
      <Table.Td>{c.choirName}</Table.Td>
      <Table.Td>{planName}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={standingColor[c.standing ?? ''] ?? 'gray'} style={{ textTransform: 'none' }}>
          {standingText(c)}
        </Badge>
      </Table.Td>
      <Table.Td>{c.memberLimit === undefined ? c.members : `${c.members} of ${c.memberLimit}`}</Table.Td>
      <Table.Td>
        {c.storageLimitBytes === undefined
          ? formatBytes(c.storageBytes)
          : `${formatBytes(c.storageBytes)} of ${formatBytes(c.storageLimitBytes)}`}
      </Table.Td>
      <Table.Td>
        {formatDollars(c.monthlyPriceCents)}
        {c.discounted && (
          <Text component="span" size="sm" c="dimmed">
            {' '}
            (10 % off)
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Switch
          checked={c.comped}
          disabled={setComped.submitting}
          onChange={(e) => void toggle(e.currentTarget.checked)}
          label="Free of charge"
          aria-label={`Free of charge: ${c.choirName}`}
        />
      </Table.Td>
    </Table.Tr>
  );
}
