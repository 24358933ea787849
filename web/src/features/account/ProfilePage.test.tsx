import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ada, membership, sessionOf } from '../../test/fixtures';
import type { ChoirMember, MusicalRole } from '../members';
import { stubFetch, type Handler } from '../../test/api';
import { apiError, calls, json, renderAccount, stubApi } from './testing';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

function profileApi(patch: (body: Record<string, unknown>) => Response) {
  return stubApi({
    'GET /account/profile': () => json(ada),
    'PATCH /account/profile': async (req) => patch(await req.json()),
    'GET /auth/session': () => json(sessionOf(ada)),
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
      ['Your data', '/account/privacy'],
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
    expect(sent).toEqual({
      firstName: 'C'.repeat(50),
      lastName: 'Lovelace',
      phoneNumber: '+44 20 7946 0958',
      sharePhone: false,
    });
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

describe('ProfilePage: sharing the phone number', () => {
  it('shows the saved choice and sends the new one with the profile', async () => {
    let sent: Record<string, unknown> = {};
    const sharing = { ...ada, phoneNumber: '+44 20 7946 0958', sharePhone: true };
    stubApi({
      'GET /account/profile': () => json(sharing),
      'PATCH /account/profile': async (req) => {
        sent = await req.json();
        return json({ ...sharing, ...sent });
      },
      'GET /auth/session': () => json(sessionOf(sharing, [])),
    });
    renderAccount('/account/profile');
    const share = await screen.findByRole('checkbox', { name: 'Share my phone number with my choir' });
    expect(share).toBeChecked();
    await userEvent.click(share);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(sent).toMatchObject({ phoneNumber: '+44 20 7946 0958', sharePhone: false });
    expect(share).not.toBeChecked();
  });
});

describe('ProfilePage: my voice parts', () => {
  const parts: MusicalRole[] = [
    { id: 'p-s', name: 'Soprano', sortOrder: 1 },
    { id: 'p-a', name: 'Alto', sortOrder: 2 },
    { id: 'p-t', name: 'Tenor', sortOrder: 3 },
  ];
  const me: ChoirMember = {
    userId: ada.id,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: ada.email,
    phoneNumber: null,
    role: 'member',
    isActive: true,
    joinedDate: '2025-01-01T00:00:00Z',
    musicalRoles: [parts[0]],
  };

  function inChoir(role: 'member' | 'guest', extra: Record<string, Handler> = {}) {
    const user = { ...ada, lastAccessedChoirId: 'c1' };
    return stubFetch({
      'GET /account/profile': () => json(user),
      'GET /auth/session': () => json(sessionOf(user, [membership('c1', 'Bach Choir', role)])),
      'GET /choirs/:choirId/musical-roles': () => json(parts),
      'GET /choirs/:choirId/members': () => json([me]),
      ...extra,
    });
  }

  it("lists the current choir's parts with the user's own ticked, and saves a new choice", async () => {
    const api = inChoir('member', {
      'PUT /choirs/:choirId/members/:userId/musical-roles': (_r, _p, body) => {
        const ids = (body as { musicalRoleIds: string[] }).musicalRoleIds;
        return json({ ...me, musicalRoles: parts.filter((p) => ids.includes(p.id)) });
      },
    });
    renderAccount('/account/profile');
    const section = within(await screen.findByRole('region', { name: 'My voice parts' }));
    expect(section.getByText('The parts you sing in Bach Choir.')).toBeInTheDocument();
    expect(await section.findByRole('checkbox', { name: 'Soprano' })).toBeChecked();
    expect(section.getByRole('checkbox', { name: 'Alto' })).not.toBeChecked();
    await userEvent.click(section.getByRole('checkbox', { name: 'Alto' }));
    await userEvent.click(section.getByRole('checkbox', { name: 'Soprano' }));
    await userEvent.click(section.getByRole('button', { name: 'Save voice parts' }));
    expect(await screen.findByText('Voice parts saved')).toBeInTheDocument();
    expect(api.bodies('PUT', '/choirs/c1/members/u1/musical-roles')).toEqual([{ musicalRoleIds: ['p-a'] }]);
    expect(section.getByRole('checkbox', { name: 'Alto' })).toBeChecked();
    expect(section.getByRole('checkbox', { name: 'Soprano' })).not.toBeChecked();
  });

  it('shows the refusal of a failed save', async () => {
    inChoir('member', {
      'PUT /choirs/:choirId/members/:userId/musical-roles': () =>
        apiError(400, 'VALIDATION_ERROR', 'Unknown voice part.'),
    });
    renderAccount('/account/profile');
    const section = within(await screen.findByRole('region', { name: 'My voice parts' }));
    await userEvent.click(await section.findByRole('checkbox', { name: 'Tenor' }));
    await userEvent.click(section.getByRole('button', { name: 'Save voice parts' }));
    expect(await screen.findByText('Unknown voice part.')).toBeInTheDocument();
  });

  it('is left out without a current choir, and for a guest, who may not read the parts', async () => {
    profileApi(() => json(ada));
    const { unmount } = renderAccount('/account/profile');
    await screen.findByLabelText(/First name/);
    expect(screen.queryByRole('region', { name: 'My voice parts' })).not.toBeInTheDocument();
    unmount();

    const api = inChoir('guest');
    const { queryClient } = renderAccount('/account/profile');
    await screen.findByLabelText(/First name/);
    // Once the session (with the guest membership) is known, the section would show by now.
    await waitFor(() => expect(queryClient.getQueryData(['session'])).toBeDefined());
    expect(screen.queryByRole('region', { name: 'My voice parts' })).not.toBeInTheDocument();
    expect(api.count('GET', '/choirs/c1/musical-roles')).toBe(0);
  });
});
