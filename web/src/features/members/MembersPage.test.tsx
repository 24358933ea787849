import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../components/format';
import type { ChoirMember, Invitation } from './api';
import { filterMembers, NO_FILTERS, NO_VOICE_PART } from './filters';
import { validateInvite } from './InviteMemberModal';
import { MembersPage } from './MembersPage';
import {
  ADA,
  ALTO,
  apiError,
  BASS,
  CLARA,
  EXPIRED,
  GRACE,
  json,
  MEMBERS,
  noContent,
  PENDING,
  pretendSmallScreen,
  renderPage,
  serveChoir,
  SOPRANO,
  TENOR,
  VOICE_PARTS,
  type ChoirServer,
} from './testing';

const LAST_ADMIN =
  'A choir needs at least one active administrator. Make another member an administrator first.';

function renderMembers(server: ChoirServer = {}, path = '/dashboard/members') {
  const api = serveChoir(server);
  return { api, state: api.state, ...renderPage(path, <MembersPage />) };
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
const shownNames = () =>
  within(screen.getByRole('table', { name: 'Members' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent);

async function pick(label: string | RegExp, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

async function openMenu(name: string, item: string) {
  await userEvent.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('filterMembers', () => {
  it('searches names and emails, ignoring case and word order', () => {
    const names = (search: string) => filterMembers(MEMBERS, { ...NO_FILTERS, search }).map((m) => m.firstName);
    expect(names('')).toEqual(['Alan', 'Ada', 'Grace', 'Clara']);
    expect(names('GRACE')).toEqual(['Grace']);
    expect(names('lovelace ada')).toEqual(['Ada']);
    expect(names('bletchley')).toEqual(['Alan']);
    expect(names('nobody')).toEqual([]);
  });

  it('filters by voice part, no voice part, and role', () => {
    const names = (filters: Partial<typeof NO_FILTERS>) =>
      filterMembers(MEMBERS, { ...NO_FILTERS, ...filters }).map((m) => m.firstName);
    expect(names({ voicePart: TENOR.id })).toEqual(['Alan']);
    expect(names({ voicePart: NO_VOICE_PART })).toEqual(['Clara']);
    expect(names({ role: 'member' })).toEqual(['Alan', 'Grace']);
    expect(names({ role: 'member', voicePart: ALTO.id })).toEqual(['Grace']);
  });
});

describe('MembersPage for a member', () => {
  const memberView = { role: 'member' as const, members: [ADA, GRACE, CLARA] };

  it('lists the directory: names, voice parts, contact links, roles and joined dates', async () => {
    renderMembers(memberView);
    expect(screen.getByRole('heading', { level: 1, name: 'Members' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Members' });
    expect(shownNames()).toEqual(['Ada Lovelace', 'Grace Hopper', 'Clara Schumann']);

    const ada = within(rowOf('Ada Lovelace'));
    expect(ada.getByText('Soprano')).toBeInTheDocument();
    expect(ada.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', 'mailto:ada@example.com');
    expect(ada.getByRole('link', { name: '+44 20 7946 0000' })).toHaveAttribute('href', 'tel:+442079460000');
    expect(ada.getByText('Choir Administrator')).toBeInTheDocument();
    expect(ada.getByText(formatDate(ADA.joinedDate))).toBeInTheDocument();

    // No number sent, no phone link.
    const grace = within(rowOf('Grace Hopper'));
    expect(grace.getAllByRole('link')).toHaveLength(1);
    expect(grace.getByText('Member')).toBeInTheDocument();
    expect(within(rowOf('Clara Schumann')).getByText('Guest')).toBeInTheDocument();
    expect(screen.getByText('3 members')).toBeInTheDocument();
  });

  it('shows none of the administrator controls and never asks for the invitations', async () => {
    const { api } = renderMembers(memberView);
    await screen.findByRole('table', { name: 'Members' });
    expect(screen.queryByRole('button', { name: 'Invite Member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^Role of/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pending Invitations' })).not.toBeInTheDocument();
    expect(api.count('GET', '/choirs/c1/invitations')).toBe(0);
  });

  it('searches by name or email', async () => {
    renderMembers(memberView);
    await screen.findByRole('table', { name: 'Members' });
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await userEvent.type(search, 'hopper');
    expect(shownNames()).toEqual(['Grace Hopper']);
    expect(screen.getByText('Showing 1 of 3 members')).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'clara@');
    expect(shownNames()).toEqual(['Clara Schumann']);
    await userEvent.clear(search);
    await userEvent.type(search, 'nobody');
    expect(screen.getByText('No members match your search.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Members' })).not.toBeInTheDocument();
  });

  it('filters by voice part and by role', async () => {
    renderMembers(memberView);
    await screen.findByRole('table', { name: 'Members' });
    await pick('Voice part', 'Alto');
    expect(shownNames()).toEqual(['Grace Hopper']);
    await pick('Voice part', 'No voice part');
    expect(shownNames()).toEqual(['Clara Schumann']);
    await pick('Voice part', 'Soprano');
    expect(shownNames()).toEqual(['Ada Lovelace']);
    await pick('Role', 'Member');
    expect(screen.getByText('No members match your search.')).toBeInTheDocument();
    await pick('Role', 'Choir Administrator');
    expect(shownNames()).toEqual(['Ada Lovelace']);
  });

  it('says so when the directory cannot load', async () => {
    renderMembers({ role: 'member', handlers: { 'GET /choirs/:choirId/members': () => apiError(500, 'INTERNAL', 'boom') } });
    expect(
      await screen.findByText('Unable to load choir members. Please refresh the page and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('tells a guest the directory is for members, without asking the server', async () => {
    const { api } = renderMembers({ role: 'guest' }, '/members');
    expect(
      await screen.findByText("The member directory is open to the choir's members and administrators."),
    ).toBeInTheDocument();
    expect(api.count('GET', '/choirs/c1/members')).toBe(0);
  });

  it('shows stacked cards instead of a table on a small screen', async () => {
    const restore = pretendSmallScreen();
    try {
      renderMembers(memberView);
      const list = await screen.findByRole('list', { name: 'Members' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const grace = within(within(list).getByRole('listitem', { name: 'Grace Hopper' }));
      expect(grace.getByText(/^Voice parts:/)).toHaveTextContent('Voice parts: Alto');
      expect(grace.getByRole('link', { name: 'grace@example.com' })).toHaveAttribute('href', 'mailto:grace@example.com');
    } finally {
      restore();
    }
  });
});

describe('MembersPage for an administrator', () => {
  it('adds the administrator tools, inactive members marked, and the export link', async () => {
    renderMembers();
    await screen.findByRole('table', { name: 'Members' });
    expect(screen.getByRole('button', { name: 'Invite Member' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import CSV' })).toBeInTheDocument();
    const exportLink = screen.getByRole('link', { name: 'Export CSV' });
    expect(exportLink).toHaveAttribute('href', '/api/v1/choirs/c1/members/export');
    expect(exportLink).toHaveAttribute('download');
    expect(within(rowOf('Alan Turing')).getByText('Inactive')).toBeInTheDocument();
    expect(within(rowOf('Grace Hopper')).queryByText('Inactive')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Role of Grace Hopper' })).toHaveValue('Member');
  });

  it('changes a role, and shows the last-administrator refusal while keeping the saved role', async () => {
    const { api } = renderMembers({
      handlers: {
        'PATCH /choirs/:choirId/members/:userId': (_r, { userId }, body) =>
          userId === ADA.userId
            ? apiError(409, 'LAST_ADMIN', LAST_ADMIN)
            : json({ ...GRACE, ...(body as Partial<ChoirMember>) }),
      },
    });
    await screen.findByRole('table', { name: 'Members' });

    await pick('Role of Ada Lovelace', 'Member');
    expect(await screen.findByText(LAST_ADMIN)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Role of Ada Lovelace' })).toHaveValue('Choir Administrator');

    await pick('Role of Grace Hopper', 'Guest');
    expect(await screen.findByText('Grace Hopper is now Guest')).toBeInTheDocument();
    expect(api.bodies('PATCH', '/choirs/c1/members/u1')).toEqual([{ role: 'member' }]);
    expect(api.bodies('PATCH', '/choirs/c1/members/u2')).toEqual([{ role: 'guest' }]);
  });

  it('falls back to the members message when the server cannot be reached', async () => {
    renderMembers({
      handlers: {
        'PATCH /choirs/:choirId/members/:userId': () => {
          throw new TypeError('Failed to fetch');
        },
      },
    });
    await screen.findByRole('table', { name: 'Members' });
    await openMenu('Grace Hopper', 'Deactivate');
    expect(await screen.findByText('Unable to update member information. Please try again.')).toBeInTheDocument();
  });

  it('deactivates and reactivates a member', async () => {
    const { api, state } = renderMembers({
      handlers: {
        'PATCH /choirs/:choirId/members/:userId': (_r, { userId }, body) => {
          const { isActive } = body as { isActive: boolean };
          state.members = state.members.map((m) => (m.userId === userId ? { ...m, isActive } : m));
          return json(state.members.find((m) => m.userId === userId));
        },
      },
    });
    await screen.findByRole('table', { name: 'Members' });
    await openMenu('Grace Hopper', 'Deactivate');
    expect(await within(rowOf('Grace Hopper')).findByText('Inactive')).toBeInTheDocument();
    await openMenu('Alan Turing', 'Reactivate');
    await waitFor(() => expect(within(rowOf('Alan Turing')).queryByText('Inactive')).not.toBeInTheDocument());
    expect(api.bodies('PATCH', '/choirs/c1/members/u2')).toEqual([{ isActive: false }]);
    expect(api.bodies('PATCH', '/choirs/c1/members/u3')).toEqual([{ isActive: true }]);
  });

  it('removes a member only after the confirmation', async () => {
    const { api, state } = renderMembers({
      handlers: {
        'DELETE /choirs/:choirId/members/:userId': (_r, { userId }) => {
          state.members = state.members.filter((m) => m.userId !== userId);
          return noContent();
        },
      },
    });
    await screen.findByRole('table', { name: 'Members' });
    await openMenu('Clara Schumann', 'Remove');
    const dialog = await screen.findByRole('dialog', { name: 'Remove Clara Schumann?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.count('DELETE', '/choirs/c1/members/u4')).toBe(0);

    await openMenu('Clara Schumann', 'Remove');
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Clara Schumann removed from the choir')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Clara Schumann/ })).not.toBeInTheDocument());
    expect(api.count('DELETE', '/choirs/c1/members/u4')).toBe(1);
  });

  it('shows the last-administrator refusal of a removal', async () => {
    renderMembers({
      handlers: { 'DELETE /choirs/:choirId/members/:userId': () => apiError(409, 'LAST_ADMIN', LAST_ADMIN) },
    });
    await screen.findByRole('table', { name: 'Members' });
    await openMenu('Ada Lovelace', 'Remove');
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(LAST_ADMIN)).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Ada Lovelace/ })).toBeInTheDocument();
  });

  it("assigns voice parts with a checkbox per part of the choir", async () => {
    const { api, state } = renderMembers({
      handlers: {
        'PUT /choirs/:choirId/members/:userId/musical-roles': (_r, _p, body) => {
          const ids = (body as { musicalRoleIds: string[] }).musicalRoleIds;
          const saved = { ...GRACE, musicalRoles: VOICE_PARTS.filter((p) => ids.includes(p.id)) };
          state.members = state.members.map((m) => (m.userId === saved.userId ? saved : m));
          return json(saved);
        },
      },
    });
    await screen.findByRole('table', { name: 'Members' });
    await openMenu('Grace Hopper', 'Assign voice parts');
    const dialog = within(await screen.findByRole('dialog', { name: 'Voice parts of Grace Hopper' }));
    expect(dialog.getAllByRole('checkbox').map((c) => c.getAttribute('value'))).toEqual(VOICE_PARTS.map((p) => p.id));
    expect(dialog.getByRole('checkbox', { name: 'Alto' })).toBeChecked();
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Soprano' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save voice parts' }));
    expect(await screen.findByText('Voice parts saved for Grace Hopper')).toBeInTheDocument();
    expect(api.bodies('PUT', '/choirs/c1/members/u2/musical-roles')).toEqual([{ musicalRoleIds: [ALTO.id, SOPRANO.id] }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(rowOf('Grace Hopper')).getByText('Soprano, Alto')).toBeInTheDocument();
  });
});

describe('validateInvite', () => {
  const valid = {
    firstName: 'Fanny',
    lastName: 'Mendelssohn',
    email: 'fanny@example.com',
    role: 'member' as const,
    voiceParts: [],
  };

  it('accepts names of up to 100 characters, counting characters rather than UTF-16 units', () => {
    expect(validateInvite({ ...valid, firstName: 'a'.repeat(100), lastName: '𝄞'.repeat(100) })).toEqual({});
    expect(validateInvite({ ...valid, firstName: ` ${'é'.repeat(100)} ` })).toEqual({});
  });

  it('says which name is too long beyond 100 characters', () => {
    expect(validateInvite({ ...valid, firstName: 'a'.repeat(101) })).toEqual({ firstName: 'First name is too long' });
    expect(validateInvite({ ...valid, lastName: '𝄞'.repeat(101) })).toEqual({ lastName: 'Last name is too long' });
  });

  it('asks for the names and a valid email first', () => {
    expect(validateInvite({ ...valid, firstName: ' ', lastName: '', email: 'fanny@' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Please enter a valid email address',
    });
  });
});

describe('Invite Member', () => {
  async function openInvite() {
    await screen.findByRole('table', { name: 'Members' });
    await userEvent.click(screen.getByRole('button', { name: 'Invite Member' }));
    return within(await screen.findByRole('dialog', { name: 'Invite Member' }));
  }

  async function fill(dialog: ReturnType<typeof within>, email = 'fanny@example.com') {
    // Pasted rather than typed, one keystroke at a time: on a busy machine
    // typing three fields alone came close to the five-second test limit.
    for (const [name, text] of [
      [/^First name/, 'Fanny'],
      [/^Last name/, 'Mendelssohn'],
      [/^Email/, email],
    ] as const) {
      await userEvent.click(dialog.getByRole('textbox', { name }));
      await userEvent.paste(text);
    }
  }

  it('checks the fields before sending', async () => {
    const { api } = renderMembers();
    const dialog = await openInvite();
    await userEvent.click(dialog.getByRole('button', { name: 'Send Invitation' }));
    expect(dialog.getByRole('textbox', { name: /^First name/ })).toHaveAccessibleDescription('First name is required');
    expect(dialog.getByRole('textbox', { name: /^Last name/ })).toHaveAccessibleDescription('Last name is required');
    expect(dialog.getByRole('textbox', { name: /^Email/ })).toHaveAccessibleDescription('Email is required');
    expect(api.count('POST', '/choirs/c1/invitations')).toBe(0);
  });

  it('refuses names longer than 100 characters, as the server does', async () => {
    const { api } = renderMembers();
    const dialog = await openInvite();
    for (const [name, text] of [
      [/^First name/, 'a'.repeat(100)],
      [/^Last name/, 'b'.repeat(101)],
      [/^Email/, 'fanny@example.com'],
    ] as const) {
      await userEvent.click(dialog.getByRole('textbox', { name }));
      await userEvent.paste(text);
    }
    await userEvent.click(dialog.getByRole('button', { name: 'Send Invitation' }));
    expect(dialog.getByRole('textbox', { name: /^Last name/ })).toHaveAccessibleDescription('Last name is too long');
    expect(dialog.getByRole('textbox', { name: /^First name/ })).not.toHaveAccessibleDescription();
    expect(api.count('POST', '/choirs/c1/invitations')).toBe(0);
  });

  it("shows the server's field messages under their fields", async () => {
    renderMembers({
      handlers: {
        'POST /choirs/:choirId/invitations': () =>
          apiError(400, 'VALIDATION_ERROR', 'Please check the highlighted fields.', {
            email: 'This address cannot receive email',
            lastName: 'Last name is too long',
          }),
      },
    });
    const dialog = await openInvite();
    await fill(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() =>
      expect(dialog.getByRole('textbox', { name: /^Email/ })).toHaveAccessibleDescription('This address cannot receive email'),
    );
    expect(dialog.getByRole('textbox', { name: /^Last name/ })).toHaveAccessibleDescription('Last name is too long');
    expect(screen.getByRole('dialog', { name: 'Invite Member' })).toBeInTheDocument();
  });

  it("shows the server's refusal of an address already invited", async () => {
    renderMembers({
      handlers: {
        'POST /choirs/:choirId/invitations': () =>
          apiError(409, 'EMAIL_ALREADY_INVITED', 'An invitation is already pending for this email address.'),
      },
    });
    const dialog = await openInvite();
    await fill(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('An invitation is already pending for this email address.')).toBeInTheDocument();
  });

  it('falls back to the invitation message when the server cannot be reached', async () => {
    renderMembers({
      handlers: {
        'POST /choirs/:choirId/invitations': () => {
          throw new TypeError('Failed to fetch');
        },
      },
    });
    const dialog = await openInvite();
    await fill(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Send Invitation' }));
    expect(
      await screen.findByText('Failed to send member invitation. Please check the email address and try again.'),
    ).toBeInTheDocument();
  });

  it('sends the invitation as Member by default, names the address and refreshes the list', async () => {
    const added: Invitation = { ...PENDING, id: 'inv-9', email: 'nadia@example.com', firstName: 'Nadia', lastName: 'Boulanger', role: 'choir_admin' };
    const { api, state } = renderMembers({
      invitations: [],
      handlers: {
        'POST /choirs/:choirId/invitations': () => {
          state.invitations = [added];
          return json(added, 201);
        },
      },
    });
    expect(await screen.findByText('No pending invitations.')).toBeInTheDocument();
    const dialog = await openInvite();
    expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveValue('Member');
    await fill(dialog, ' nadia@example.com ');
    await userEvent.click(dialog.getByRole('combobox', { name: 'Role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Choir Administrator' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('Invitation sent to nadia@example.com')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('listitem', { name: 'nadia@example.com' })).toBeInTheDocument();
    expect(api.bodies('POST', '/choirs/c1/invitations')).toEqual([
      { firstName: 'Fanny', lastName: 'Mendelssohn', email: 'nadia@example.com', role: 'choir_admin', musicalRoleIds: [] },
    ]);
  });

  it("offers the choir's voice parts and sends those chosen with the invitation", async () => {
    const { api } = renderMembers({
      handlers: { 'POST /choirs/:choirId/invitations': () => json({ ...PENDING, musicalRoles: [TENOR] }, 201) },
    });
    const dialog = await openInvite();
    await fill(dialog);
    await userEvent.click(dialog.getByLabelText('Voice parts', { selector: 'input' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Soprano', 'Alto', 'Tenor', 'Bass']);
    await userEvent.click(screen.getByRole('option', { name: 'Tenor' }));
    await userEvent.click(screen.getByRole('option', { name: 'Bass' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('Invitation sent to fanny@example.com')).toBeInTheDocument();
    expect(api.bodies('POST', '/choirs/c1/invitations')).toEqual([
      { firstName: 'Fanny', lastName: 'Mendelssohn', email: 'fanny@example.com', role: 'member', musicalRoleIds: [TENOR.id, BASS.id] },
    ]);
  });

  it("shows the server's refusal of the voice parts under them", async () => {
    renderMembers({
      handlers: {
        'POST /choirs/:choirId/invitations': () =>
          apiError(400, 'VALIDATION_ERROR', 'Please choose voice parts of this choir.', {
            musicalRoleIds: 'Please choose voice parts of this choir.',
          }),
      },
    });
    const dialog = await openInvite();
    await fill(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Send Invitation' }));
    expect(await dialog.findByText('Please choose voice parts of this choir.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Invite Member' })).toBeInTheDocument();
  });
});

describe('Pending Invitations', () => {
  it('lists who was invited, as what, when, and until when or that it expired', async () => {
    renderMembers();
    const list = await screen.findByRole('list', { name: 'Pending invitations' });
    const fanny = within(within(list).getByRole('listitem', { name: PENDING.email }));
    expect(fanny.getByText('Fanny Mendelssohn · Member')).toBeInTheDocument();
    expect(fanny.getByText(`Sent ${formatDate(PENDING.sentAt)} · Expires ${formatDate(PENDING.expiresAt)}`)).toBeInTheDocument();
    expect(fanny.queryByText('Expired')).not.toBeInTheDocument();
    const hildegard = within(within(list).getByRole('listitem', { name: EXPIRED.email }));
    expect(hildegard.getByText('Expired')).toBeInTheDocument();
    expect(hildegard.getByText('Hildegard Bingen · Guest')).toBeInTheDocument();
  });

  it('sends an invitation again', async () => {
    const { api } = renderMembers({
      handlers: { 'POST /choirs/:choirId/invitations/:invitationId/resend': () => json(EXPIRED) },
    });
    const row = within(await screen.findByRole('listitem', { name: EXPIRED.email }));
    const before = api.count('GET', '/choirs/c1/invitations');
    await userEvent.click(row.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Invitation sent again to hildegard@example.com')).toBeInTheDocument();
    expect(api.count('POST', '/choirs/c1/invitations/inv-2/resend')).toBe(1);
    await waitFor(() => expect(api.count('GET', '/choirs/c1/invitations')).toBeGreaterThan(before));
  });

  it('revokes an invitation after the confirmation', async () => {
    const { api, state } = renderMembers({
      handlers: {
        'DELETE /choirs/:choirId/invitations/:invitationId': (_r, { invitationId }) => {
          state.invitations = state.invitations.filter((i) => i.id !== invitationId);
          return noContent();
        },
      },
    });
    const row = within(await screen.findByRole('listitem', { name: PENDING.email }));
    await userEvent.click(row.getByRole('button', { name: 'Revoke' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Revoke invitation?' }));
    expect(dialog.getByText(/fanny@example.com will stop working/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Invitation to fanny@example.com revoked')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: PENDING.email })).not.toBeInTheDocument());
    expect(api.count('DELETE', '/choirs/c1/invitations/inv-1')).toBe(1);
  });
});

describe('Import CSV', () => {
  const preview = {
    ready: 2,
    skipped: 1,
    failed: 1,
    rows: [
      { line: 2, firstName: 'Fanny', lastName: 'M', email: 'fanny@example.com', role: 'member', musicalRoles: [SOPRANO, ALTO], outcome: 'invite', message: '' },
      { line: 3, firstName: 'Nadia', lastName: 'B', email: 'nadia@example.com', role: 'choir_admin', musicalRoles: [], outcome: 'invite', message: '' },
      { line: 4, firstName: 'Ada', lastName: 'L', email: 'ada@example.com', role: 'member', musicalRoles: [], outcome: 'skip', message: 'Already a member of the choir' },
      { line: 5, firstName: 'Tom', lastName: 'T', email: 'tom@example.com', role: 'member', musicalRoles: [], outcome: 'error', message: 'No voice part named "Tenor 3" in this choir.' },
    ],
  };
  const result = {
    invited: 2,
    skipped: 1,
    failed: 1,
    rows: [
      { line: 2, email: 'fanny@example.com', outcome: 'invited', message: '' },
      { line: 3, email: 'nadia@example.com', outcome: 'invited', message: '' },
      { line: 4, email: 'ada@example.com', outcome: 'skipped', message: 'Already a member of the choir' },
      { line: 5, email: 'tom@example.com', outcome: 'error', message: 'No voice part named "Tenor 3" in this choir.' },
    ],
  };

  async function openImport() {
    await screen.findByRole('table', { name: 'Members' });
    await userEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    return within(await screen.findByRole('dialog', { name: 'Import CSV' }));
  }

  const cells = (table: HTMLElement) =>
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));

  it('previews every row with its role, voice parts and problem, and sends nothing until confirmed', async () => {
    const csv = 'first name,last name,email,role,voice parts\nFanny,Mendelssohn,fanny@example.com,Member,Soprano;Alto';
    const { api } = renderMembers({
      handlers: {
        'POST /choirs/:choirId/invitations/import/preview': () => json(preview),
        'POST /choirs/:choirId/invitations/import': () => json(result),
      },
    });
    const dialog = await openImport();
    expect(dialog.getByText(/role: Member, Choir Administrator or Guest/)).toBeInTheDocument();
    expect(dialog.getByText(/voice parts: .*separated by ;/)).toBeInTheDocument();

    await userEvent.click(dialog.getByRole('button', { name: 'Preview' }));
    expect(dialog.getByRole('textbox', { name: 'CSV rows' })).toHaveAccessibleDescription(
      'Paste the rows to import, or choose a .csv file',
    );
    expect(api.count('POST', '/choirs/c1/invitations/import/preview')).toBe(0);

    await userEvent.click(dialog.getByRole('textbox', { name: 'CSV rows' }));
    await userEvent.paste(csv);
    await userEvent.click(dialog.getByRole('button', { name: 'Preview' }));

    expect(await dialog.findByText('2 ready to send, 1 row with a problem, 1 skipped')).toBeInTheDocument();
    expect(dialog.getByText("This choir's voice parts: Soprano, Alto, Tenor, Bass")).toBeInTheDocument();
    expect(cells(dialog.getByRole('table', { name: 'Import preview' }))).toEqual([
      ['2', 'fanny@example.com', 'Member', 'Soprano, Alto', 'Ready', ''],
      ['3', 'nadia@example.com', 'Choir Administrator', '', 'Ready', ''],
      ['4', 'ada@example.com', 'Member', '', 'Skipped', 'Already a member of the choir'],
      ['5', 'tom@example.com', 'Member', '', 'Problem', 'No voice part named "Tenor 3" in this choir.'],
    ]);
    expect(api.bodies('POST', '/choirs/c1/invitations/import/preview')).toEqual([{ csv }]);
    expect(api.count('POST', '/choirs/c1/invitations/import')).toBe(0);

    // Back to edit keeps the text; a change there is not what is sent.
    await userEvent.click(dialog.getByRole('button', { name: 'Back to edit' }));
    expect(dialog.getByRole('textbox', { name: 'CSV rows' })).toHaveValue(csv);
    await userEvent.click(dialog.getByRole('button', { name: 'Preview' }));

    const before = api.count('GET', '/choirs/c1/invitations');
    await userEvent.click(await dialog.findByRole('button', { name: 'Send 2 invitations' }));
    expect(await dialog.findByText('2 invited, 1 skipped, 1 failed')).toBeInTheDocument();
    expect(cells(dialog.getByRole('table', { name: 'Import results' }))).toEqual([
      ['2', 'fanny@example.com', 'Invited', ''],
      ['3', 'nadia@example.com', 'Invited', ''],
      ['4', 'ada@example.com', 'Skipped', 'Already a member of the choir'],
      ['5', 'tom@example.com', 'Error', 'No voice part named "Tenor 3" in this choir.'],
    ]);
    // Exactly the text previewed, once.
    expect(api.bodies('POST', '/choirs/c1/invitations/import')).toEqual([{ csv }]);
    await waitFor(() => expect(api.count('GET', '/choirs/c1/invitations')).toBeGreaterThan(before));
  });

  it('offers no sending when no row is ready', async () => {
    const { api } = renderMembers({
      handlers: {
        'POST /choirs/:choirId/invitations/import/preview': () =>
          json({ ...preview, ready: 0, skipped: 0, failed: 1, rows: [preview.rows[3]] }),
      },
    });
    const dialog = await openImport();
    await userEvent.click(dialog.getByRole('textbox', { name: 'CSV rows' }));
    await userEvent.paste('Tom,T,tom@example.com,member,Tenor 3');
    await userEvent.click(dialog.getByRole('button', { name: 'Preview' }));
    expect(await dialog.findByRole('button', { name: 'Send 0 invitations' })).toBeDisabled();
    expect(api.count('POST', '/choirs/c1/invitations/import')).toBe(0);
  });

  it('reads a chosen .csv file into the text box', async () => {
    renderMembers();
    const dialog = await openImport();
    const file = new File(['Nadia,Boulanger,nadia@example.com,guest\n'], 'choir.csv', { type: 'text/csv' });
    await userEvent.upload(dialog.getByLabelText('CSV file'), file);
    await waitFor(() =>
      expect(dialog.getByRole('textbox', { name: 'CSV rows' })).toHaveValue('Nadia,Boulanger,nadia@example.com,guest\n'),
    );
  });
});
