import { Alert, Badge, Button, Group, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router';
import { planById, useBillingPlans, type PlanId, type SubscriptionPlan } from '../../app/billing';
import { RetryAlert } from '../../components/ErrorAlert';
import { formatDate } from '../../components/format';
import { useBillingPortal, useChoirBilling, useChoirCheckout, type ChoirBilling } from './checkout';

export const PLAN_SECTION_TITLE = 'Plan and billing';
export const CHECKOUT_RETURNED = 'Thank you! Stripe is confirming your payment; your plan shows here as soon as it has.';

/** standingLine says in a sentence where the choir stands. */
export function standingLine(b: ChoirBilling): string {
  switch (b.standing) {
    case 'trial': {
      const days = b.trialDaysLeft ?? 0;
      const left = `${days} ${days === 1 ? 'day' : 'days'} left`;
      return b.paid
        ? `Free trial: ${left}. Your card is charged from ${formatDate(b.trialEndsAt)}.`
        : `Free trial: ${left} (until ${formatDate(b.trialEndsAt)}). Choose a plan to keep making changes after the trial.`;
    }
    case 'active':
      return b.currentPeriodEnd ? `Active. The current period ends on ${formatDate(b.currentPeriodEnd)}.` : 'Active.';
    case 'past_due':
      return "The last payment failed. Stripe tries again over the next days: update the card in 'Manage billing' to keep making changes.";
    case 'read_only':
      return 'Read-only: members still see and export everything, but nothing can be changed until a plan is paid.';
    case 'free':
      return 'Free of charge: this choir has every feature, with nothing to pay.';
  }
}

const standingBadge: Record<ChoirBilling['standing'], { label: string; color: string }> = {
  trial: { label: 'Free trial', color: 'blue' },
  active: { label: 'Active', color: 'teal' },
  past_due: { label: 'Payment failed', color: 'orange' },
  read_only: { label: 'Read-only', color: 'red' },
  free: { label: 'Free of charge', color: 'gray' },
};

/**
 * PlanBillingSection is the "Plan and billing" section (#plan) of the choir
 * settings, for administrators, where billing is on: the plan and standing,
 * 'Choose a plan' (Stripe Checkout) and 'Manage billing' (Stripe's portal).
 * A self-hosted server shows nothing.
 */
export function PlanBillingSection({ choirId }: { choirId: string }) {
  const plans = useBillingPlans();
  const enabled = !!plans.data?.enabled;
  const billing = useChoirBilling(choirId, enabled);
  const location = useLocation();
  const section = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const loaded = !!billing.data;
  // The address's #plan (from a read-only message or Stripe's return) is
  // reached only once the section has its height.
  useEffect(() => {
    if (loaded && location.hash === '#plan') section.current?.scrollIntoView?.({ block: 'start' });
  }, [loaded, location.hash]);

  if (!enabled) return null;
  const returned = new URLSearchParams(location.search).get('checkout') === 'success';
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} id="plan" ref={section} component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={2} size="h3" id={titleId}>
          {PLAN_SECTION_TITLE}
        </Title>
        {billing.isPending ? (
          <Text role="status">Loading...</Text>
        ) : billing.isError || !billing.data ? (
          <RetryAlert onRetry={() => void billing.refetch()}>The plan of this choir could not be loaded.</RetryAlert>
        ) : (
          <>
            {returned && !billing.data.paid && <Alert color="teal">{CHECKOUT_RETURNED}</Alert>}
            <PlanStanding billing={billing.data} plans={plans.data?.plans ?? []} choirId={choirId} />
          </>
        )}
      </Stack>
    </Paper>
  );
}

function PlanStanding({ billing, plans, choirId }: { billing: ChoirBilling; plans: readonly SubscriptionPlan[]; choirId: string }) {
  const plan = planById(plans, billing.plan);
  const portal = useBillingPortal(choirId);
  const badge = standingBadge[billing.standing];
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Text fw={700}>{plan ? `${plan.name} · $${plan.monthlyPrice}/month` : billing.plan}</Text>
        <Badge color={badge.color} variant="light">
          {badge.label}
        </Badge>
      </Group>
      <Text>{standingLine(billing)}</Text>
      {billing.canManage && (
        <Group>
          <Button variant="default" loading={portal.submitting} onClick={() => void portal.submit().catch(() => {})}>
            Manage billing
          </Button>
        </Group>
      )}
      {!billing.paid && !billing.comped && <ChoosePlanForm plans={plans} current={billing.plan} choirId={choirId} />}
    </Stack>
  );
}

function ChoosePlanForm({ plans, current, choirId }: { plans: readonly SubscriptionPlan[]; current: PlanId; choirId: string }) {
  const checkout = useChoirCheckout(choirId);
  const form = useForm<{ plan: PlanId }>({ initialValues: { plan: current } });

  async function onSubmit({ plan }: { plan: PlanId }) {
    try {
      await checkout.submit(plan);
    } catch {
      // The error toast has said why.
    }
  }

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate aria-label="Choose a plan">
      <Stack gap="sm">
        <Radio.Group label="Plan" {...form.getInputProps('plan')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mt="xs">
            {plans.map((p) => (
              <Radio
                key={p.id}
                value={p.id}
                label={`${p.name}, $${p.monthlyPrice}/month`}
                description={`Up to ${p.memberLimit} members, ${p.storageLimit} storage`}
              />
            ))}
          </SimpleGrid>
        </Radio.Group>
        <Text size="sm" c="dimmed">
          What is left of the free trial is kept: the card is charged when it ends. Cancel or switch plans anytime.
        </Text>
        <Group>
          <Button type="submit" loading={checkout.submitting}>
            Choose a plan
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
