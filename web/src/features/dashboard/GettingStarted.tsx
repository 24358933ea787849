import { Anchor, Box, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useDismiss, type WeekChecklist } from './weekApi';

/** The checklist's steps: what ticks each, in words, and where it is done. */
export const STEPS: readonly { key: keyof WeekChecklist; label: string; href: string }[] = [
  { key: 'singersInvited', label: 'Invite singers with their voice parts', href: '/dashboard/members' },
  { key: 'musicAdded', label: 'Add music', href: '/dashboard/music' },
  { key: 'rehearsalSet', label: 'Set the weekly rehearsal', href: '/dashboard/calendar' },
  { key: 'sundayPlanned', label: 'Plan next Sunday', href: '/dashboard/calendar/plan-music' },
];

/**
 * GettingStarted is a new choir's checklist for those who manage it. The
 * server ticks each step from the choir's data, and sends the checklist
 * only until it is dismissed or every step is done.
 */
export function GettingStarted({ choirId, checklist }: { choirId: string; checklist: WeekChecklist }) {
  const dismiss = useDismiss(choirId);
  const done = STEPS.filter((s) => checklist[s.key]).length;
  return (
    <Paper component="section" withBorder p="md" aria-labelledby="getting-started">
      <Stack gap="sm">
        {/* On a phone the button goes under the title rather than be cut to 'Dismiss checkli'. */}
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Title order={2} size="h3" id="getting-started">
              Getting started
            </Title>
            <Text size="sm" c="dimmed">
              {done} of {STEPS.length} done
            </Text>
          </div>
          <Button variant="subtle" onClick={() => void dismiss.submit('checklist').catch(() => {})}>
            Dismiss checklist
          </Button>
        </Group>
        <Stack gap="xs" component="ul" aria-labelledby="getting-started" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {STEPS.map((step) => {
            const ticked = checklist[step.key];
            return (
              <Group key={step.key} component="li" gap="sm" wrap="nowrap">
                <ThemeIcon variant={ticked ? 'filled' : 'light'} color={ticked ? 'teal' : 'gray'} radius="xl" aria-hidden>
                  {ticked ? <IconCheck size={16} /> : <IconCircleDashed size={16} />}
                </ThemeIcon>
                <Anchor component={Link} to={step.href} td={ticked ? 'line-through' : undefined}>
                  {step.label}
                  {ticked && ' '}
                  {ticked && <VisuallyHidden>(done)</VisuallyHidden>}
                </Anchor>
              </Group>
            );
          })}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** GettingStartedSkeleton holds the checklist's place, at its height, while the week loads. */
export function GettingStartedSkeleton() {
  return (
    <Paper withBorder p="md" role="status" aria-label="Loading the checklist" aria-busy>
      <Stack gap="sm">
        {/* On a phone the heading takes two lines beside the button. */}
        <Box h={{ base: 82, xs: 52 }}>
          <Skeleton h={24} w={170} mt={3} />
          <Skeleton h={14} w={90} mt={8} />
        </Box>
        <Stack gap="xs">
          {STEPS.map((step) => (
            // A step is as tall as its link: 44 px on a phone (phone.css), the icon's 28 px above.
            <Group key={step.key} gap="sm" wrap="nowrap" h={{ base: 44, sm: 28 }}>
              <Skeleton h={28} w={28} circle />
              <Skeleton h={16} w="60%" />
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
