import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch, type Handler } from '../../test/api';
import { ada, details, membership, sessionOf } from '../../test/fixtures';
import { renderWithProviders, resetToasts } from '../../test/render';
import { AnalyticsPage } from './AnalyticsPage';
import type { AnalyticsAnswers, AnalyticsAttendance, AnalyticsMusic } from './api';
import { duration, pct } from './format';

vi.setConfig({ testTimeout: 20000 });
beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

const PATH = '/dashboard/analytics';
const period = { kind: 'last90', from: '2025-11-13', to: '2026-02-10' };

const attendance: AnalyticsAttendance = {
  period,
  threshold: 60,
  members: [
    { userId: 'u2', name: 'Bob Alto', voiceParts: ['Alto'], present: 1, excused: 0, absent: 3, marked: 4, rate: 25, below: true },
    { userId: 'u1', name: 'Ann Alto', voiceParts: ['Alto'], present: 3, excused: 1, absent: 0, marked: 4, rate: 75, below: false },
    { userId: 'u3', name: 'New Singer', voiceParts: [], present: 0, excused: 0, absent: 0, marked: 0, below: false },
  ],
  parts: [{ partId: 'alto', name: 'Alto', present: 4, excused: 1, absent: 3, marked: 8, rate: 50 }],
  events: [
    { key: 'e1', title: 'Rehearsal', type: 'rehearsal', date: '2026-01-05', present: 2, excused: 0, absent: 1, marked: 3, rate: 66 },
    { key: 'e2', title: 'Candlemas', type: 'service', date: '2026-01-31', present: 2, excused: 1, absent: 0, marked: 3, rate: 66 },
    { key: 'e3', title: 'Rehearsal', type: 'rehearsal', date: '2026-02-02', present: 1, excused: 0, absent: 2, marked: 3, rate: 33 },
  ],
  types: [
    { type: 'rehearsal', events: 2, averageSingers: 1.5 },
    { type: 'service', events: 1, averageSingers: 2 },
  ],
};

const answers: AnalyticsAnswers = {
  period,
  events: 4,
  asked: 12,
  answered: 10,
  responseRate: 83,
  medianSeconds: 13 * 3600,
  timedAnswers: 4,
  members: [
    { userId: 'u2', name: 'Bob Alto', voiceParts: ['Alto'], asked: 4, answered: 3, responseRate: 75, yesMarked: 3, yesAbsent: 2, yesNoShowRate: 66, noMarked: 0, noPresent: 0 },
  ],
};

const music = (seasonal: boolean): AnalyticsMusic => ({
  period,
  seasonal,
  sung: [{ musicId: 'm1', title: 'Ave verum', composer: 'Mozart', added: '2025-06-01', timesSung: 2, lastSung: '2026-01-25' }],
  never: [{ musicId: 'm3', title: 'Unsung', composer: '', added: '2025-06-01', timesSung: 0 }],
  seasons: [{ season: 'christmas', seasonName: 'Christmas', musicId: 'm1', title: 'Ave verum', timesSung: 1 }],
});

function serve(role: 'choir_admin' | 'member' = 'choir_admin', extra: Record<string, Handler> = {}, seasonal = true) {
  const bach = membership('c1', 'Bach Choir', role);
  return stubFetch({
    'GET /auth/session': () => json(sessionOf({ ...ada, lastAccessedChoirId: 'c1' }, [bach])),
    'GET /choirs/:choirId': () => json(details(bach)),
    'GET /choirs/:choirId/musical-roles': () => json([{ id: 'alto', name: 'Alto', sortOrder: 2 }]),
    'GET /choirs/:choirId/analytics/attendance': () => json(attendance),
    'GET /choirs/:choirId/analytics/answers': () => json(answers),
    'GET /choirs/:choirId/analytics/music': () => json(music(seasonal)),
    ...extra,
  });
}

function render(element: ReactNode, path = PATH) {
  resetToasts();
  return renderWithProviders(
    createMemoryRouter(
      [
        { path: PATH, element },
        { path: '*', element: <p>elsewhere</p> },
      ],
      { initialEntries: [path] },
    ),
  );
}

const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));

