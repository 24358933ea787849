import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconCalendar,
  IconChartBar,
  IconFileText,
  IconMail,
  IconMicrophone2,
  IconMusic,
  IconSettings,
  IconSpeakerphone,
  IconUserCircle,
  IconUsers,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';
import { Suspense, useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { useChoir, useChoirDetails } from '../../app/choir';
import { handleError } from '../../app/errors';
import { roleLabel, type Can, type Permission } from '../../app/permissions';
import { useSession } from '../../app/session';
import { SectionError } from '../../components/SectionState';
import { UnreadAnnouncementsNotice } from '../announcements';
import { YourPracticeCard, YourPracticeLoading } from '../music';
import { MyStandingNotice, PolicyNotice } from '../policies';
import { GettingStarted, GettingStartedSkeleton } from './GettingStarted';
import { ThisWeek } from './ThisWeek';
import { VoicePartQuestion } from './VoicePartQuestion';

// Loaded with the page, whose code it needs anyway: as a module of its own it split the page's
// modules it shares into more files for a phone to fetch.
export { warmDashboard } from './warm';
import { useWeek } from './weekApi';
import { guessWeekShape, readWeekShape, rememberWeekShape, weekShapeOf } from './weekShape';

export interface Shortcut {
  label: string;
  description: string;
  href: string;
  /** The permission that opens the area (accounts §6). */
  permission: Permission;
  icon: Icon;
}

/** The dashboard's shortcuts, each shown only to a role holding its permission. */
export const SHORTCUTS: readonly Shortcut[] = [
  {
    label: 'Music Library',
    description: 'Scores, recordings and practice tools.',
    href: '/dashboard/music',
    permission: 'view:music',
    icon: IconMusic,
  },
  {
    label: 'Members',
    description: 'Who sings in the choir and how to reach them.',
    href: '/dashboard/members',
    permission: 'view:directory',
    icon: IconUsers,
  },
  {
    label: 'Calendar',
    description: 'Rehearsals, services and concerts.',
    href: '/dashboard/calendar',
    permission: 'view:calendar',
    icon: IconCalendar,
  },
  {
    label: 'Announcements',
    description: 'News for the whole choir.',
    href: '/dashboard/announcements',
    permission: 'manage:communications',
    icon: IconSpeakerphone,
  },
  {
    label: 'Communications',
    description: 'Email digests to members.',
    href: '/dashboard/communications',
    permission: 'manage:communications',
    icon: IconMail,
  },
  {
    label: 'Analytics',
    description: 'Attendance and practice at a glance.',
    href: '/dashboard/analytics',
    permission: 'view:analytics',
    icon: IconChartBar,
  },
  {
    label: 'My year',
    description: 'Your own attendance, answers and practice.',
    href: '/dashboard/analytics/me',
    permission: 'view:dashboard',
    icon: IconUserCircle,
  },
  {
    label: 'Policies',
    description: 'The choir’s rules and agreements.',
    href: '/dashboard/policies',
    permission: 'manage:choir',
    icon: IconFileText,
  },
  {
    label: 'Choir Settings',
    description: 'Name, place, calendar and plan.',
    href: '/dashboard/settings/choir',
    permission: 'edit:settings',
    icon: IconSettings,
  },
  {
    label: 'Musical Roles',
    description: 'The voice parts your singers take.',
    href: '/dashboard/settings/musical-roles',
    permission: 'edit:settings',
    icon: IconMicrophone2,
  },
  {
    label: 'Global Admin',
    description: 'Platform-wide administration.',
    href: '/dashboard/global-admin',
    permission: 'admin:global',
    icon: IconWorld,
  },
];

/** shortcutsFor lists the shortcuts the current user may use, by the server's permission table. */
export function shortcutsFor(can: Can): Shortcut[] {
  return SHORTCUTS.filter((s) => can(s.permission));
}

/**
 * DashboardPage is the choir's home (/dashboard): the singer's week — the
 * next rehearsal and service with their answer, the music to practise and,
 * for directors, who has not answered — a new choir's getting-started
 * checklist, the practice summary, and where to go.
 */
export function DashboardPage() {
  const { currentChoir, role, can } = useChoir();
  const { user } = useSession();
  const details = useChoirDetails(currentChoir?.id);
  const seesWeek = can('view:calendar');
  const week = useWeek(currentChoir && seesWeek ? currentChoir.id : null);
  const choirId = currentChoir?.id;
  // The skeletons take the week's shape of the last visit; the week's own shape is kept for the next.
  const managesChoir = can('manage:choir');
  const shape = useMemo(() => (choirId && readWeekShape(choirId)) || guessWeekShape(managesChoir), [choirId, managesChoir]);
  useEffect(() => {
    if (choirId && week.data) rememberWeekShape(choirId, weekShapeOf(week.data));
  }, [choirId, week.data]);

  // The guards make sure there is a choir; until it is known, hold the place.
  if (!currentChoir) return <DashboardSkeleton />;

  const name = details.data?.name ?? currentChoir.name;
  const city = details.data?.city ?? currentChoir.city;
  const country = details.data?.country ?? currentChoir.country;
  const place = [city, country].filter((part) => part && part.trim()).join(', ');
  const question = week.data?.voicePartQuestion;

  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Title>
        {place && (
          <Text c="dimmed" mt={4}>
            {place}
          </Text>
        )}
        <Group gap="lg" mt="xs">
          <Text size="sm">
            <Text span c="dimmed" inherit>
              Your role
            </Text>{' '}
            <Text span fw={600} inherit>
              {roleLabel(role)}
            </Text>
          </Text>
          <Text size="sm" component="div">
            <Group gap={6} wrap="nowrap">
              {can('view:directory') ? (
                <Anchor component={Link} to="/dashboard/members" inherit>
                  Choir members
                </Anchor>
              ) : (
                <Text span c="dimmed" inherit>
                  Choir members
                </Text>
              )}
              {details.isPending ? (
                <Skeleton h={18} w={28} role="status" aria-label="Loading member count" />
              ) : (
                <Text span fw={600} inherit>
                  {details.isError ? '—' : details.data.memberCount}
                </Text>
              )}
            </Group>
          </Text>
        </Group>
      </div>

      <UnreadAnnouncementsNotice choirId={currentChoir.id} />
      <PolicyNotice choirId={currentChoir.id} />
      <MyStandingNotice choirId={currentChoir.id} />

      {details.isError && <DetailsError error={details.error} onRetry={() => void details.refetch()} />}

      {week.data?.checklist && <GettingStarted choirId={currentChoir.id} checklist={week.data.checklist} />}
      {seesWeek && week.isPending && shape.checklist && <GettingStartedSkeleton />}

      {seesWeek && (
        <ThisWeek choirId={currentChoir.id} week={week} canPlan={can('edit:music') || can('edit:calendar')} shape={shape} />
      )}

      {can('view:music') && (
        <Suspense fallback={<YourPracticeLoading />}>
          <YourPracticeCard choirId={currentChoir.id} />
        </Suspense>
      )}

      <section aria-labelledby="dashboard-shortcuts">
        <Title order={2} size="h3" id="dashboard-shortcuts" mb="sm">
          Shortcuts
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {shortcutsFor(can).map((s) => (
            <ShortcutCard key={s.href} shortcut={s} />
          ))}
        </SimpleGrid>
      </section>

      {question && question.length > 0 && user && (
        <VoicePartQuestion choirId={currentChoir.id} choirName={name} userId={user.id} parts={question} />
      )}
    </Stack>
  );
}

function ShortcutCard({ shortcut }: { shortcut: Shortcut }) {
  const ItemIcon = shortcut.icon;
  return (
    <Card component={Link} to={shortcut.href} withBorder padding="md" radius="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size="lg" aria-hidden>
          <ItemIcon size={20} stroke={1.5} />
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Text fw={600}>{shortcut.label}</Text>
          <Text size="sm" c="dimmed">
            {shortcut.description}
          </Text>
        </div>
      </Group>
    </Card>
  );
}

/** DetailsError reports the failed load once as a toast and offers to try again. */
function DetailsError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  useEffect(() => {
    handleError(error);
  }, [error]);
  return <SectionError title="Could not load the choir's details" error={error} onRetry={onRetry} />;
}

function DashboardSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-label="Loading the dashboard" aria-busy>
      <Skeleton h={36} w="50%" />
      <Skeleton h={16} w="30%" />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Skeleton h={76} />
        <Skeleton h={76} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} h={84} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
