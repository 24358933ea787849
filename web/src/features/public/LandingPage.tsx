import {
  Anchor,
  Badge,
  Box,
  Burger,
  Button,
  Card,
  Center,
  Container,
  Group,
  List,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBooks,
  IconCalendarEvent,
  IconCheck,
  IconPlaylist,
  IconSpeakerphone,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { SELF_HOSTED, useBillingPlans, type BillingPlans, type SubscriptionPlan } from '../../app/billing';
import { useSession } from '../../app/session';
import { ThemeToggle } from '../../app/shell/ThemeToggle';
import { buttonColor, linkColor } from '../../app/theme';
import { Footer } from './Footer';
import { navLinks } from './navLinks';
import { BrandLink } from './PublicLayout';

// Accounts spec §2.5 / §9: the landing header counts as scrolled past 10 px.
const SCROLL_THRESHOLD = 10;

// Keeps a section's heading clear of the sticky header when scrolled into view.
const SECTION_SCROLL_MARGIN = 80;

const LandingMenu = lazy(() => import('./LandingMenu').then((m) => ({ default: m.LandingMenu })));

/**
 * Landing page at / (accounts spec §2.1). A signed-in visitor goes to /dashboard.
 * The server's plans decide the pricing section: none on a self-hosted server.
 */
export function LandingPage() {
  const { user, loading } = useSession();
  const billing = useBillingPlans();
  if (loading || billing.isPending) {
    return (
      <Center component="main" mih="100vh">
        <Loader role="status" aria-label="Loading" />
      </Center>
    );
  }
  if (user) return <Navigate to="/dashboard" replace />;
  return <LandingContent billing={billing.data} onRetryPlans={billing.isError ? () => void billing.refetch() : undefined} />;
}

interface LandingProps {
  /**
   * The server's billing mode and plans. Without them, or with billing off,
   * the page shows no price and no trial: a self-hosted server charges nothing.
   */
  billing?: BillingPlans;
  /** Given when the plans could not be loaded: the pricing section offers to try again. */
  onRetryPlans?: () => void;
}

/**
 * LandingContent is the landing page without the session check. The build also
 * prerenders it, without plans, to dist/landing.html (src/prerender/): the page
 * a self-hosted server (billing off) sends at /. With billing on the server
 * sends the app, whose LandingPage reads the plans.
 */
export function LandingContent({ billing, onRetryPlans }: LandingProps) {
  useScrollToHash();
  const priced = billing?.enabled === true;
  return (
    <>
      <LandingHeader />
      <Box component="main">
        <Hero priced={priced} />
        <FeaturesSection />
        <PricingSection plans={priced ? billing.plans : undefined} onRetry={onRetryPlans} />
      </Box>
      <Footer />
    </>
  );
}

/** useScrolledPast reports whether the window is scrolled more than threshold pixels. */
function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(() => scrollOffset() > threshold);
  useEffect(() => {
    const update = () => setScrolled(scrollOffset() > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}

function scrollOffset(): number {
  // No window when the page is prerendered at build time (src/prerender/).
  if (typeof window === 'undefined') return 0;
  return window.scrollY || window.pageYOffset || 0;
}

/**
 * useScrollToHash brings the element named by the URL fragment into view. The browser
 * cannot do it on arrival at /#pricing because the section only exists after React renders
 * (and after the session check); the location key re-runs it when the same link is followed
 * again.
 */
function useScrollToHash() {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (hash.length < 2) return;
    const target = document.getElementById(hash.slice(1));
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    target?.scrollIntoView?.({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  }, [hash, key]);
}

function LandingHeader() {
  const scrolled = useScrolledPast(SCROLL_THRESHOLD);
  const [menuOpen, menu] = useDisclosure(false);
  return (
    <Box
      component="header"
      data-scrolled={scrolled ? 'true' : 'false'}
      py={scrolled ? 'xs' : 'md'}
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 100,
        // An opaque body colour keeps text contrast intact over the page scrolling beneath.
        backgroundColor: 'var(--mantine-color-body)',
        borderBottom: `1px solid ${scrolled ? 'var(--mantine-color-default-border)' : 'transparent'}`,
        boxShadow: scrolled ? 'var(--mantine-shadow-sm)' : 'none',
        transition: 'box-shadow 150ms ease, border-color 150ms ease, padding 150ms ease',
      }}
    >
      <Container size="lg">
        <Group justify="space-between" wrap="nowrap">
          <BrandLink />
          <Box component="nav" aria-label="Main" visibleFrom="sm">
            <Group gap="lg">
              {navLinks.map((link) => (
                <Anchor key={link.to} component={Link} to={link.to} c="inherit" fw={500}>
                  {link.label}
                </Anchor>
              ))}
            </Group>
          </Box>
          <Group gap="sm" wrap="nowrap">
            <ThemeToggle />
            <Group gap="sm" visibleFrom="sm" wrap="nowrap">
              <Button component={Link} to="/login" variant="default">
                Sign In
              </Button>
              <Button component={Link} to="/register" color={buttonColor}>
                Get Started
              </Button>
            </Group>
            <Burger
              opened={menuOpen}
              onClick={menu.toggle}
              hiddenFrom="sm"
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              aria-expanded={menuOpen}
            />
          </Group>
        </Group>
      </Container>
      {/* The menu's dialog code is not needed for the first paint: it loads just after. */}
      <Suspense fallback={null}>
        <LandingMenu opened={menuOpen} onClose={menu.close} />
      </Suspense>
    </Box>
  );
}

function Hero({ priced }: { priced: boolean }) {
  return (
    <Container size="lg" py={{ base: 48, sm: 96 }}>
      <Stack align="center" gap="lg" ta="center" maw={760} mx="auto">
        <Badge variant="light" size="lg">
          Built for choirs
        </Badge>
        <Title order={1} fz={{ base: 34, sm: 52 }} lh={1.15}>
          Choir management, in harmony
        </Title>
        <Text size="xl" c="dimmed">
          Cantica brings your music library, members, calendar and announcements together, so
          rehearsals start on time and everyone sings from the same page.
        </Text>
        <Group justify="center" gap="md">
          <Button component={Link} to="/register" size="lg" color={buttonColor}>
            {priced ? 'Start your free trial' : 'Get started'}
          </Button>
          <Button component={Link} to={priced ? '/#pricing' : '/#features'} size="lg" variant="default">
            {priced ? 'See pricing' : 'See features'}
          </Button>
        </Group>
        {priced && (
          <Text size="sm" c="dimmed">
            30-day free trial. No card needed to start.
          </Text>
        )}
      </Stack>
    </Container>
  );
}

interface Feature {
  icon: Icon;
  title: string;
  text: string;
}

// The feature areas of accounts spec §1.
const features: Feature[] = [
  {
    icon: IconBooks,
    title: 'Music library with practice tools',
    text: 'Keep every score and recording in one place. Singers practise with the built-in PDF viewer, audio playback with speed control, and practice tracking.',
  },
  {
    icon: IconUsers,
    title: 'Member management and directory',
    text: 'Invite singers, assign roles and voice parts, and give everyone a directory of who sings in the choir.',
  },
  {
    icon: IconCalendarEvent,
    title: 'Shared liturgical calendar',
    text: 'Rehearsals, services and concerts on one calendar. Liturgical feasts drive recurring events, so the church year plans itself.',
  },
  {
    icon: IconPlaylist,
    title: 'Music planning',
    text: 'Choose the music for any date with the feast of the day in view, and share the plan with your singers.',
  },
  {
    icon: IconSpeakerphone,
    title: 'Announcements, digests and analytics',
    text: 'Send announcements, keep everyone informed with email digests, and follow attendance and practice at a glance.',
  },
];

function FeaturesSection() {
  return (
    <Box
      component="section"
      id="features"
      aria-labelledby="features-title"
      py={64}
      style={{ scrollMarginTop: SECTION_SCROLL_MARGIN }}
    >
      <Container size="lg">
        <Stack gap="xl">
          <Stack gap="xs" ta="center">
            <Title order={2} id="features-title">
              Everything your choir needs
            </Title>
            <Text c="dimmed">One place for the music, the people and the calendar.</Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {features.map((feature) => (
              <FeatureCard key={feature.title} feature={feature} />
            ))}
          </SimpleGrid>
        </Stack>
      </Container>
    </Box>
  );
}

function FeatureCard({ feature }: { feature: Feature }) {
  const FeatureIcon = feature.icon;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <ThemeIcon size={44} radius="md" variant="light">
          <FeatureIcon size={26} aria-hidden="true" />
        </ThemeIcon>
        <Title order={3} fz="lg">
          {feature.title}
        </Title>
        <Text size="sm" c="dimmed">
          {feature.text}
        </Text>
      </Stack>
    </Card>
  );
}

