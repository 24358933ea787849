import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../api/client';
import billingPlans from '../../test/billingPlans.json';
import { ada, sessionOf } from '../../test/fixtures';
import { apiError, choirDetails, fillIn, json, pickOption, renderAt, stubApi } from '../choirs/testing';
import { stripeRedirect } from '../billing';
import { OnboardingWizard } from './OnboardingWizard';
import { PlanStep, type PlanStepProps } from './PlanStep';

// User events and the half-second pause after creation take a while.
vi.setConfig({ testTimeout: 15000 });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const billingOn = { 'GET /billing/plans': () => json(billingPlans) };
const billingOff = { 'GET /billing/plans': () => json({ enabled: false, plans: [] }) };
const plans = billingPlans.plans as PlanStepProps['plans'];

/** stubWizard answers as a server with billing on, unless handlers say otherwise. */
function stubWizard(...[handlers, options]: Parameters<typeof stubApi>) {
  return stubApi({ ...billingOn, ...handlers }, options);
}

function renderWizard() {
  return renderAt('/choir-registration', <OnboardingWizard />);
}

const step = (n: number, name: string) => screen.getByRole('button', { name: `Step ${n}: ${name}` });
const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });

async function toProfile() {
  await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
  await stepHeading('Your profile');
}

async function toPlan() {
  await toProfile();
  await userEvent.click(screen.getByRole('button', { name: 'Skip for Now' }));
  await stepHeading('Choose your plan');
}

describe('OnboardingWizard entry', () => {
  it('sends a user who already has a choir to the dashboard', async () => {
    stubWizard({}, { user: { ...ada, lastAccessedChoirId: 'c1' } });
    const { router } = renderWizard();
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends a user who just finished onboarding to the dashboard', async () => {
    sessionStorage.setItem('onboardingComplete', 'true');
    stubWizard();
    renderWizard();
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
  });

  it('ignores a completion flag when the user has no choir (another user finished onboarding in this tab)', async () => {
    sessionStorage.setItem('onboardingComplete', 'true');
    stubWizard({}, { choirs: [] });
    const { router } = renderWizard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Cantica' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/choir-registration');
  });

  it('ignores a last-accessed choir the user no longer belongs to', async () => {
    stubWizard({}, { user: { ...ada, lastAccessedChoirId: 'c-gone' }, choirs: [] });
    const { router } = renderWizard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Cantica' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/choir-registration');
  });

  it('sends a global admin without choirs who finished onboarding to the dashboard', async () => {
    sessionStorage.setItem('onboardingComplete', 'true');
    stubWizard({}, { user: { ...ada, isGlobalAdmin: true }, choirs: [] });
    renderWizard();
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in', async () => {
    stubWizard({}, { user: null });
    renderWizard();
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });

  it('welcomes the user with one h1, the step bar and a disabled Back', async () => {
    stubWizard();
    renderWizard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Cantica' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'Getting started' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Onboarding steps' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });
});

