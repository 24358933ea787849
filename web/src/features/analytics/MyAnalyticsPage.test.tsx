import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/api';
import type { MyAnalytics } from './insightsApi';
import { MyAnalyticsPage } from './MyAnalyticsPage';
import { renderAt, serveChoir } from './testing';

vi.setConfig({ testTimeout: 15000 });
beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

const PATH = '/dashboard/analytics/me';
const mine: MyAnalytics = {
  fromDate: '2025-11-27',
  toDate: '2026-11-26',
  present: 3,
  excused: 1,
  absent: 2,
  presentPercent: 50,
  going: 3,
  maybe: 1,
  notGoing: 1,
  saidYesAbsent: 1,
  saidNoPresent: 1,
  pieces: [{ musicId: 'm2', title: 'Anthem', minutes: 20, lastDay: '2026-11-25' }],
};

function cellsOf(name: string) {
  return within(screen.getByRole('table', { name }))
    .getAllByRole('cell')
    .map((c) => c.textContent);
}

describe('MyAnalyticsPage', () => {
  it('shows a singer their own attendance, answers and practice, each with its CSV', async () => {
    serveChoir('member', { 'GET /choirs/:choirId/analytics/me': () => json(mine) });
    renderAt(<MyAnalyticsPage />, PATH);
    expect(await screen.findByText('You were present at 50 % of the 6 events where attendance was taken.')).toBeInTheDocument();
    expect(cellsOf('My attendance')).toEqual(['3', '1', '2', '50 %']);
    expect(cellsOf('My answers')).toEqual(['3', '1', '1', '1', '1']);
    expect(cellsOf('My practice').slice(0, 2)).toEqual(['Anthem', '20']);
    expect(screen.getByRole('link', { name: 'Anthem' })).toHaveAttribute('href', '/dashboard/music/m2');
    expect(screen.getByText(/Only your own figures are shown here/)).toBeInTheDocument();
    for (const table of ['attendance', 'answers', 'practice']) {
      expect(screen.getByRole('link', { name: `Download ${table} CSV` })).toHaveAttribute(
        'href',
        `/api/v1/choirs/c1/analytics/me?format=csv&table=${table}`,
      );
    }
  });

  it('says when no attendance was taken and nothing was practised', async () => {
    serveChoir('member', {
      'GET /choirs/:choirId/analytics/me': () => json({ ...mine, present: 0, excused: 0, absent: 0, presentPercent: undefined, pieces: [] }),
    });
    renderAt(<MyAnalyticsPage />, PATH);
    expect(await screen.findByText('No attendance was taken for you in these 12 months.')).toBeInTheDocument();
    expect(screen.getByText('You have not practised with Cantica in these 12 months.')).toBeInTheDocument();
  });
});
