import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ManageTagsModal } from './ManageTagsModal';
import { apiError, CHRISTMAS, json, LENT, noContent, renderPage, serveMusic, type Handler } from './testing';

function renderTags(handlers: Record<string, Handler> = {}) {
  const api = serveMusic({ handlers });
  return { api, ...renderPage('/dashboard/music', <ManageTagsModal choirId="c1" opened onClose={() => {}} />) };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ManageTagsModal', () => {
  it('lists the tags with how many pieces carry each', async () => {
    renderTags();
    const table = await screen.findByRole('table', { name: 'Tags' });
    expect(within(table).getByRole('row', { name: /Christmas/ })).toHaveTextContent('1 piece');
    expect(within(table).getByRole('row', { name: /Lent/ })).toHaveTextContent('0 pieces');
  });

  it("renames and recolours a tag, and shows the server's duplicate message under the name", async () => {
    const message = `A tag named "${LENT.name}" already exists in this choir.`;
    let refuse = true;
    const { api } = renderTags({
      'PUT /choirs/:choirId/tags/:tagId': (_r, _p, body) =>
        refuse ? apiError(409, 'DUPLICATE_NAME', message) : json({ ...CHRISTMAS, ...(body as object) }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Christmas' }));
    const form = screen.getByRole('form', { name: 'Edit tag Christmas' });
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Lent');
    await userEvent.click(within(form).getByRole('button', { name: 'Save tag' }));
    expect(await within(form).findByText(message)).toBeInTheDocument();

    refuse = false;
    await userEvent.clear(name);
    await userEvent.type(name, 'Advent');
    const colour = within(form).getByRole('textbox', { name: 'Colour' });
    await userEvent.clear(colour);
    await userEvent.type(colour, '#aa0000');
    await userEvent.click(within(form).getByRole('button', { name: 'Save tag' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit tag Christmas' })).not.toBeInTheDocument());
    expect(api.bodies('PUT', '/choirs/c1/tags/t-xmas').at(-1)).toEqual({ name: 'Advent', color: '#aa0000' });
  });

  it('deletes a tag after asking', async () => {
    const { api } = renderTags({ 'DELETE /choirs/:choirId/tags/:tagId': () => noContent() });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Christmas' }));
    const question = await screen.findByRole('dialog', { name: 'Delete tag' });
    expect(question).toHaveTextContent('Delete the tag "Christmas"? It is taken off 1 piece; the pieces stay.');
    expect(api.count('DELETE', '/choirs/c1/tags/t-xmas')).toBe(0);
    await userEvent.click(within(question).getByRole('button', { name: 'Delete tag' }));
    await waitFor(() => expect(api.count('DELETE', '/choirs/c1/tags/t-xmas')).toBe(1));
  });
});
