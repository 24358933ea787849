import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/api';
import type { MusicUsage } from './api';
import { MusicUsagePage } from './MusicUsagePage';
import { renderAt, serveChoir } from './testing';

vi.setConfig({ testTimeout: 15000 });
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 4, 10, 12, 0) });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const PATH = '/dashboard/calendar/music-usage';

function serve(items: MusicUsage['items']) {
  return serveChoir('member', {
    'GET /choirs/:choirId/music-usage': (req) => {
      const q = new URL(req.url).searchParams;
      return json({ from: q.get('from'), to: q.get('to'), items: q.get('from')! < '2026-01-01' ? items : [] });
    },
  });
}

describe('MusicUsagePage', () => {
  it('reports the last twelve months by default, each piece with its count and dates, and the CSV of the same range', async () => {
    const api = serve([
      { musicId: 'm1', title: 'Ubi caritas', composer: 'Duruflé', libraryNumber: 'L-12', timesSung: 2, dates: ['2026-04-05', '2025-06-01'] },
      { musicId: 'm2', title: 'Ave verum corpus', composer: 'Mozart', libraryNumber: '', timesSung: 1, dates: ['2026-03-08'] },
    ]);
    renderAt(PATH, <MusicUsagePage />, PATH);
    const table = await screen.findByRole('table', { name: 'Music usage' });
    expect(api.calls.find((c) => c.path === '/choirs/c1/music-usage')).toBeDefined();
    expect(api.fetch.mock.calls.map(([r]) => (r as Request).url).find((u) => u.includes('music-usage'))).toContain(
      'from=2025-05-11&to=2026-05-10',
    );
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Title', 'Composer', 'Library number', 'Times sung', 'Dates']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]).getAllByRole('cell').map((c) => c.textContent).slice(0, 4)).toEqual(['Ubi caritas', 'Duruflé', 'L-12', '2']);
    expect(within(rows[0]).getByRole('link', { name: 'Ubi caritas' })).toHaveAttribute('href', '/dashboard/music/m1');
    expect(within(rows[1]).getAllByRole('cell')[3]).toHaveTextContent('1');
    const csv = screen.getByRole('link', { name: 'Download CSV' });
    expect(csv).toHaveAttribute('href', '/api/v1/choirs/c1/music-usage/export?from=2025-05-11&to=2026-05-10');
    expect(csv).toHaveAttribute('download');
  });

  it('says when nothing was planned in the dates chosen, and the CSV follows them', async () => {
    serve([{ musicId: 'm1', title: 'Ubi caritas', composer: '', libraryNumber: '', timesSung: 1, dates: ['2025-06-01'] }]);
    renderAt(PATH, <MusicUsagePage />, PATH);
    await screen.findByRole('table', { name: 'Music usage' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-02-01' } });
    expect(await screen.findByText('Nothing was planned in these dates.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/v1/choirs/c1/music-usage/export?from=2026-02-01&to=2026-05-10',
    );
  });

  it('asks for a range that runs forwards before asking the server', async () => {
    const api = serve([]);
    renderAt(PATH, <MusicUsagePage />, PATH);
    await screen.findByText('Nothing was planned in these dates.');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-06-01' } });
    expect(await screen.findByText('The start is after the end.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download CSV' })).not.toBeInTheDocument();
    await waitFor(() => expect(api.count('GET', '/choirs/c1/music-usage')).toBe(1));
  });
});
