import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { SessionUser } from '../../api/client';
import { useChoir } from '../../app/choir';
import { SignOutButton } from '../../app/signOut';
import { LoadingView } from '../../components/LoadingView';
import type { ProfileValues } from '../account';
import { useLinkCheckout } from '../billing';
import { ChoirRegistrationForm } from '../choirs';
import { useBillingPlans, type PlanId, type SubscriptionPlan } from '../../app/billing';
import { PlanStep } from './PlanStep';
import { ProfileStep } from './ProfileStep';
import {
  clearPendingCheckout,
  isOnboardingComplete,
  markOnboardingComplete,
  pendingCheckoutSession,
  recordCheckoutReturn,
  storedPlan,
} from './storage';
import { WelcomeStep } from './WelcomeStep';
import { useWizardSteps, WizardStepBar } from './WizardSteps';

/** The wizard's steps where billing is on; a self-hosted server has no plan step. */
export const ONBOARDING_STEPS = ['Welcome', 'Profile', 'Plan', 'Create Choir'] as const;
const SELF_HOSTED_STEPS = ONBOARDING_STEPS.filter((s) => s !== 'Plan');

/**
 * A user who already has a last-accessed choir, or who just finished, has
 * nothing to set up (accounts §2.14). Either counts only while the dashboard
 * will take the user: with a choir, or as a global admin (§4.10 step 3).
 * Otherwise the guards send them straight back here, and a stale flag (a
 * choir since left, or another user's onboardingComplete) would loop.
 */
function alreadyOnboarded(user: SessionUser, hasChoirs: boolean): boolean {
  if (!hasChoirs && !user.isGlobalAdmin) return false;
  return !!user.lastAccessedChoirId || isOnboardingComplete();
}

/**
 * OnboardingWizard is the standard wizard of accounts §2.14 at
 * /choir-registration: welcome, profile, plan, and the first choir. The plan
 * step is there only where billing is on.
 */
export function OnboardingWizard() {
  const { user, loading, choirs } = useChoir();
  const billing = useBillingPlans();
  const location = useLocation();
  // Decided once, when the user is first known: the session refreshed after
  // the choir is created must not cut the final step short.
  const [onboarded, setOnboarded] = useState<boolean | null>(null);
  if (onboarded === null && !loading && user) setOnboarded(alreadyOnboarded(user, choirs.length > 0));

  if (loading) return <LoadingView />;
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  if (onboarded === null || billing.isPending) return <LoadingView />;
  if (onboarded) return <Navigate to="/dashboard" replace />;
  // Unreadable billing facts leave the plan out: the server starts the
  // choir's trial on the default plan all the same.
  const plans = billing.data?.enabled ? billing.data.plans : [];
  return <Wizard user={user} plans={plans} />;
}

/** checkoutReturn is the session id Stripe puts in the address when it sends a paying user back. */
function checkoutReturn(search: string): string | null {
  const params = new URLSearchParams(search);
  const sessionId = params.get('session_id');
  return params.get('checkout') === 'success' && sessionId?.startsWith('cs_') ? sessionId : null;
}

function Wizard({ user, plans }: { user: SessionUser; plans: readonly SubscriptionPlan[] }) {
  const navigate = useNavigate();
  const location = useLocation();
  const labels: readonly string[] = plans.length > 0 ? ONBOARDING_STEPS : SELF_HOSTED_STEPS;
  // Back from Stripe Checkout: noted once, and the wizard opens at the plan
  // step, whose button now reads 'Continue Setup'.
  const [returned] = useState(() => {
    const sessionId = plans.length > 0 ? checkoutReturn(location.search) : null;
    if (sessionId) recordCheckoutReturn(sessionId);
    return sessionId !== null;
  });
  const steps = useWizardSteps(labels.length, returned ? labels.indexOf('Plan') : 0);
  const link = useLinkCheckout();
  useEffect(() => {
    if (returned) navigate(location.pathname, { replace: true });
  }, [returned, navigate, location.pathname]);
  const current = labels[steps.active];
  const [profile, setProfile] = useState<ProfileValues>(() => ({
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    phoneNumber: user.phoneNumber ?? '',
  }));
  const [plan, setPlan] = useState<PlanId | null>(() => storedPlan() ?? 'medium');

  function complete() {
    markOnboardingComplete();
    navigate('/dashboard', { replace: true });
  }

  /** The new choir takes over the subscription paid at checkout, if any, then onboarding ends. */
  async function created(choir: { id: string }) {
    const sessionId = pendingCheckoutSession();
    if (sessionId) {
      try {
        await link.submit({ choirId: choir.id, sessionId });
        clearPendingCheckout();
      } catch {
        // The error toast has said why; the choir is on its trial, and its
        // settings offer checkout again.
      }
    }
    complete();
  }

  return (
    <Container size="md" px={{ base: 'xs', xs: 'md' }} py={{ base: 'md', sm: 'xl' }} miw={320}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} miw={0} style={{ flex: 1 }}>
            <Title order={1} size="h2">
              Welcome to Cantica
            </Title>
            <Text c="dimmed">Let&apos;s get you and your choir set up.</Text>
          </Stack>
          <SignOutButton />
        </Group>

        <WizardStepBar steps={steps} labels={labels} label="Onboarding steps" />

        <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
          {current === 'Welcome' && <WelcomeStep onNext={steps.next} withPlan={plans.length > 0} />}
          {current === 'Profile' && (
            <ProfileStep
              values={profile}
              onChange={setProfile}
              onBack={steps.back}
              onSkip={steps.next}
              onSaved={steps.next}
            />
          )}
          {current === 'Plan' && (
            <PlanStep
              plans={plans}
              plan={plan}
              onPlanChange={setPlan}
              onBack={steps.back}
              onContinue={steps.next}
            />
          )}
          {current === 'Create Choir' && (
            <Stack gap="md">
              <Title order={2} size="h3">
                Create your choir
              </Title>
              <ChoirRegistrationForm
                mode="standard"
                plan={plans.length > 0 ? (plan ?? undefined) : undefined}
                onCreated={(choir) => void created(choir)}
                secondaryAction={
                  <Button variant="default" onClick={steps.back}>
                    Back
                  </Button>
                }
              />
            </Stack>
          )}
        </Paper>
      </Stack>
    </Container>
  );
}
