import { Box, Button, Container, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import {
  IconBell,
  IconCalendar,
  IconDiscount,
  IconHeadphones,
  IconMusic,
  IconSettings,
  IconSparkles,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import type { SessionUser } from '../../api/client';
import { useSession } from '../../app/session';
import { useBillingPlans } from '../../app/billing';
import { SignOutButton } from '../../app/signOut';
import { LoadingView } from '../../components/LoadingView';
import { useWizardSteps, WizardStepBar } from '../onboarding';
import type { ChoirDetails } from './api';
import { ChoirRegistrationForm } from './ChoirRegistrationForm';

export const MULTI_CHOIR_BANNER =
  'MULTI-CHOIR DISCOUNT: Save 10% on each additional choir subscription! Pricing automatically adjusted at checkout.';

const STEPS = ['Create Choir', 'Get Started'] as const;

interface Action {
  title: string;
  text: string;
  to: string;
  icon: Icon;
}

/** The four quick actions of the getting-started page (accounts §2.14). */
export const QUICK_ACTIONS: readonly Action[] = [
  { title: 'Music Library', text: 'Add scores and recordings for your singers.', to: '/dashboard/music', icon: IconMusic },
  { title: 'Calendar', text: 'Schedule rehearsals, services and concerts.', to: '/dashboard/calendar', icon: IconCalendar },
  { title: 'Manage Members', text: 'Invite singers and give them their roles.', to: '/dashboard/members', icon: IconUsers },
  {
    title: 'Choir Settings',
    text: "Review your choir's details and tradition.",
    to: '/dashboard/settings/choir',
    icon: IconSettings,
  },
];

/** The three feature highlights of the getting-started page. */
export const FEATURE_HIGHLIGHTS: readonly Omit<Action, 'to'>[] = [
  {
    title: 'Practice tools',
    text: 'Scores, audio playback with speed control, and practice tracking for every singer.',
    icon: IconHeadphones,
  },
  {
    title: 'Liturgical calendar',
    text: 'Feasts of the church year drive recurring events and music suggestions.',
    icon: IconSparkles,
  },
  {
    title: 'Announcements',
    text: 'Keep everyone informed with announcements and communication digests.',
    icon: IconBell,
  },
];

/**
 * CreateChoirPage is the additional-choir wizard of accounts §2.13 and §2.14
 * at /choirs/create: the new choir's form, then the getting-started page.
 */
export function CreateChoirPage() {
  const { user, loading } = useSession();
  const location = useLocation();
  if (loading) return <LoadingView message="Setting up your new choir..." />;
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  return <AdditionalChoirWizard user={user} />;
}

function AdditionalChoirWizard({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const steps = useWizardSteps(STEPS.length);
  const [created, setCreated] = useState<ChoirDetails | null>(null);
  // A self-hosted server (billing off) has no subscription to discount.
  const billingOn = useBillingPlans().data?.enabled === true;

  return (
    <Container size="md" px={{ base: 'xs', xs: 'md' }} py={{ base: 'md', sm: 'xl' }} miw={320}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} miw={0} style={{ flex: 1 }}>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              Create Additional Choir
            </Title>
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              Creating choir for <strong>{user.firstName || user.email}</strong>
            </Text>
          </Stack>
          <SignOutButton />
        </Group>

        {billingOn && (
          <Paper
            withBorder
            p="md"
            bg="light-dark(var(--mantine-color-violet-0), var(--mantine-color-dark-6))"
            role="note"
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <IconDiscount size={22} aria-hidden style={{ flexShrink: 0 }} />
              <Text size="sm">
                <strong>MULTI-CHOIR DISCOUNT:</strong>{' '}
                {MULTI_CHOIR_BANNER.replace('MULTI-CHOIR DISCOUNT: ', '')}
              </Text>
            </Group>
          </Paper>
        )}

        <WizardStepBar steps={steps} labels={STEPS} label="New choir steps" />

        <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
          {steps.active === 0 &&
            (created ? (
              <Stack gap="md">
                <Title order={2} size="h3">
                  Your new choir
                </Title>
                <Text style={{ overflowWrap: 'anywhere' }}>
                  <strong>{created.name}</strong> has been created.
                </Text>
                <Group justify="space-between">
                  <Button variant="default" disabled>
                    Back
                  </Button>
                  <Button onClick={steps.next}>Next</Button>
                </Group>
              </Stack>
            ) : (
              <Stack gap="md">
                <Title order={2} size="h3">
                  Your new choir
                </Title>
                <ChoirRegistrationForm
                  mode="additional"
                  onCreated={(choir) => {
                    setCreated(choir);
                    steps.next();
                  }}
                  secondaryAction={
                    <Button variant="default" disabled>
                      Back
                    </Button>
                  }
                />
              </Stack>
            ))}
          {steps.active === 1 && (
            <AllSetStep onBack={steps.back} onBegin={() => navigate('/dashboard', { replace: true })} />
          )}
        </Paper>
      </Stack>
    </Container>
  );
}

/** AllSetStep is the getting-started page that ends the additional-choir wizard. */
export function AllSetStep({ onBack, onBegin }: { onBack: () => void; onBegin: () => void }) {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} size="h3">
          You&apos;re All Set!
        </Title>
        <Text>Your new choir is ready. Here are a few places to start.</Text>
      </Stack>

      <Stack gap="sm">
        <Title order={3} size="h4">
          Quick actions
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {QUICK_ACTIONS.map((action) => (
            <UnstyledButton
              key={action.to}
              component={Link}
              to={action.to}
              p="md"
              style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon variant="filled" radius="md" size="lg" aria-hidden>
                  <action.icon size={20} />
                </ThemeIcon>
                <Box miw={0}>
                  <Text fw={600}>{action.title}</Text>
                  <Text size="sm" c="dimmed">
                    {action.text}
                  </Text>
                </Box>
              </Group>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Stack>

      <Stack gap="sm">
        <Title order={3} size="h4">
          What your choir can do
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {FEATURE_HIGHLIGHTS.map((feature) => (
            <Group key={feature.title} gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="default" radius="md" size="lg" aria-hidden>
                <feature.icon size={20} />
              </ThemeIcon>
              <Box miw={0}>
                <Text fw={600}>{feature.title}</Text>
                <Text size="sm" c="dimmed">
                  {feature.text}
                </Text>
              </Box>
            </Group>
          ))}
        </SimpleGrid>
      </Stack>

      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onBegin}>Let&apos;s Begin!</Button>
      </Group>
    </Stack>
  );
}
