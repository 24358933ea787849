import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { SessionUser } from '../../api/client';
import { useChoir } from '../../app/choir';
import { SignOutButton } from '../../app/signOut';
import { LoadingView } from '../../components/LoadingView';
import type { ProfileValues } from '../account';
import { ChoirRegistrationForm } from '../choirs';
import type { PlanId } from '../public';
import { paymentsEnabled as PAYMENTS_ENABLED } from './payments';
import { PlanStep } from './PlanStep';
import { ProfileStep } from './ProfileStep';
import { isOnboardingComplete, markOnboardingComplete, storedPlan } from './storage';
import { WelcomeStep } from './WelcomeStep';
import { useWizardSteps, WizardStepBar } from './WizardSteps';

export const ONBOARDING_STEPS = ['Welcome', 'Profile', 'Plan', 'Create Choir'] as const;

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

export interface OnboardingWizardProps {
  /** Whether a card payment provider is configured; see payments.ts. */
  paymentsEnabled?: boolean;
}

/**
 * OnboardingWizard is the standard wizard of accounts §2.14 at
 * /choir-registration: welcome, profile, plan, and the first choir.
 */
export function OnboardingWizard({ paymentsEnabled = PAYMENTS_ENABLED }: OnboardingWizardProps) {
  const { user, loading, choirs } = useChoir();
  const location = useLocation();
  // Decided once, when the user is first known: the session refreshed after
  // the choir is created must not cut the final step short.
  const [onboarded, setOnboarded] = useState<boolean | null>(null);
  if (onboarded === null && !loading && user) setOnboarded(alreadyOnboarded(user, choirs.length > 0));

  if (loading) return <LoadingView />;
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  if (onboarded === null) return <LoadingView />;
  if (onboarded) return <Navigate to="/dashboard" replace />;
  return <Wizard user={user} paymentsEnabled={paymentsEnabled} />;
}

function Wizard({ user, paymentsEnabled }: { user: SessionUser; paymentsEnabled: boolean }) {
  const navigate = useNavigate();
  const steps = useWizardSteps(ONBOARDING_STEPS.length);
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

        <WizardStepBar steps={steps} labels={ONBOARDING_STEPS} label="Onboarding steps" />

        <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
          {steps.active === 0 && <WelcomeStep onNext={steps.next} />}
          {steps.active === 1 && (
            <ProfileStep
              values={profile}
              onChange={setProfile}
              onBack={steps.back}
              onSkip={steps.next}
              onSaved={steps.next}
            />
          )}
          {steps.active === 2 && (
            <PlanStep
              plan={plan}
              onPlanChange={setPlan}
              onBack={steps.back}
              onContinue={steps.next}
              paymentsEnabled={paymentsEnabled}
            />
          )}
          {steps.active === 3 && (
            <Stack gap="md">
              <Title order={2} size="h3">
                Create your choir
              </Title>
              <ChoirRegistrationForm
                mode="standard"
                plan={plan ?? undefined}
                onCreated={complete}
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
