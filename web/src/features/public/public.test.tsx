import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SELF_HOSTED, type BillingPlans } from '../../app/billing';
import { apiError, stubFetch } from '../../test/api';
import billingPlans from '../../test/billingPlans.json';
import { renderWithProviders, testQueryClient } from '../../test/render';
import { AboutPage } from './AboutPage';
import { Footer } from './Footer';
import { LandingPage } from './LandingPage';
import { PrivacyPolicyPage } from './PrivacyPolicyPage';
import { PublicLayout } from './PublicLayout';
import { TermsPage } from './TermsPage';

// The session the mocked useSession hands out; each test sets what it needs.
const session = vi.hoisted(() => ({
  current: { user: null as unknown, loading: false },
}));
vi.mock('../../app/session', () => ({
  useSession: () => session.current,
}));

const billingOff: BillingPlans = { enabled: false, plans: [] };
const billingOn = billingPlans as BillingPlans;

/** renderAt renders the public pages at path, the server's plans already read (null: not yet, to be fetched). */
function renderAt(path: string, billing: BillingPlans | null = billingOff) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <LandingPage /> },
      { path: '/dashboard', element: <h1>Dashboard home</h1> },
      { path: '/dashboard/about', element: <AboutPage /> },
      {
        element: <PublicLayout />,
        children: [
          { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
          { path: '/terms', element: <TermsPage /> },
          { path: '/about', element: <AboutPage /> },
          { path: '/login', element: <h1>Sign-in page</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const queryClient = testQueryClient();
  if (billing) queryClient.setQueryData(['billing', 'plans'], billing);
  renderWithProviders(router, queryClient);
  return router;
}

function setScrollY(value: number) {
  Object.defineProperty(window, 'scrollY', { value, configurable: true, writable: true });
  Object.defineProperty(window, 'pageYOffset', { value, configurable: true, writable: true });
}

beforeEach(() => {
  session.current = { user: null, loading: false };
});

afterEach(() => {
  vi.useRealTimers();
  setScrollY(0);
});

describe('LandingPage', () => {
  it('with billing on shows the server’s three plans with their prices and member limits', () => {
    renderAt('/', billingOn);
    const pricing = screen.getByRole('region', { name: 'Simple, transparent pricing' });
    expect(pricing).toHaveAttribute('id', 'pricing');
    const expected = [
      ['Small Choir', '$12', 'Up to 15 members', '500MB storage'],
      ['Medium Choir', '$19', 'Up to 30 members', '1GB storage'],
      ['Large Choir', '$29', 'Up to 50 members', '2GB storage'],
    ];
    for (const [name, price, members, storage] of expected) {
      // By text, not by role: role queries over the whole page are slow on a busy machine.
      const card = within(pricing).getByText(name, { selector: 'h3' }).closest('[data-plan]');
      expect(card).not.toBeNull();
      const inCard = within(card as HTMLElement);
      expect(inCard.getByText(price)).toBeInTheDocument();
      expect(inCard.getByText(members)).toBeInTheDocument();
      expect(inCard.getByText(storage)).toBeInTheDocument();
    }
    expect(within(pricing).getAllByText('/month')).toHaveLength(3);
    expect(within(pricing).getByText('MOST POPULAR').closest('[data-plan]')).toHaveAttribute('data-plan', 'medium');
    expect(screen.getByText('Start your free trial').closest('a')).toHaveAttribute('href', '/register');
  });

  it('with billing on states the commercial facts of the trial', () => {
    renderAt('/', billingOn);
    const pricing = screen.getByRole('region', { name: 'Simple, transparent pricing' });
    expect(within(pricing).getByText('30-day free trial on every plan, and no card needed to start.')).toBeInTheDocument();
    expect(within(pricing).getByText('No setup fees. Cancel or switch plans anytime.')).toBeInTheDocument();
    expect(within(pricing).getByText("We'll remind you 3 days before your trial ends.")).toBeInTheDocument();
  });

  it('on a self-hosted server shows no price and no trial: the pricing section says there is nothing to pay', () => {
    renderAt('/');
    const pricing = screen.getByRole('region', { name: 'Pricing' });
    expect(pricing).toHaveAttribute('id', 'pricing');
    expect(within(pricing).getByText(SELF_HOSTED)).toBeInTheDocument();
    expect(screen.queryByText(/\$\d/)).not.toBeInTheDocument();
    expect(screen.queryByText(/free trial/i)).not.toBeInTheDocument();
    expect(screen.getByText('Get started').closest('a')).toHaveAttribute('href', '/register');
    expect(screen.getByText('See features').closest('a')).toHaveAttribute('href', '/#features');
  });

  it('reads the plans from the server, and offers to try again when they cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = stubFetch({ 'GET /billing/plans': () => apiError(500, 'INTERNAL', 'down') });
    renderAt('/', null);
    const pricing = await screen.findByRole('region', { name: 'Pricing' });
    expect(within(pricing).getByRole('alert')).toHaveTextContent('The plans could not be loaded.');
    expect(screen.queryByText(SELF_HOSTED)).not.toBeInTheDocument();
    expect(screen.queryByText(/\$\d/)).not.toBeInTheDocument();
    expect(api.count('GET', '/billing/plans')).toBe(1);
  });

  it('has a header with navigation, sign-in and sign-up links', () => {
    renderAt('/');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Choir management, in harmony');
    const header = screen.getByRole('banner');
    const nav = within(header).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/#pricing');
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(within(header).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(within(header).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    expect(within(header).getByRole('link', { name: 'Cantica' })).toHaveAttribute('href', '/');
  });

  it('describes the feature areas', () => {
    renderAt('/');
    const features = screen.getByRole('region', { name: 'Everything your choir needs' });
    expect(within(features).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Music library with practice tools',
      'Member management and directory',
      'Shared liturgical calendar',
      'Music planning',
      'Announcements, digests and analytics',
    ]);
  });

  it('marks the header as scrolled only past 10 pixels', () => {
    renderAt('/');
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-scrolled', 'false');

    setScrollY(10);
    act(() => {
      fireEvent.scroll(window);
    });
    expect(header).toHaveAttribute('data-scrolled', 'false');

    setScrollY(11);
    act(() => {
      fireEvent.scroll(window);
    });
    expect(header).toHaveAttribute('data-scrolled', 'true');

    setScrollY(0);
    act(() => {
      fireEvent.scroll(window);
    });
    expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  it('scrolls the pricing section into view on arrival at /#pricing', () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    try {
      renderAt('/#pricing');
      expect(scrollIntoView).toHaveBeenCalled();
      expect(scrollIntoView.mock.contexts.at(-1)).toHaveAttribute('id', 'pricing');
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('sends a signed-in visitor to /dashboard', async () => {
    session.current = { user: { id: 'u1', email: 'ada@example.org' }, loading: false };
    const router = renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByText('Simple, transparent pricing')).not.toBeInTheDocument();
  });

  it('shows a spinner while the session loads', () => {
    session.current = { user: null, loading: true };
    renderAt('/');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });
});

describe('PrivacyPolicyPage', () => {
  it('shows eight sections in order and today as the last update', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 23, 12, 0, 0));
    renderAt('/privacy-policy');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Privacy Policy');
    expect(screen.getByText('Last updated: November 23, 2026')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Introduction',
      'Authentication & Data Collection',
      'How We Use Your Information',
      'Provider-Specific Policies',
      'Data Retention and Deletion',
      'Security',
      'Changes',
      'Contact',
    ]);
  });

  it('names four providers, promises deletion within 30 days and gives the contact address', () => {
    renderAt('/privacy-policy');
    const providers = screen.getByRole('region', { name: 'Provider-Specific Policies' });
    expect(within(providers).getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Google Privacy Policy',
      'Microsoft Privacy Statement',
      'Apple Privacy Policy',
      'Meta Privacy Policy',
    ]);
    // Data Retention and Deletion states what Your data does: the export, the 30 days, and the way there.
    const retention = screen.getByRole('region', { name: 'Data Retention and Deletion' });
    expect(within(retention).getByText(/For 30 days you can restore it by signing in\. On day 30 your account and personal/)).toBeInTheDocument();
    expect(within(retention).getByText(/only you can\s+download it, for 7 days/)).toBeInTheDocument();
    expect(within(retention).getByRole('link', { name: 'Your data' })).toHaveAttribute('href', '/account/privacy');
    const contact = screen.getByRole('region', { name: 'Contact' });
    expect(within(contact).getByRole('link', { name: 'privacy@cantica.app' })).toHaveAttribute(
      'href',
      'mailto:privacy@cantica.app',
    );
  });
});

describe('TermsPage', () => {
  it('shows ten numbered sections in order', () => {
    renderAt('/terms');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Terms of Service');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      '1. Introduction',
      '2. Use of Service',
      '3. Account Registration',
      '4. Intellectual Property',
      '5. User Content',
      '6. Privacy',
      '7. Termination',
      '8. Limitation of Liability',
      '9. Changes to Terms',
      '10. Contact Us',
    ]);
    const privacy = screen.getByRole('region', { name: '6. Privacy' });
    expect(within(privacy).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  });
});

