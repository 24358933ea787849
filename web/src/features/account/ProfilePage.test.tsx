import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ada } from '../../test/fixtures';
import { apiError, calls, json, renderAccount, stubApi } from './testing';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

function profileApi(patch: (body: Record<string, unknown>) => Response) {
  return stubApi({
    'GET /account/profile': () => json(ada),
    'PATCH /account/profile': async (req) => patch(await req.json()),
    'GET /auth/session': () => json({ user: ada }),
  });
}

describe('AccountLayout', () => {
  it('has one h1, the account links, and the page title', async () => {
    profileApi(() => json(ada));
    renderAccount('/account/profile');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Account' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Profile', '/account/profile'],
      ['Security', '/account/security'],
      ['Connected Accounts', '/account/connected'],
      ['Notifications', '/account/notifications'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Security' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('heading', { level: 2, name: 'Profile' })).toBeInTheDocument();
  });

  it('sends /account to the profile page', async () => {
    profileApi(() => json(ada));
    const { router } = renderAccount('/account');
    expect(await screen.findByRole('heading', { level: 2, name: 'Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/profile');
  });

  it('moves between the account pages', async () => {
    stubApi({
      'GET /account/profile': () => json(ada),
      'GET /account/mfa': () => json({ totpEnabled: false, recoveryCodesLeft: 0 }),
      'GET /account/sessions': () => json([]),
    });
    renderAccount('/account/profile');
    await userEvent.click(screen.getByRole('link', { name: 'Security' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Security' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Security' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('ProfilePage', () => {
  it('shows the profile with the email read-only and the right autocomplete hints', async () => {
    profileApi(() => json(ada));
    renderAccount('/account/profile');
    const first = await screen.findByLabelText(/First name/);
    expect(first).toHaveValue('Ada');
    expect(first).toHaveAttribute('autocomplete', 'given-name');
    expect(screen.getByLabelText(/Last name/)).toHaveValue('Lovelace');
    expect(screen.getByLabelText(/Last name/)).toHaveAttribute('autocomplete', 'family-name');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('ada@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('autocomplete', 'tel');
  });

  it('shows the required and too-long messages and sends nothing', async () => {
    const fetchMock = profileApi(() => json(ada));
    renderAccount('/account/profile');
    const first = await screen.findByLabelText(/First name/);
    const last = screen.getByLabelText(/Last name/);
    await userEvent.clear(first);
    await userEvent.clear(last);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();

    await userEvent.type(first, 'A'.repeat(51));
    await userEvent.type(last, 'B'.repeat(51));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('First name is too long')).toBeInTheDocument();
    expect(screen.getByText('Last name is too long')).toBeInTheDocument();
    expect(first).toHaveAccessibleDescription('First name is too long');
    expect(calls(fetchMock, 'PATCH', '/account/profile')).toHaveLength(0);
  });

  it('accepts 50 characters, saves, and says so', async () => {
    let sent: Record<string, unknown> = {};
    const fetchMock = profileApi((body) => {
      sent = body;
      return json({ ...ada, ...body });
    });
    renderAccount('/account/profile');
    const first = await screen.findByLabelText(/First name/);
    await userEvent.clear(first);
    await userEvent.type(first, ` ${'C'.repeat(50)} `);
    await userEvent.type(screen.getByLabelText('Phone number'), '+44 20 7946 0958');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(sent).toEqual({ firstName: 'C'.repeat(50), lastName: 'Lovelace', phoneNumber: '+44 20 7946 0958' });
    expect(calls(fetchMock, 'PATCH', '/account/profile')).toHaveLength(1);
    expect(screen.queryByText('Saving changes...')).not.toBeInTheDocument();
  });

  it('shows the server field errors under the fields and the failure toast', async () => {
    profileApi(() =>
      apiError(400, 'VALIDATION_ERROR', 'Please check your input', { phoneNumber: 'Phone number is not valid' }),
    );
    renderAccount('/account/profile');
    await userEvent.type(await screen.findByLabelText('Phone number'), 'call me');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Phone number is not valid')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(/Phone number is not valid/);
    expect(screen.getByText('Failed to update profile. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Profile updated successfully!')).not.toBeInTheDocument();
  });

  it('asks to sign in again on a 401', async () => {
    profileApi(() => apiError(401, 'AUTH_ERROR', 'Not signed in'));
    renderAccount('/account/profile');
    await screen.findByLabelText(/First name/);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Authentication error. Please try logging in again.')).toBeInTheDocument();
  });

  it('reports an unexpected failure', async () => {
    stubApi({
      'GET /account/profile': () => json(ada),
      'PATCH /account/profile': () => {
        throw new Error('boom');
      },
    });
    renderAccount('/account/profile');
    await screen.findByLabelText(/First name/);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('An unexpected error occurred. Please try again.')).toBeInTheDocument();
  });

  it('offers to try again when the profile cannot load', async () => {
    let fail = true;
    stubApi({
      'GET /account/profile': () => (fail ? apiError(500, 'INTERNAL', 'Server trouble') : json(ada)),
    });
    renderAccount('/account/profile');
    expect(await screen.findByText('Server trouble')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText(/First name/)).toHaveValue('Ada');
  });
});
