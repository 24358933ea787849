import { Anchor, Badge, Box, Button, Card, Collapse, Container, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { SELF_HOSTED, useBillingPlans, type BillingPlans, type PlanId, type SubscriptionPlan } from '../../app/billing';
import { useChoir } from '../../app/choir';
import { buttonColor, linkColor } from '../../app/theme';
import { RetryAlert } from '../../components/ErrorAlert';
import { LoadingView } from '../../components/LoadingView';
import { StripePricingTable, type PricingTableState } from '../../components/StripePricingTable';
import { recordPlan } from '../onboarding';
import { useChoirCheckout } from './checkout';
import { PLAN_URL, useChoirStanding } from './StandingBanners';

export { SELF_HOSTED };

// The commercial facts of accounts spec §1.
const commercialFacts = [
  '30-day free trial on every plan, and no card needed to start.',
  'No setup fees. Cancel or switch plans anytime.',
  "We'll remind you 3 days before your trial ends.",
];

/** The plan step's words for the cards beside the provider's table (accounts §2.14). */
export const ALTERNATIVE_PRICING = 'Having trouble? Click here for alternative pricing options';

/**
 * PricingPage is /pricing (accounts §2.2): where billing is on, the payment
 * provider's pricing table when the server has one and its script loads, with
 * the server's plan cards folded beneath it; the cards alone otherwise
 * (accounts §8). On a self-hosted server, a sentence saying there is nothing
 * to pay.
 */
export function PricingPage() {
  const billing = useBillingPlans();
  if (billing.isPending) return <LoadingView />;
  return (
    <Container size="lg" py="xl" px={{ base: 'xs', xs: 'md' }} miw={320}>
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>Pricing</Title>
          {billing.data?.enabled && <Text c="dimmed">Pick the plan that fits the size of your choir.</Text>}
        </Stack>
        {billing.isError && <RetryAlert onRetry={() => void billing.refetch()}>The plans could not be loaded.</RetryAlert>}
        {billing.data && !billing.data.enabled && <Text>{SELF_HOSTED}</Text>}
        {billing.data?.enabled && (
          <>
            <PlansWithTable plans={billing.data.plans} table={billing.data.pricingTable} />
            <List center spacing="xs" icon={<IconCheck size={16} aria-hidden color="var(--mantine-color-teal-7)" />}>
              {commercialFacts.map((fact) => (
                <List.Item key={fact}>{fact}</List.Item>
              ))}
            </List>
          </>
        )}
        <Anchor component={Link} to="/dashboard" c={linkColor} underline="always">
          Back to the dashboard
        </Anchor>
      </Stack>
    </Container>
  );
}

/**
 * PlansWithTable shows the provider's pricing table, if there is one, above the
 * plan cards: folded once the table has loaded, shown whenever it has not.
 */
function PlansWithTable({ plans, table }: { plans: SubscriptionPlan[]; table?: BillingPlans['pricingTable'] }) {
  const { user, currentChoir, choirs, can } = useChoir();
  // The choir a checkout from here pays for: the current one, when the user manages it.
  const choirId = currentChoir && can('manage:choir') ? currentChoir.id : undefined;
  const standing = useChoirStanding(choirId ?? null);
  const [tableState, setTableState] = useState<PricingTableState>(table ? 'loading' : 'failed');
  const [cardsOpen, cards] = useDisclosure(false);
  // A choir Stripe already bills changes its plan in Plan and billing: a
  // checkout from here would be a second subscription, charged as well.
  if (currentChoir && standing.data?.billed) {
    return (
      <Stack gap="md">
        <Text>
          {`${currentChoir.name} already pays for the ${standing.data.planName ?? 'current'} plan. To switch plans, use 'Change plan' in `}
          <Anchor component={Link} to={PLAN_URL} c={linkColor} underline="always">
            Plan and billing
          </Anchor>
          .
        </Text>
        <PlanCards
          plans={plans}
          action={(plan) =>
            plan.id === standing.data.plan ? (
              <Button disabled fullWidth>
                Your plan
              </Button>
            ) : (
              <Button component={Link} to={PLAN_URL} variant={plan.recommended ? 'filled' : 'default'} fullWidth>
                {`Change to ${plan.name}`}
              </Button>
            )
          }
        />
      </Stack>
    );
  }
  const grid = (
    <PlanCards
      plans={plans}
      action={(plan) =>
        choirId ? (
          <CheckoutButton choirId={choirId} plan={plan} />
        ) : (
          <Button
            component={Link}
            // A new choir: the wizard for a first one, the creation page for another.
            to={choirs.length > 0 ? '/choirs/create' : '/choir-registration'}
            onClick={() => recordPlan(plan.id)}
            variant={plan.recommended ? 'filled' : 'default'}
            fullWidth
          >
            {`Start with ${plan.name}`}
          </Button>
        )
      }
    />
  );
  return (
    <>
      {/* Only once it is known that Stripe bills no subscription for the choir yet. */}
      {table && !(choirId && standing.isPending) && (
        <StripePricingTable
          pricingTableId={table.pricingTableId}
          publishableKey={table.publishableKey}
          customerEmail={user?.email}
          clientReferenceId={choirId}
          onStateChange={setTableState}
        />
      )}
      {tableState === 'loaded' ? (
        <Stack gap="md">
          <Button variant="subtle" onClick={cards.toggle} aria-expanded={cardsOpen} aria-controls="alternative-pricing" style={{ alignSelf: 'center' }}>
            {ALTERNATIVE_PRICING}
          </Button>
          <Collapse expanded={cardsOpen} id="alternative-pricing">
            {grid}
          </Collapse>
        </Stack>
      ) : (
        grid
      )}
    </>
  );
}

/** CheckoutButton pays for plan for the administrator's current choir at Stripe Checkout. */
function CheckoutButton({ choirId, plan }: { choirId: string; plan: SubscriptionPlan }) {
  const checkout = useChoirCheckout(choirId);
  return (
    <Button
      loading={checkout.submitting}
      onClick={() => void checkout.submit(plan.id as PlanId).catch(() => {})}
      variant={plan.recommended ? 'filled' : 'default'}
      fullWidth
    >
      {`Choose ${plan.name}`}
    </Button>
  );
}

/** PlanCards are the plans' cards, each with the way to take it. */
function PlanCards({ plans, action }: { plans: SubscriptionPlan[]; action: (plan: SubscriptionPlan) => ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
      {plans.map((plan) => (
        <PlanCard key={plan.id} plan={plan}>
          {action(plan)}
        </PlanCard>
      ))}
    </SimpleGrid>
  );
}

/** PlanCard is one plan of the fallback cards (accounts §2.14): what it costs and holds, and how to take it. */
function PlanCard({ plan, children }: { plan: SubscriptionPlan; children: ReactNode }) {
  return (
    <Card
      component="section"
      aria-labelledby={`plan-${plan.id}`}
      withBorder
      radius="md"
      padding="lg"
      data-plan={plan.id}
      style={plan.recommended ? { borderColor: buttonColor, borderWidth: 2 } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h3" id={`plan-${plan.id}`}>
            {plan.name}
          </Title>
          {plan.recommended && (
            <Badge variant="filled" size="sm">
              MOST POPULAR
            </Badge>
          )}
        </Group>
        <Box>
          <Text component="span" fz={32} fw={800} lh={1.2}>
            {`$${plan.monthlyPrice}`}
          </Text>
          <Text component="span" size="sm">
            /month
          </Text>
        </Box>
        <Text size="sm">{plan.description}</Text>
        <List spacing={4} size="sm" center icon={<IconCheck size={16} aria-hidden color="var(--mantine-color-teal-7)" />}>
          {plan.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        {children}
      </Stack>
    </Card>
  );
}