describe('AnalyticsPage', () => {
  it('shows attendance per member (below the threshold first, as the server orders them), per part, per event and per type, each with its CSV', async () => {
    serve();
    render(<AnalyticsPage />);
    const members = await screen.findByRole('table', { name: 'Members' });
    expect(cells(members)).toEqual([
      ['Bob Alto', 'Alto', '1', '0', '3', '4', '25 %', 'Yes'],
      ['Ann Alto', 'Alto', '3', '1', '0', '4', '75 %', 'No'],
      ['New Singer', '', '0', '0', '0', '0', '—', 'No'],
    ]);
    expect(cells(screen.getByRole('table', { name: 'Average singers by event type' }))).toEqual([
      ['Rehearsal', '2', '1.5'],
      ['Service', '1', '2'],
    ]);
    expect(screen.getByRole('link', { name: 'Download CSV: Events' })).toHaveAttribute(
      'href',
      '/api/v1/choirs/c1/analytics/attendance?period=last90&format=csv&table=events',
    );
    // The chart's text alternative names the lowest and highest events.
    expect(screen.getByText(/lowest 33 % on 2026-02-02, highest 66 % on 2026-01-05/)).toBeInTheDocument();
    expect(screen.getByText(/Members under 60 % come first/)).toBeInTheDocument();
  });

  it('draws the rate at each event and the singers per event type, each chart with its sentence', async () => {
    serve();
    render(<AnalyticsPage />);
    const trend = await screen.findByRole('img', { name: 'Chart of the attendance rate per event, described below' });
    // A point per event, whose hover text is its date and rate.
    expect([...trend.querySelectorAll('title')].map((t) => t.textContent)).toEqual(['2026-01-05: 66 %', '2026-01-31: 66 %', '2026-02-02: 33 %']);
    const types = screen.getByRole('img', { name: 'Chart of the average singers per event type, described below' });
    expect(types).toHaveTextContent('Rehearsal1.5Service2');
    expect(screen.getByText('Average singers present per event: Rehearsal 1.5, Service 2.')).toBeInTheDocument();
  });

  it('asks every section again, and points every CSV at, the filters chosen', async () => {
    const api = serve();
    render(<AnalyticsPage />);
    await screen.findByRole('table', { name: 'Members' });
    await screen.findByRole('option', { name: 'Alto' });
    fireEvent.change(screen.getByLabelText('Voice part'), { target: { value: 'alto' } });
    fireEvent.change(screen.getByLabelText('Event type'), { target: { value: 'service' } });
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'season' } });
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Download CSV: Pieces sung' })).toHaveAttribute(
        'href',
        '/api/v1/choirs/c1/analytics/music?period=season&voicePart=alto&eventType=service&format=csv&table=sung',
      ),
    );
    const urls = () => api.fetch.mock.calls.map(([r]) => (r as Request).url);
    // Attendance, answers, music and practice take every filter; readiness only the voice part.
    await waitFor(() =>
      expect(
        urls()
          .filter((u) => u.includes('period=season&voicePart=alto&eventType=service'))
          .map((u) => new URL(u).pathname.split('/').pop())
          .sort(),
      ).toEqual(['answers', 'attendance', 'music', 'practice']),
    );
  });

  it('asks for a custom range that runs forwards before asking the server', async () => {
    const api = serve();
    render(<AnalyticsPage />, `${PATH}?period=custom&from=2026-02-01&to=2026-01-01`);
    expect(await screen.findByText('The start date must be on or before the end date.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-12-01' } });
    await screen.findByRole('table', { name: 'Members' });
    expect(api.calls.filter((c) => c.path.includes('/analytics/')).every((c) => c.path.startsWith('/choirs/c1/analytics/'))).toBe(true);
    expect(
      api.fetch.mock.calls.map(([r]) => (r as Request).url).filter((u) => u.includes('/analytics/attendance')),
    ).toEqual([expect.stringContaining('period=custom&from=2025-12-01&to=2026-01-01')]);
  });

  it('shows the answers: response rate, median wait and who said yes and did not come', async () => {
    serve();
    render(<AnalyticsPage />);
    const table = await screen.findByRole('table', { name: 'Answers by member' });
    expect(cells(table)).toEqual([['Bob Alto', 'Alto', '4', '3', '75 %', '3', '2', '66 %', '0', '0', '—']]);
    expect(screen.getByText(/Response rate:/)).toHaveTextContent('Response rate: 83 % (10 answers of 12 asked, over 4 events).');
    expect(screen.getByText(/Median time to answer:/)).toHaveTextContent('13 hours after the RSVP email (over 4 answers');
  });

  it('shows the music tables, the seasons only for a liturgical calendar, and links the licence usage report', async () => {
    serve('choir_admin', {}, false);
    render(<AnalyticsPage />);
    expect(cells(await screen.findByRole('table', { name: 'Pieces sung' }))).toEqual([['Ave verum', 'Mozart', '2', '2026-01-25']]);
    expect(cells(screen.getByRole('table', { name: 'Never sung since added' }))).toEqual([['Unsung', '', '2025-06-01']]);
    expect(screen.queryByRole('table', { name: 'By liturgical season' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Music usage report for licences' })).toHaveAttribute('href', '/dashboard/calendar/music-usage');
  });

  it('saves the threshold the director sets, and refuses one over 100 %', async () => {
    const api = serve('choir_admin', {
      'PUT /choirs/:choirId/analytics/settings': (_req, _p, body) => json(body),
    });
    render(<AnalyticsPage />);
    const input = await screen.findByLabelText('Attendance threshold (%)');
    fireEvent.change(input, { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save threshold' }));
    expect(await screen.findByText('Enter a whole number from 0 to 100.')).toBeInTheDocument();
    expect(api.count('PUT', '/choirs/c1/analytics/settings')).toBe(0);
    fireEvent.change(input, { target: { value: '70' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save threshold' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ attendanceThreshold: 70 }));
  });
});

describe('analytics format', () => {
  it('writes rates and waits as people read them', () => {
    expect([pct(0), pct(75), pct(undefined)]).toEqual(['0 %', '75 %', '—']);
    expect([duration(59), duration(45 * 60), duration(13 * 3600), duration(24 * 3600), duration(51 * 3600)]).toEqual([
      '1 minute',
      '45 minutes',
      '13 hours',
      '1 day',
      '2 days 3 hours',
    ]);
  });
});
