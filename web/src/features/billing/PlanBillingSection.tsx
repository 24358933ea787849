import { Alert, Badge, Button, Group, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router';
import { planById, useBillingPlans, type PlanId, type SubscriptionPlan } from '../../app/billing';
import { RetryAlert } from '../../components/ErrorAlert';
import { formatDate } from '../../components/format';
import { useBillingPortal, useChangePlan, useChoirBilling, useChoirCheckout, type ChoirBilling } from './checkout';

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
 * 'Choose a plan' (Stripe Checkout), 'Change plan' (here, where a plan the
 * choir does not fit is refused) and 'Manage billing' (Stripe's portal: the
 * card, invoices and cancelling).
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
      {!billing.comped && <PlanForm plans={plans} billing={billing} choirId={choirId} />}
    </Stack>
  );
}

/**
 * PlanForm picks a plan. A choir that pays changes its plan here; one that
 * does not yet pays for the chosen plan at Stripe ('Choose a plan'), or,
 * during its trial, tries another plan first ('Change plan').
 */
function PlanForm({ plans, billing, choirId }: { plans: readonly SubscriptionPlan[]; billing: ChoirBilling; choirId: string }) {
  const checkout = useChoirCheckout(choirId);
  const change = useChangePlan(choirId);
  const form = useForm<{ plan: PlanId }>({ initialValues: { plan: billing.plan } });
  const selected = form.getValues().plan;
  const canChange = billing.paid || billing.standing === 'trial';

  async function run(action: () => Promise<unknown>) {
    try {
      await action();
    } catch {
      // The error toast has said why.
    }
  }
  const changePlan = () => run(() => change.submit(selected));
  const onSubmit = ({ plan }: { plan: PlanId }) => run(() => (billing.paid ? change.submit(plan) : checkout.submit(plan)));
  const changeButton = (
    <Button
      type={billing.paid ? 'submit' : 'button'}
      variant={billing.paid ? 'filled' : 'default'}
      disabled={selected === billing.plan}
      loading={change.submitting}
      onClick={billing.paid ? undefined : () => void changePlan()}
    >
      Change plan
    </Button>
  );

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate aria-label={billing.paid ? 'Change plan' : 'Choose a plan'}>
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
          {billing.paid
            ? 'The new plan applies at once: Stripe charges or credits the difference for the rest of the month. A smaller plan is possible only while the members and files fit it.'
            : canChange
              ? "'Choose a plan' to pay: what is left of the free trial is kept, and the card is charged when it ends. 'Change plan' tries another plan for the rest of the trial. Cancel or switch plans anytime."
              : 'What is left of the free trial is kept: the card is charged when it ends. Cancel or switch plans anytime.'}
        </Text>
        <Group>
          {billing.paid ? (
            changeButton
          ) : (
            <>
              <Button type="submit" loading={checkout.submitting}>
                Choose a plan
              </Button>
              {canChange && changeButton}
            </>
          )}
        </Group>
      </Stack>
    </form>
  );
}