describe('OnboardingWizard step bar', () => {
  it('lets the user choose only the current step, earlier ones and completed ones', async () => {
    stubWizard();
    renderWizard();
    await screen.findByRole('button', { name: 'Next' });
    expect(step(1, 'Welcome')).toBeEnabled();
    expect(step(1, 'Welcome')).toHaveAttribute('aria-current', 'step');
    expect(step(2, 'Profile')).toBeDisabled();
    expect(step(3, 'Plan')).toBeDisabled();
    expect(step(4, 'Create Choir')).toBeDisabled();

    await toProfile();
    expect(step(1, 'Welcome')).toBeEnabled();
    expect(step(2, 'Profile')).toHaveAttribute('aria-current', 'step');
    expect(step(3, 'Plan')).toBeDisabled();

    // Skip completes the profile step; going back leaves it choosable.
    await userEvent.click(screen.getByRole('button', { name: 'Skip for Now' }));
    await stepHeading('Choose your plan');
    await userEvent.click(step(1, 'Welcome'));
    await stepHeading('Getting started');
    expect(step(2, 'Profile')).toBeEnabled();
    expect(step(3, 'Plan')).toBeDisabled();
    expect(step(4, 'Create Choir')).toBeDisabled();

    await userEvent.click(step(2, 'Profile'));
    await stepHeading('Your profile');
  });

  it('goes back with Back', async () => {
    stubWizard();
    renderWizard();
    await toProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await stepHeading('Getting started');
  });

  it('signs out and goes home', async () => {
    const api = stubWizard();
    const { router } = renderWizard();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(api.count('POST', '/auth/logout')).toBe(1);
    expect(router.state.location.pathname).toBe('/');
  });

  it('forgets the plan and checkout flags of this user on sign-out', async () => {
    stubWizard({}, { choirs: [] });
    renderWizard();
    await toPlan();
    sessionStorage.setItem('selectedPlan', 'large');
    sessionStorage.setItem('checkoutInitiated', 'true');
    sessionStorage.setItem('pendingCheckout', 'true');
    sessionStorage.setItem('onboardingComplete', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    for (const key of ['selectedPlan', 'checkoutInitiated', 'pendingCheckout', 'onboardingComplete']) {
      expect(sessionStorage.getItem(key)).toBeNull();
    }
  });
});

describe('OnboardingWizard profile step', () => {
  it('starts with the user’s names and skips without saving', async () => {
    const api = stubWizard();
    renderWizard();
    await toProfile();
    expect(screen.getByRole('textbox', { name: /First name/ })).toHaveValue('Ada');
    expect(screen.getByRole('textbox', { name: /Last name/ })).toHaveValue('Lovelace');
    await userEvent.click(screen.getByRole('button', { name: 'Skip for Now' }));
    await stepHeading('Choose your plan');
    expect(api.count('PATCH', '/account/profile')).toBe(0);
  });

  it('checks the names before saving', async () => {
    const api = stubWizard();
    renderWizard();
    await toProfile();
    await userEvent.clear(screen.getByRole('textbox', { name: /First name/ }));
    await userEvent.clear(screen.getByRole('textbox', { name: /Last name/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();

    await fillIn(screen.getByRole('textbox', { name: /First name/ }), 'a'.repeat(51));
    await fillIn(screen.getByRole('textbox', { name: /Last name/ }), 'b'.repeat(51));
    await userEvent.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(await screen.findByText('First name is too long')).toBeInTheDocument();
    expect(screen.getByText('Last name is too long')).toBeInTheDocument();
    expect(api.count('PATCH', '/account/profile')).toBe(0);
  });

  it('saves the profile and moves on', async () => {
    const saved: SessionUser = { ...ada, firstName: 'Augusta', phoneNumber: '+44 20 7946 0000' };
    const api = stubWizard({ 'PATCH /account/profile': () => json(saved) });
    renderWizard();
    await toProfile();
    const first = screen.getByRole('textbox', { name: /First name/ });
    await fillIn(first, 'Augusta');
    await fillIn(screen.getByRole('textbox', { name: 'Phone number' }), '+44 20 7946 0000');
    await userEvent.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    await stepHeading('Choose your plan');
    expect(api.bodies('PATCH', '/account/profile')).toEqual([
      { firstName: 'Augusta', lastName: 'Lovelace', phoneNumber: '+44 20 7946 0000' },
    ]);
  });

  it('stays on the step when saving fails', async () => {
    stubWizard({ 'PATCH /account/profile': () => apiError(500, 'UPDATE_FAILED', 'database down') });
    renderWizard();
    await toProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(await screen.findByText('Failed to update profile. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Your profile' })).toBeInTheDocument();
  });
});

describe('OnboardingWizard plan step', () => {
  it('offers the three plans with Medium selected and tagged MOST POPULAR', async () => {
    stubWizard();
    renderWizard();
    await toPlan();
    const toggle = screen.getByRole('button', { name: 'Having trouble? Click here for alternative pricing options' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const group = screen.getByRole('radiogroup', { name: 'Plan' });
    const cards = within(group).getAllByRole('radio');
    expect(cards.map((c) => c.getAttribute('data-plan'))).toEqual(['small', 'medium', 'large']);
    const medium = within(group).getByRole('radio', { name: 'Medium Choir MOST POPULAR' });
    expect(medium).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Small Choir' })).not.toBeChecked();
    expect(medium).toHaveTextContent('$19/month');
    expect(medium).toHaveTextContent('Up to 30 members');
    expect(within(group).getByRole('radio', { name: 'Small Choir' })).toHaveTextContent('$12/month');
    expect(within(group).getByRole('radio', { name: 'Large Choir' })).toHaveTextContent('$29/month');
    expect(screen.getByText(/30-day free trial on every plan, and no card needed to start/)).toBeInTheDocument();
  });

  it('records the chosen plan', async () => {
    stubWizard();
    renderWizard();
    await toPlan();
    await userEvent.click(screen.getByRole('radio', { name: 'Large Choir' }));
    expect(screen.getByRole('radio', { name: 'Large Choir' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Medium Choir MOST POPULAR' })).not.toBeChecked();
    expect(sessionStorage.getItem('selectedPlan')).toBe('large');
  });

  it('on a self-hosted server (billing off), has no plan step and shows no price', async () => {
    stubWizard(billingOff, { choirs: [] });
    renderWizard();
    expect(await screen.findByText('Create your choir: its name, where it sings and its tradition.')).toBeInTheDocument();
    expect(screen.queryByText(/free trial/)).not.toBeInTheDocument();
    await toProfile();
    const bar = screen.getByRole('navigation', { name: 'Onboarding steps' });
    expect(within(bar).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Step 1: Welcome',
      'Step 2: Profile',
      'Step 3: Create Choir',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Skip for Now' }));
    await stepHeading('Create your choir');
    expect(step(3, 'Create Choir')).toHaveAttribute('aria-current', 'step');
    expect(screen.queryByText(/\$\d+/)).not.toBeInTheDocument();
  });

  it('with a payment provider, goes to Stripe Checkout with the plan', async () => {
    const go = vi.spyOn(stripeRedirect, 'go').mockImplementation(() => {});
    const api = stubWizard({ 'POST /billing/checkout': () => json({ url: 'https://checkout.stripe.test/c/pay/cs_1' }) });
    renderWizard();
    await toPlan();
    await userEvent.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(await screen.findByText('Redirecting to checkout for Medium plan...')).toBeInTheDocument();
    expect(sessionStorage.getItem('selectedPlan')).toBe('medium');
    expect(sessionStorage.getItem('pendingCheckout')).toBe('true');
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_1'));
    expect(api.bodies('POST', '/billing/checkout')).toEqual([{ plan: 'medium' }]);
  });

  it('back from Stripe Checkout, opens at the plan step to continue setup, and the new choir takes the subscription over', async () => {
    sessionStorage.setItem('selectedPlan', 'large');
    sessionStorage.setItem('pendingCheckout', 'true');
    const api = stubWizard({
      'POST /choirs': (_req, _params, body) => json(choirDetails({ ...(body as object), id: 'c9' }), 201),
      'POST /choirs/c9/billing/link': () => json({ plan: 'large', status: 'trialing', standing: 'trial', trialEndsAt: '2026-12-23T10:00:00Z', trialDaysLeft: 30, paid: true, canManage: true, comped: false }),
    });
    const { router } = renderAt('/choir-registration', <OnboardingWizard />, ['/choir-registration?checkout=success&session_id=cs_test_paid']);
    await stepHeading('Choose your plan');
    expect(screen.getByRole('radio', { name: /Large Choir/ })).toBeChecked();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(sessionStorage.getItem('checkoutInitiated')).toBe('true');
    expect(sessionStorage.getItem('pendingCheckout')).toBe('cs_test_paid');
    await userEvent.click(screen.getByRole('button', { name: 'Continue Setup' }));
    expect(await screen.findByText('Payment confirmed! Setting up your choir...')).toBeInTheDocument();
    await stepHeading('Create your choir');
    await fillIn(screen.getByRole('textbox', { name: /Choir name/ }), 'St Cecilia Singers');
    await pickOption(/Country/, 'Fra', 'France');
    const type = screen.getByRole('combobox', { name: /Primary choir type/ });
    await waitFor(() => expect(type).toBeEnabled());
    await userEvent.selectOptions(type, 'Faith-Based / Religious');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: /Specific tradition\/denomination/ }),
      'Roman Catholic (Traditional) (calendar uploaded)',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create Choir' }));
    await waitFor(() => expect(api.bodies('POST', '/choirs/c9/billing/link')).toEqual([{ sessionId: 'cs_test_paid' }]));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' }, { timeout: 3000 })).toBeInTheDocument();
    expect(sessionStorage.getItem('pendingCheckout')).toBeNull();
  }, 45000);

  it('with a payment provider and checkout initiated, confirms and continues setup', async () => {
    sessionStorage.setItem('checkoutInitiated', 'true');
    sessionStorage.setItem('selectedPlan', 'small');
    stubWizard();
    renderWizard();
    await toPlan();
    expect(screen.getByRole('radio', { name: 'Small Choir' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Continue Setup' }));
    expect(await screen.findByText('Payment confirmed! Setting up your choir...')).toBeInTheDocument();
    await stepHeading('Create your choir');
  });

  it('asks for a plan when none is chosen', async () => {
    stubWizard();
    const onContinue = vi.fn();
    renderAt(
      '/plan',
      <PlanStep plans={plans} plan={null} onPlanChange={() => {}} onBack={() => {}} onContinue={onContinue} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Proceed to Checkout' }));
    expect(await screen.findByText('Please select a plan to continue')).toBeInTheDocument();
    expect(onContinue).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('selectedPlan')).toBeNull();
  });

  it('folds the alternative pricing options away and back', async () => {
    stubWizard();
    renderWizard();
    await toPlan();
    const toggle = screen.getByRole('button', { name: 'Having trouble? Click here for alternative pricing options' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('OnboardingWizard choir step', () => {
  it('creates the choir with the chosen plan, completes onboarding and lands on the dashboard', async () => {
    sessionStorage.setItem('checkoutInitiated', 'true');
    let created = false;
    const api = stubWizard({
      'POST /choirs': () => {
        created = true;
        return json(choirDetails({ id: 'c7', name: 'Schola Nova' }), 201);
      },
      'GET /auth/session': () => json(sessionOf({ ...ada, lastAccessedChoirId: created ? 'c7' : null }, [])),
    });
    const { router } = renderWizard();
    await toPlan();
    await userEvent.click(screen.getByRole('button', { name: 'Continue Setup' }));
    await stepHeading('Create your choir');
    expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();

    await fillIn(screen.getByRole('textbox', { name: /Choir name/ }), 'Schola Nova');
    await pickOption(/Country/, 'Fra', 'France');
    const type = screen.getByRole('combobox', { name: /Primary choir type/ });
    await waitFor(() => expect(type).toBeEnabled());
    await userEvent.selectOptions(type, 'Faith-Based / Religious');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: /Specific tradition\/denomination/ }),
      'Roman Catholic (Traditional) (calendar uploaded)',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create Choir' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard page' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText('🎵 Schola Nova has been created successfully!')).toBeInTheDocument();
    expect(sessionStorage.getItem('onboardingComplete')).toBe('true');
    expect(sessionStorage.getItem('activeChoirId')).toBe('c7');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(api.bodies('POST', '/choirs')).toEqual([
      {
        name: 'Schola Nova',
        country: 'FR',
        religiousAffiliationId: 'aff-roman',
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        plan: 'medium',
      },
    ]);
  }, 30000);
});
