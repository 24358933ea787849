import { Button, Group, List, Stack, Text, Title } from '@mantine/core';

const FEATURES = [
  'A music library with practice tools: scores, audio playback with speed control, and practice tracking.',
  'A shared calendar of rehearsals, services and concerts, where liturgical feasts can drive recurring events.',
  'Member management and a member directory.',
  'Music planning, announcements and communication digests.',
];

const PLAN_STEP = 'Choose a plan. Every plan starts with a 30-day free trial, and no card is needed.';
const NEXT_STEPS = [
  'Complete your profile, so your choir knows who you are.',
  PLAN_STEP,
  'Create your choir: its name, where it sings and its tradition.',
];

/** WelcomeStep is the first step of the onboarding wizard: what Cantica does and what comes next. */
export function WelcomeStep({ onNext, withPlan }: { onNext: () => void; /** Whether there is a plan step (billing on). */ withPlan: boolean }) {
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Getting started
      </Title>
      <Text>Cantica brings everything your choir needs into one place:</Text>
      <List spacing="xs">
        {FEATURES.map((f) => (
          <List.Item key={f}>{f}</List.Item>
        ))}
      </List>
      <Text fw={600}>What happens next</Text>
      <List type="ordered" spacing="xs">
        {NEXT_STEPS.filter((s) => withPlan || s !== PLAN_STEP).map((s) => (
          <List.Item key={s}>{s}</List.Item>
        ))}
      </List>
      <Group justify="space-between" gap="sm">
        <Button variant="default" disabled>
          Back
        </Button>
        <Button onClick={onNext}>Next</Button>
      </Group>
    </Stack>
  );
}
