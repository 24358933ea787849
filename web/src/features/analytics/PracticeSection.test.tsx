import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../components/format';
import { json } from '../../test/api';
import type { Practice } from './insightsApi';
import { PracticeSection } from './PracticeSection';
import { CHOIR_ID, renderAt, serveChoir } from './testing';

vi.setConfig({ testTimeout: 15000 });
beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

const practice: Practice = {
  fromDate: '2026-11-09',
  toDate: '2026-11-26',
  weeks: ['2026-11-09', '2026-11-16', '2026-11-23'],
  choir: [20, 30, 54],
  parts: [
    { id: 's', name: 'Soprano', minutes: [20, 10, 0] },
    { id: 'a', name: 'Alto', minutes: [0, 20, 54] },
  ],
  pieces: [
    { musicId: 'm1', title: 'Ave verum', minutes: 64, singers: 5 },
    { musicId: 'm2', title: 'Anthem', minutes: 40, singers: 2 },
  ],
};

function rowsOf(name: string) {
  return within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .map((r) => within(r).queryAllByRole(r.querySelector('th') ? 'columnheader' : 'cell').map((c) => c.textContent));
}

describe('PracticeSection', () => {
  it('shows minutes per week for the choir and each part, the most practised pieces, and their CSVs with the same filters', async () => {
    const api = serveChoir('choir_admin', { 'GET /choirs/:choirId/analytics/practice': () => json(practice) });
    const filters = { period: 'custom' as const, from: '2026-11-09', to: '2026-11-26', voicePart: 'a' };
    renderAt(<PracticeSection choirId={CHOIR_ID} filters={filters} />);
    await screen.findByRole('table', { name: 'Minutes per week' });
    expect(rowsOf('Minutes per week')).toEqual([
      ['Week starting', 'Choir', 'Soprano', 'Alto'],
      [formatDate('2026-11-09'), '20', '20', '0'],
      [formatDate('2026-11-16'), '30', '10', '20'],
      [formatDate('2026-11-23'), '54', '0', '54'],
    ]);
    expect(rowsOf('Most practised pieces')).toEqual([
      ['Piece', 'Minutes', 'Singers'],
      ['Ave verum', '64', '5'],
      ['Anthem', '40', '2'],
    ]);
    expect(api.fetch.mock.calls.map(([r]) => (r as Request).url).find((u) => u.includes('/analytics/practice'))).toContain(
      'period=custom&from=2026-11-09&to=2026-11-26&voicePart=a',
    );
    expect(screen.getByRole('link', { name: 'Download minutes per week CSV' })).toHaveAttribute(
      'href',
      '/api/v1/choirs/c1/analytics/practice?period=custom&from=2026-11-09&to=2026-11-26&voicePart=a&format=csv&table=weeks',
    );
    expect(screen.getByRole('link', { name: 'Download most practised pieces CSV' })).toHaveAttribute(
      'href',
      '/api/v1/choirs/c1/analytics/practice?period=custom&from=2026-11-09&to=2026-11-26&voicePart=a&format=csv&table=pieces',
    );
  });

  it('says when nobody practised', async () => {
    serveChoir('choir_admin', { 'GET /choirs/:choirId/analytics/practice': () => json({ ...practice, pieces: [] }) });
    renderAt(<PracticeSection choirId={CHOIR_ID} filters={{}} />);
    expect(await screen.findByText('Nobody practised in this period.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download most practised pieces CSV' })).not.toBeInTheDocument();
  });
});
