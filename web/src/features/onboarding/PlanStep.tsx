import { Anchor, Badge, Box, Button, Collapse, Group, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { notify } from '../../app/notify';
import { buttonColor, linkColor } from '../../app/theme';
import { planById, type PlanId, type SubscriptionPlan } from '../../app/billing';
import { useWizardCheckout } from '../billing';
import { isCheckoutInitiated, markPendingCheckout, recordPlan } from './storage';

export const PLAN_REQUIRED = 'Please select a plan to continue';
export const FALLBACK_TOGGLE = 'Having trouble? Click here for alternative pricing options';
export const PAYMENT_CONFIRMED = 'Payment confirmed! Setting up your choir...';

/** The plan's size word, as the checkout toast names it (Small, Medium, Large). */
function sizeName(plan: PlanId): string {
  return plan.charAt(0).toUpperCase() + plan.slice(1);
}

export function redirectingMessage(plan: PlanId): string {
  return `Redirecting to checkout for ${sizeName(plan)} plan...`;
}

export interface PlanStepProps {
  /** The server's plans (accounts §9). */
  plans: readonly SubscriptionPlan[];
  plan: PlanId | null;
  onPlanChange: (plan: PlanId) => void;
  onBack: () => void;
  /** Moves the wizard on to the choir step. */
  onContinue: () => void;
}

/**
 * PlanStep is the plan selection step of accounts §2.14 and §4.11, shown only
 * where billing is on: it sends the user to checkout, or goes on once
 * checkout was initiated.
 */
export function PlanStep({ plans, plan, onPlanChange, onBack, onContinue }: PlanStepProps) {
  const checkout = useWizardCheckout();
  const [fallbackOpen, setFallbackOpen] = useState(true);
  const [error, setError] = useState<string>();
  const fallbackId = useId();
  const checkoutInitiated = isCheckoutInitiated();
  const buttonLabel = checkoutInitiated ? 'Continue Setup' : 'Proceed to Checkout';

  function choose(value: string) {
    const chosen = planById(plans, value);
    if (!chosen) return;
    setError(undefined);
    recordPlan(chosen.id);
    onPlanChange(chosen.id);
  }

  function proceed() {
    if (!plan) {
      setError(PLAN_REQUIRED);
      return;
    }
    if (checkoutInitiated) {
      notify.success(PAYMENT_CONFIRMED);
      onContinue();
      return;
    }
    recordPlan(plan);
    markPendingCheckout();
    notify.info(redirectingMessage(plan));
    // Stripe Checkout, which comes back to the wizard (OnboardingWizard).
    checkout.submit(plan).catch(() => {
      // The error toast has said why; the step stays for another try.
    });
  }

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Choose your plan
      </Title>
      <Text>30-day free trial on every plan, and no card needed to start. No setup fees. Cancel or switch plans anytime.</Text>

      <Box>
        <Anchor
          component="button"
          type="button"
          c={linkColor}
          onClick={() => setFallbackOpen((o) => !o)}
          aria-expanded={fallbackOpen}
          aria-controls={fallbackId}
          fw={500}
        >
          {FALLBACK_TOGGLE}
        </Anchor>
        <Collapse expanded={fallbackOpen} id={fallbackId} mt="sm">
          <Radio.Group
            label="Plan"
            value={plan ?? ''}
            onChange={choose}
            error={error}
          >
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" mt="xs">
              {plans.map((p) => (
                <PlanCard key={p.id} plan={p} selected={p.id === plan} />
              ))}
            </SimpleGrid>
          </Radio.Group>
        </Collapse>
      </Box>

      <Group justify="space-between" gap="sm">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button onClick={proceed} loading={checkout.submitting}>
          {buttonLabel}
        </Button>
      </Group>
    </Stack>
  );
}

function PlanCard({ plan, selected }: { plan: SubscriptionPlan; selected: boolean }) {
  const nameId = useId();
  const badgeId = useId();
  const detailsId = useId();
  return (
    <Radio.Card
      value={plan.id}
      p="md"
      radius="md"
      aria-labelledby={plan.recommended ? `${nameId} ${badgeId}` : nameId}
      aria-describedby={detailsId}
      data-plan={plan.id}
      style={selected ? { borderColor: buttonColor, borderWidth: 2 } : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="wrap">
          <Text component="span" fw={700} size="lg" id={nameId}>
            {plan.name}
          </Text>
          {plan.recommended && (
            <Badge variant="filled" size="sm" id={badgeId}>
              MOST POPULAR
            </Badge>
          )}
        </Group>
        <Radio.Indicator aria-hidden />
      </Group>
      <Box id={detailsId} mt="xs">
        <Text component="span" display="block" fz={28} fw={800} lh={1.2}>
          {`$${plan.monthlyPrice}`}
          <Text component="span" size="sm" fw={400}>
            /month
          </Text>
        </Text>
        <Text component="span" display="block" size="sm" mt={4}>
          {plan.description}
        </Text>
        <Box component="span" display="block" mt="xs">
          {plan.features.map((feature) => (
            <Group key={feature} component="span" gap={6} wrap="nowrap" align="flex-start" mt={4}>
              <IconCheck size={16} aria-hidden color="var(--mantine-color-teal-7)" style={{ flexShrink: 0, marginTop: 2 }} />
              <Text component="span" size="sm">
                {feature}
              </Text>
            </Group>
          ))}
        </Box>
      </Box>
    </Radio.Card>
  );
}
