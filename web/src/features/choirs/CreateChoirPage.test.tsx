import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import billingPlans from '../../test/billingPlans.json';
import { ada, sessionOf } from '../../test/fixtures';
import { CreateChoirPage } from './CreateChoirPage';
import { choirDetails, deferred, fillIn, json, pickOption, renderAt, stubApi } from './testing';

// User events and the half-second pause after creation take a while.
vi.setConfig({ testTimeout: 15000 });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const renderPage = () => renderAt('/choirs/create', <CreateChoirPage />);

async function createChoir(name: string) {
  await fillIn(await screen.findByRole('textbox', { name: /Choir name/ }), name);
  await pickOption(/Country/, 'United S', 'United States');
  const type = screen.getByRole('combobox', { name: /Primary choir type/ });
  await waitFor(() => expect(type).toBeEnabled());
  await userEvent.selectOptions(type, 'Other Focus');
  await userEvent.click(screen.getByRole('button', { name: 'Create Choir' }));
}

describe('CreateChoirPage', () => {
  it('says it is setting up while the session loads', async () => {
    const session = deferred<Response>();
    stubApi({ 'GET /auth/session': () => session.promise });
    renderPage();
    expect(await screen.findByText('Setting up your new choir...')).toBeInTheDocument();
    session.resolve(json(sessionOf(ada, [])));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Additional Choir' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in', async () => {
    stubApi({}, { user: null });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });

  it('shows who the choir is for and, where billing is on, the multi-choir discount', async () => {
    stubApi({ 'GET /billing/plans': () => json(billingPlans) });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Additional Choir' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText(/Creating choir for/)).toHaveTextContent('Creating choir for Ada');
    expect(await screen.findByRole('note')).toHaveTextContent(
      'MULTI-CHOIR DISCOUNT: Save 10% on each additional choir subscription! Pricing automatically adjusted at checkout.',
    );
    expect(screen.getByRole('button', { name: 'Step 1: Create Choir' })).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('button', { name: "Step 2: Get Started" })).toBeDisabled();
    // Each step's visible words are words of its name, in order (WCAG 2.5.3 Label in Name).
    const words = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).join(' ');
    for (const step of within(screen.getByRole('navigation', { name: /step/i })).getAllByRole('button')) {
      expect(` ${words(step.getAttribute('aria-label') ?? '')} `).toContain(` ${words(step.textContent ?? '')} `);
    }
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
  });

  it('on a self-hosted server (billing off) offers no discount', async () => {
    const api = stubApi({ 'GET /billing/plans': () => json({ enabled: false, plans: [] }) });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Additional Choir' })).toBeInTheDocument();
    await waitFor(() => expect(api.count('GET', '/billing/plans')).toBe(1));
    await act(async () => {}); // the answer's render
    expect(screen.queryByText(/DISCOUNT/)).not.toBeInTheDocument();
  });

  it('has a Sign Out button that signs out and goes home', async () => {
    const api = stubApi();
    const { router } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(api.count('POST', '/auth/logout')).toBe(1);
    expect(router.state.location.pathname).toBe('/');
  });

  it('names the user by email when the first name is missing', async () => {
    stubApi({}, { user: { ...ada, firstName: '' } });
    renderPage();
    expect(await screen.findByText(/Creating choir for/)).toHaveTextContent('Creating choir for ada@example.com');
  });

  it('creates the choir, then shows the getting-started page and begins on the dashboard', async () => {
    const api = stubApi({ 'POST /choirs': () => json(choirDetails({ id: 'c2', name: 'Second Choir' }), 201) });
    const { router } = renderPage();
    await createChoir('Second Choir');

    expect(
      await screen.findByRole('heading', { level: 2, name: "You're All Set!" }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('🎵 Second Choir has been created successfully!')).toBeInTheDocument();
    expect(sessionStorage.getItem('activeChoirId')).toBe('c2');
    expect(api.bodies('POST', '/choirs')).toEqual([
      {
        name: 'Second Choir',
        country: 'US',
        religiousAffiliationId: 'aff-other',
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
    ]);

    const quick = screen.getByRole('heading', { level: 3, name: 'Quick actions' }).parentElement!;
    expect(within(quick).getAllByRole('link').map((l) => [l.querySelector('p')?.textContent, l.getAttribute('href')])).toEqual([
      ['Music Library', '/dashboard/music'],
      ['Calendar', '/dashboard/calendar'],
      ['Manage Members', '/dashboard/members'],
      ['Choir Settings', '/dashboard/settings/choir'],
    ]);
    const highlights = screen.getByRole('heading', { level: 3, name: 'What your choir can do' }).parentElement!;
    expect(within(highlights).getByText('Practice tools')).toBeInTheDocument();
    expect(within(highlights).getByText('Liturgical calendar')).toBeInTheDocument();
    expect(within(highlights).getByText('Announcements')).toBeInTheDocument();

    // The created choir is not created twice: its step shows what was made.
    await userEvent.click(screen.getByRole('button', { name: 'Step 1: Create Choir' }));
    expect(await screen.findByText(/has been created\.$/)).toHaveTextContent('Second Choir has been created.');
    expect(screen.queryByRole('button', { name: 'Create Choir' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    await userEvent.click(await screen.findByRole('button', { name: "Let's Begin!" }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(api.count('POST', '/choirs')).toBe(1);
  });
});
