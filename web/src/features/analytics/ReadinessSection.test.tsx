import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../components/format';
import { json } from '../../test/api';
import type { Readiness } from './insightsApi';
import { ReadinessSection } from './ReadinessSection';
import { CHOIR_ID, renderAt, serveChoir } from './testing';

vi.setConfig({ testTimeout: 15000 });
beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

const service = { eventId: 'sun', occurrenceDate: '2026-11-29', title: 'Sunday Mass', type: 'service', date: '2026-11-29' };
const concert = { eventId: 'conc', title: 'Advent concert', type: 'concert', date: '2026-12-05' };

function row(title: string, voicePart: string, members: number, practised: number, ready: number, minutes: number, mark: 'none' | 'some' | 'most') {
  return { musicId: title, title, voicePartId: voicePart, voicePart, members, practised, ready, minutes, mark };
}

const sunday: Readiness = {
  event: service,
  planned: true,
  windowFrom: '2026-10-28',
  windowTo: '2026-11-26',
  choices: [service, concert],
  rows: [row('Ave verum', 'Soprano', 3, 2, 2, 30, 'most'), row('Ave verum', 'Alto', 4, 2, 1, 19, 'some'), row('Anthem', 'Alto', 4, 1, 0, 9, 'none')],
};

function serve() {
  return serveChoir('choir_admin', {
    'GET /choirs/:choirId/analytics/readiness': (req) => {
      const q = new URL(req.url).searchParams;
      if (q.get('eventId') === 'conc') return json({ ...sunday, event: concert, planned: false, rows: [] });
      return json(sunday);
    },
  });
}

describe('ReadinessSection', () => {
  it('shows each piece and part of the next service with its mark, says what "most" means, and offers the same table as CSV', async () => {
    serve();
    renderAt(<ReadinessSection choirId={CHOIR_ID} />);
    const table = await screen.findByRole('table', { name: 'Readiness' });
    expect(screen.getByText(/Most: more than half of the part is ready/)).toBeInTheDocument();
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(cells).toEqual([
      ['Ave verum', 'Soprano', '3', '2', '2', '30', 'Most'],
      ['Ave verum', 'Alto', '4', '2', '1', '19', 'Some'],
      ['Anthem', 'Alto', '4', '1', '0', '9', 'None'],
    ]);
    const csv = screen.getByRole('link', { name: 'Download readiness CSV' });
    expect(csv).toHaveAttribute('href', '/api/v1/choirs/c1/analytics/readiness?format=csv');
    expect(screen.getByRole('combobox', { name: 'Service or concert' })).toHaveValue(`${formatDate('2026-11-29')} — Sunday Mass`);
  });

  it('asks for the event chosen and says when it has no music yet', async () => {
    const api = serve();
    renderAt(<ReadinessSection choirId={CHOIR_ID} />);
    await screen.findByRole('table', { name: 'Readiness' });
    fireEvent.click(screen.getByRole('combobox', { name: 'Service or concert' }));
    fireEvent.click(await screen.findByRole('option', { name: /Advent concert/ }));
    expect(await screen.findByText('No music is planned for this event yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(api.fetch.mock.calls.map(([r]) => (r as Request).url).some((u) => u.includes('readiness?eventId=conc'))).toBe(true);
  });

  it('says when no service or concert is coming', async () => {
    serveChoir('choir_admin', {
      'GET /choirs/:choirId/analytics/readiness': () => json({ planned: false, windowFrom: '2026-10-28', windowTo: '2026-11-26', rows: [], choices: [] }),
    });
    renderAt(<ReadinessSection choirId={CHOIR_ID} />);
    expect(await screen.findByText('No service or concert in the next 90 days.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download readiness CSV' })).not.toBeInTheDocument();
  });
});