// The commercial facts of accounts spec §1.
const commercialFacts = [
  '30-day free trial on every plan, and no card needed to start.',
  'No setup fees. Cancel or switch plans anytime.',
  "We'll remind you 3 days before your trial ends.",
];

/**
 * PricingSection is /#pricing: the server's plans and the trial's facts when
 * billing is on; on a self-hosted server, that there is nothing to pay.
 */
function PricingSection({ plans, onRetry }: { plans?: SubscriptionPlan[]; onRetry?: () => void }) {
  return (
    <Box
      component="section"
      id="pricing"
      aria-labelledby="pricing-title"
      py={64}
      style={{ scrollMarginTop: SECTION_SCROLL_MARGIN }}
    >
      <Container size="lg">
        <Stack gap="xl">
          <Stack gap="xs" ta="center">
            <Title order={2} id="pricing-title">
              {plans ? 'Simple, transparent pricing' : 'Pricing'}
            </Title>
            {plans && <Text c="dimmed">Pick the plan that fits the size of your choir.</Text>}
          </Stack>
          {onRetry ? (
            <Stack align="center" gap="xs" role="alert">
              <Text ta="center">The plans could not be loaded.</Text>
              <Button variant="default" onClick={onRetry}>
                Try again
              </Button>
            </Stack>
          ) : plans ? (
            <>
              <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
                {plans.map((plan) => (
                  <PlanCard key={plan.id} plan={plan} />
                ))}
              </SimpleGrid>
              <List
                center
                spacing="xs"
                mx="auto"
                icon={
                  <ThemeIcon size={22} radius="xl" variant="light" color="teal">
                    <IconCheck size={14} aria-hidden="true" />
                  </ThemeIcon>
                }
              >
                {commercialFacts.map((fact) => (
                  <List.Item key={fact}>{fact}</List.Item>
                ))}
              </List>
              <Text ta="center" size="sm" c="dimmed">
                Questions about plans? Write to{' '}
                <Anchor href="mailto:hello@cantica.app" c={linkColor} underline="always">
                  hello@cantica.app
                </Anchor>
                .
              </Text>
            </>
          ) : (
            <Text ta="center" maw={640} mx="auto">
              {SELF_HOSTED}
            </Text>
          )}
        </Stack>
      </Container>
    </Box>
  );
}

function PlanCard({ plan }: { plan: SubscriptionPlan }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="xl"
      data-plan={plan.id}
      style={plan.recommended ? { borderColor: buttonColor, borderWidth: 2 } : undefined}
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="center" gap="xs">
          <Title order={3} fz="xl">
            {plan.name}
          </Title>
          {plan.recommended && <Badge variant="light">MOST POPULAR</Badge>}
        </Group>
        <Text size="sm" c="dimmed">
          {plan.description}
        </Text>
        <Group gap={4} align="baseline">
          <Text fz={40} fw={800} lh={1}>
            {`$${plan.monthlyPrice}`}
          </Text>
          <Text c="dimmed">/month</Text>
        </Group>
        <List
          spacing="xs"
          size="sm"
          center
          style={{ flexGrow: 1 }}
          icon={<IconCheck size={16} aria-hidden="true" color="var(--mantine-color-teal-7)" />}
        >
          {plan.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        <Button
          component={Link}
          to="/register"
          fullWidth
          variant={plan.recommended ? 'filled' : 'default'}
          color={buttonColor}
        >
          Start free trial
        </Button>
      </Stack>
    </Card>
  );
}
