import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MusicalRole } from './api';
import { moved, MusicalRolesPage } from './MusicalRolesPage';
import { ALTO, apiError, BASS, json, noContent, renderPage, serveChoir, SOPRANO, TENOR, type Handler } from './testing';

function renderRoles(handlers: Record<string, Handler> = {}, voiceParts = [SOPRANO, ALTO, TENOR, BASS]) {
  const api = serveChoir({ voiceParts, handlers });
  return { api, state: api.state, ...renderPage('/dashboard/settings/musical-roles', <MusicalRolesPage />) };
}

const list = () => screen.getByRole('list', { name: 'Voice parts' });
const shownParts = () => within(list()).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'));

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('moved', () => {
  it('swaps a part with its neighbour, and leaves the ends alone', () => {
    expect(moved(['s', 'a', 't', 'b'], 2, -1)).toEqual(['s', 't', 'a', 'b']);
    expect(moved(['s', 'a', 't', 'b'], 0, 1)).toEqual(['a', 's', 't', 'b']);
    expect(moved(['s', 'a'], 0, -1)).toEqual(['s', 'a']);
    expect(moved(['s', 'a'], 1, 1)).toEqual(['s', 'a']);
  });
});

describe('MusicalRolesPage', () => {
  it("lists the choir's voice parts in order, the ends unable to move further", async () => {
    renderRoles();
    expect(screen.getByRole('heading', { level: 1, name: 'Musical Roles' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Voice parts' });
    expect(shownParts()).toEqual(['Soprano', 'Alto', 'Tenor', 'Bass']);
    expect(screen.getByRole('button', { name: 'Move Soprano up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Bass down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Alto up' })).toBeEnabled();
  });

  it('sends the new order when a part moves, and shows the order the server kept', async () => {
    const { api, state } = renderRoles({
      'PUT /choirs/:choirId/musical-roles/order': (_r, _p, body) => {
        const { ids } = body as { ids: string[] };
        state.voiceParts = ids.map((id, i) => ({ ...state.voiceParts.find((p) => p.id === id)!, sortOrder: i + 1 }));
        return json(state.voiceParts);
      },
    });
    await screen.findByRole('list', { name: 'Voice parts' });
    await userEvent.click(screen.getByRole('button', { name: 'Move Tenor up' }));
    await waitFor(() => expect(shownParts()).toEqual(['Soprano', 'Tenor', 'Alto', 'Bass']));
    await userEvent.click(screen.getByRole('button', { name: 'Move Soprano down' }));
    await waitFor(() => expect(shownParts()).toEqual(['Tenor', 'Soprano', 'Alto', 'Bass']));
    expect(api.bodies('PUT', '/choirs/c1/musical-roles/order')).toEqual([
      { ids: [SOPRANO.id, TENOR.id, ALTO.id, BASS.id] },
      { ids: [TENOR.id, SOPRANO.id, ALTO.id, BASS.id] },
    ]);
  });

  it('adds a part, and shows a duplicate name refusal under the field', async () => {
    const mezzo: MusicalRole = { id: 'p-m', name: 'Mezzo-soprano', sortOrder: 5 };
    const { api, state } = renderRoles({
      'POST /choirs/:choirId/musical-roles': (_r, _p, body) => {
        const { name } = body as { name: string };
        if (state.voiceParts.some((p) => p.name.toLowerCase() === name.toLowerCase())) {
          return apiError(409, 'CONFLICT', 'A voice part with this name already exists');
        }
        state.voiceParts = [...state.voiceParts, mezzo];
        return json(mezzo, 201);
      },
    });
    await screen.findByRole('list', { name: 'Voice parts' });
    const field = screen.getByRole('textbox', { name: 'Voice part name' });

    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(field).toHaveAccessibleDescription('Voice part name is required');
    expect(api.count('POST', '/choirs/c1/musical-roles')).toBe(0);

    await userEvent.type(field, 'alto');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('A voice part with this name already exists'));
    expect(shownParts()).toHaveLength(4);

    await userEvent.clear(field);
    expect(field).not.toHaveAccessibleDescription('A voice part with this name already exists');
    await userEvent.type(field, '  Mezzo-soprano ');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Mezzo-soprano added')).toBeInTheDocument();
    await waitFor(() => expect(shownParts()).toEqual(['Soprano', 'Alto', 'Tenor', 'Bass', 'Mezzo-soprano']));
    expect(field).toHaveValue('');
    expect(api.bodies('POST', '/choirs/c1/musical-roles')).toEqual([{ name: 'alto' }, { name: 'Mezzo-soprano' }]);
  });

  it("shows the server's field message for a name that is too long", async () => {
    renderRoles({
      'POST /choirs/:choirId/musical-roles': () =>
        apiError(400, 'VALIDATION_ERROR', 'Please check the name.', { name: 'Voice part name is too long' }),
    });
    await screen.findByRole('list', { name: 'Voice parts' });
    const field = screen.getByRole('textbox', { name: 'Voice part name' });
    await userEvent.type(field, 'x'.repeat(120));
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('Voice part name is too long'));
  });

  it('renames a part in place', async () => {
    const { api, state } = renderRoles({
      'PATCH /choirs/:choirId/musical-roles/:roleId': (_r, { roleId }, body) => {
        const { name } = body as { name: string };
        state.voiceParts = state.voiceParts.map((p) => (p.id === roleId ? { ...p, name } : p));
        return json(state.voiceParts.find((p) => p.id === roleId));
      },
    });
    await screen.findByRole('list', { name: 'Voice parts' });
    await userEvent.click(screen.getByRole('button', { name: 'Rename Bass' }));
    const form = within(screen.getByRole('form', { name: 'Rename Bass' }));
    const name = form.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Bass');
    await userEvent.clear(name);
    await userEvent.type(name, 'Baritone');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(shownParts()).toEqual(['Soprano', 'Alto', 'Tenor', 'Baritone']));
    expect(api.bodies('PATCH', `/choirs/c1/musical-roles/${BASS.id}`)).toEqual([{ name: 'Baritone' }]);
  });

  it('removes a part after a confirmation that warns its members lose it', async () => {
    const { api, state } = renderRoles({
      'DELETE /choirs/:choirId/musical-roles/:roleId': (_r, { roleId }) => {
        state.voiceParts = state.voiceParts.filter((p) => p.id !== roleId);
        return noContent();
      },
    });
    await screen.findByRole('list', { name: 'Voice parts' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Alto' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove Alto?' }));
    expect(dialog.getByText(/Members assigned to it lose it/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Alto removed')).toBeInTheDocument();
    await waitFor(() => expect(shownParts()).toEqual(['Soprano', 'Tenor', 'Bass']));
    expect(api.count('DELETE', `/choirs/c1/musical-roles/${ALTO.id}`)).toBe(1);
  });

  it('reports a refused change in a toast', async () => {
    renderRoles({
      'DELETE /choirs/:choirId/musical-roles/:roleId': () => apiError(403, 'PERMISSION_ERROR', 'You cannot change this choir.'),
    });
    await screen.findByRole('list', { name: 'Voice parts' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Alto' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('You cannot change this choir.')).toBeInTheDocument();
    expect(shownParts()).toContain('Alto');
  });
});