describe('AboutPage', () => {
  it('shows the version, the mission and four feature cards', () => {
    renderAt('/about');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('About Cantica');
    expect(screen.getByText('Version v1.0')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Our Mission' })).toBeInTheDocument();
    const offers = screen.getByRole('region', { name: 'What Cantica Offers' });
    expect(within(offers).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Digital Music Library',
      'Liturgical Calendar',
      'Member Management',
      'Performance Analytics',
    ]);
    const values = screen.getByRole('region', { name: 'Our Values' });
    expect(within(values).getAllByRole('heading', { level: 3 })).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'hello@cantica.app' })).toHaveAttribute('href', 'mailto:hello@cantica.app');
  });

  it('renders no header or footer of its own', () => {
    renderAt('/dashboard/about');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('About Cantica');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });
});

describe('PublicLayout', () => {
  it('wraps a page in a header with the product name, a main region and the footer', () => {
    renderAt('/terms');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Cantica' })).toHaveAttribute('href', '/');
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1 })).toHaveTextContent('Terms of Service');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});

describe('Footer', () => {
  function renderFooter() {
    const router = createMemoryRouter([{ path: '/', element: <Footer /> }]);
    render(
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>,
    );
  }

  it('shows the copyright with the current year', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2031, 0, 5));
    renderFooter();
    expect(screen.getByText('© 2031 Cantica. All rights reserved.')).toBeInTheDocument();
    expect(screen.getByText('Streamlining choir management for the modern age.')).toBeInTheDocument();
  });

  it('links to the static pages, the documentation and the mail addresses', () => {
    renderFooter();
    const nav = within(screen.getByRole('contentinfo')).getByRole('navigation', { name: 'Footer' });
    const link = (name: string) => within(nav).getByRole('link', { name });
    expect(link('About Us')).toHaveAttribute('href', '/about');
    expect(link('Privacy Policy')).toHaveAttribute('href', '/privacy-policy');
    expect(link('Terms of Service')).toHaveAttribute('href', '/terms');
    expect(link('Documentation')).toHaveAttribute('href', 'https://docs.cantica.app');
    expect(link('Documentation')).toHaveAttribute('target', '_blank');
    expect(link('Documentation')).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link('Help Center')).toHaveAttribute('href', '/help');
    expect(link('Contact Us')).toHaveAttribute('href', 'mailto:hello@cantica.app');
  });
});
