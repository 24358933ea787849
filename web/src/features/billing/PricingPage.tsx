import { Anchor, Badge, Box, Card, Container, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useBillingPlans, type SubscriptionPlan } from '../../app/billing';
import { buttonColor, linkColor } from '../../app/theme';
import { RetryAlert } from '../../components/ErrorAlert';
import { LoadingView } from '../../components/LoadingView';

export const SELF_HOSTED =
  'This Cantica server is self-hosted: every choir has every feature, with no plans, no limits and nothing to pay.';

// The commercial facts of accounts spec §1.
const commercialFacts = [
  '30-day free trial on every plan, and no card needed to start.',
  'No setup fees. Cancel or switch plans anytime.',
  "We'll remind you 3 days before your trial ends.",
];

/**
 * PricingPage is /pricing (accounts §2.2): the server's plans where billing is
 * on; on a self-hosted server, a sentence saying there is nothing to pay.
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
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
              {billing.data.plans.map((plan) => (
                <PlanCard key={plan.id} plan={plan} />
              ))}
            </SimpleGrid>
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

/** PlanCard is one plan of the fallback cards (accounts §2.14): what it costs and holds. */
function PlanCard({ plan }: { plan: SubscriptionPlan }) {
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
      </Stack>
    </Card>
  );
}
