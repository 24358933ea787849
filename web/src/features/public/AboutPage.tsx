import { Anchor, Box, Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBooks,
  IconCalendarEvent,
  IconChartBar,
  IconHeart,
  IconSparkles,
  IconStar,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { linkColor } from '../../app/theme';

const CONTACT_EMAIL = 'hello@cantica.app';
const APP_VERSION = 'v1.0';

interface Item {
  icon: Icon;
  title: string;
  text: string;
}

const features: Item[] = [
  {
    icon: IconBooks,
    title: 'Digital Music Library',
    text: 'Scores and recordings in one place, with a PDF viewer, audio playback at any speed and practice tracking for every singer.',
  },
  {
    icon: IconCalendarEvent,
    title: 'Liturgical Calendar',
    text: 'Rehearsals, services and concerts on one calendar that detects the feast of the day and suggests music to match it.',
  },
  {
    icon: IconUsers,
    title: 'Member Management',
    text: 'Invite singers, assign roles and voice parts, and keep an up-to-date directory of everyone in the choir.',
  },
  {
    icon: IconChartBar,
    title: 'Performance Analytics',
    text: 'Follow attendance, practice and repertoire over time to see how the choir is growing.',
  },
];

const values: Item[] = [
  {
    icon: IconUsersGroup,
    title: 'Community',
    text: 'A choir is a community first. Cantica helps every member feel informed and included.',
  },
  {
    icon: IconStar,
    title: 'Excellence',
    text: 'Good preparation makes good music. We build tools that help singers arrive ready.',
  },
  {
    icon: IconSparkles,
    title: 'Simplicity',
    text: 'Directors have enough to do. Everyday tasks should take a few clicks, not an afternoon.',
  },
  {
    icon: IconHeart,
    title: 'Faithfulness',
    text: 'We respect the traditions choirs serve, from the liturgical year to the music they keep.',
  },
];

/**
 * About page, at /about and /dashboard/about (accounts spec §2.15). It renders no header or
 * footer of its own: the public layout and the signed-in shell provide them.
 */
export function AboutPage() {
  return (
    <Container size="lg" py={{ base: 'xl', sm: 48 }}>
      <Stack gap={48}>
        <Stack gap="sm" maw={760}>
          <Title order={1}>About Cantica</Title>
          <Text size="lg" c="dimmed">
            Cantica is a choir management platform for directors, administrators and singers.
          </Text>
        </Stack>

        <AboutSection id="mission" title="Our Mission">
          <Text maw={760}>
            Our mission is to give choirs more time for music. Cantica brings the music library,
            the members, the calendar of the church and concert year and the choir&apos;s
            communications into one place, so that directors spend less time on spreadsheets and
            email chains, and singers always know what to practise and where to be.
          </Text>
        </AboutSection>

        <AboutSection id="offers" title="What Cantica Offers">
          <ItemGrid items={features} />
        </AboutSection>

        <AboutSection id="values" title="Our Values">
          <ItemGrid items={values} />
        </AboutSection>

        <AboutSection id="contact" title="Contact">
          <Text>
            We would love to hear from you. Write to us at{' '}
            <Anchor href={`mailto:${CONTACT_EMAIL}`} c={linkColor} underline="always">
              {CONTACT_EMAIL}
            </Anchor>
            .
          </Text>
          <Text size="sm" c="dimmed">
            {`Version ${APP_VERSION}`}
          </Text>
        </AboutSection>
      </Stack>
    </Container>
  );
}

function AboutSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const headingId = `about-${id}-title`;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Box>
  );
}

function ItemGrid({ items }: { items: Item[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
      {items.map((item) => {
        const ItemIcon = item.icon;
        return (
          <Card key={item.title} withBorder radius="md" padding="lg">
            <Stack gap="sm">
              <ThemeIcon size={44} radius="md" variant="light">
                <ItemIcon size={26} aria-hidden="true" />
              </ThemeIcon>
              <Title order={3} fz="lg">
                {item.title}
              </Title>
              <Text size="sm" c="dimmed">
                {item.text}
              </Text>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
