import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/api';
import type { MusicLiturgy } from './api';
import { SungForSection } from './SungForSection';
import { renderAt, serveChoir } from './testing';

vi.setConfig({ testTimeout: 20000 });
beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

const LITURGY: MusicLiturgy = {
  feasts: [{ feastKey: 'easter_sunday', name: 'Easter Sunday' }],
  seasons: [{ key: 'lent', name: 'Lent' }],
};

function serve(role: 'choir_admin' | 'member') {
  return serveChoir(role, {
    'GET /choirs/:choirId/music/:musicId/liturgy': () => json(LITURGY),
    'PUT /choirs/:choirId/music/:musicId/liturgy': () =>
      json({ feasts: [...LITURGY.feasts, { feastKey: 'palm_sunday', name: 'Palm Sunday' }], seasons: [...LITURGY.seasons, { key: 'advent', name: 'Advent' }] }),
    'GET /choirs/:choirId/liturgical-seasons': () =>
      json([
        { key: 'advent', name: 'Advent' },
        { key: 'lent', name: 'Lent' },
        { key: 'easter', name: 'Easter' },
      ]),
    'GET /choirs/:choirId/calendar-feasts': () =>
      json([
        { id: 'f1', feastKey: 'easter_sunday', name: 'Easter Sunday', rank: 'solemnity' },
        { id: 'f2', feastKey: 'palm_sunday', name: 'Palm Sunday', rank: 'sunday' },
        { id: 'f3', feastKey: 'pentecost', name: 'Pentecost', rank: 'solemnity' },
      ]),
  });
}

const show = () => renderAt('/dashboard/music/:id', <SungForSection choirId="c1" musicId="m1" />, '/dashboard/music/m1');

describe('SungForSection', () => {
  it('shows a member the feasts and seasons of the piece, without editing', async () => {
    serve('member');
    show();
    const section = await screen.findByRole('region', { name: 'Sung for' });
    expect(await within(section).findByText('Easter Sunday')).toBeInTheDocument();
    expect(within(section).getByText('Lent')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
  });

  it('lets an editor add a season and a feast found by name, and sends their keys', async () => {
    const api = serve('choir_admin');
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Sung for' }));
    const form = await screen.findByRole('form', { name: 'Sung for' });

    await userEvent.click(within(form).getByLabelText('Seasons', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Advent' }));
    await userEvent.type(within(form).getByLabelText('Feasts', { selector: 'input' }), 'Palm');
    await userEvent.click(await screen.findByRole('option', { name: 'Palm Sunday' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('form', { name: 'Sung for' })).not.toBeInTheDocument());
    expect(api.bodies('PUT', '/choirs/c1/music/m1/liturgy')).toEqual([{ seasons: ['lent', 'advent'], feastKeys: ['easter_sunday', 'palm_sunday'] }]);
    const section = screen.getByRole('region', { name: 'Sung for' });
    expect(within(section).getByText('Palm Sunday')).toBeInTheDocument();
    expect(within(section).getByText('Advent')).toBeInTheDocument();
  });
});
