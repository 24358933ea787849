import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, stubFetch } from '../../test/api';
import { renderWithProviders, resetToasts } from '../../test/render';
import type { JobQueue, PlatformOverview } from './api';
import { GlobalAdminPage } from './GlobalAdminPage';

const failed: JobQueue = {
  pending: 3,
  retrying: 1,
  failed: 1,
  failures: [
    {
      id: 'j1',
      kind: 'digest',
      attempts: 8,
      lastError: 'mail: the SMTP server refused the connection',
      failedAt: '2026-11-30T07:00:00Z',
      runAt: '2026-11-30T06:00:00Z',
    },
    { id: 'j2', kind: 'reminder', attempts: 2, lastError: 'timeout', runAt: '2026-11-30T09:00:00Z' },
  ],
};

const days = Array.from({ length: 30 }, (_, i) => ({
  date: `2026-11-${String(i + 1).padStart(2, '0')}`,
  signIns: i === 29 ? 7 : i === 10 ? 3 : 0,
}));

const overview: PlatformOverview = {
  choirs: 3,
  newThisMonth: 1,
  active: 2,
  sleepy: 1,
  members: 41,
  storageBytes: 3 * 1024 * 1024 * 1024,
  otherMailSent: 12,
  otherMailFailed: 2,
  signIns: days,
  choirList: [
    { id: 'c1', name: 'St Cecilia Schola', createdAt: '2026-11-03T09:00:00Z', members: 30, active: true, mailSent: 120, mailFailed: 4, storageBytes: 2 * 1024 * 1024 * 1024, lastSignInAt: '2026-11-29T08:00:00Z' },
    { id: 'c2', name: 'Riverside Singers', createdAt: '2025-02-01T09:00:00Z', members: 10, active: true, mailSent: 8, mailFailed: 0, storageBytes: 1024 * 1024 * 1024 },
    { id: 'c3', name: 'Quiet Chapel Choir', createdAt: '2024-05-01T09:00:00Z', members: 1, active: false, mailSent: 0, mailFailed: 0, storageBytes: 0, lastSignInAt: '2026-09-01T10:00:00Z' },
  ],
  calendarTypes: [
    { key: 'roman_1962_extraordinary', name: 'Roman Catholic — 1962 Missal', uploaded: true, choirs: 2 },
    { key: 'novus_ordo_usa', name: 'Roman Catholic — United States', uploaded: false, choirs: 0 },
  ],
};

function renderPage() {
  const router = createMemoryRouter([{ path: '/dashboard/global-admin', element: <GlobalAdminPage /> }], {
    initialEntries: ['/dashboard/global-admin'],
  });
  return renderWithProviders(router);
}

afterEach(() => {
  resetToasts();
  vi.restoreAllMocks();
});

describe('GlobalAdminPage', () => {
  it('shows the queue’s figures and each failure with its last error, and retries one that gave up', async () => {
    const api = stubFetch({
      'GET /admin/jobs': () => json(failed),
      'GET /admin/overview': () => json(overview),
      'POST /admin/jobs/:jobId/retry': () =>
        json({ pending: 4, retrying: 1, failed: 0, failures: [failed.failures[1]] } satisfies JobQueue),
    });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Failed jobs' });
    expect(screen.getByText('Waiting').previousElementSibling).toHaveTextContent('3');
    expect(screen.getByText('Failed').previousElementSibling).toHaveTextContent('1');
    const digest = within(table).getByRole('row', { name: /Weekly digest/ });
    expect(digest).toHaveTextContent('mail: the SMTP server refused the connection');
    expect(digest).toHaveTextContent(/Failed/);
    const reminder = within(table).getByRole('row', { name: /RSVP reminder/ });
    expect(reminder).toHaveTextContent(/Runs again/);
    expect(within(reminder).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();

    await userEvent.click(within(digest).getByRole('button', { name: 'Retry Weekly digest' }));
    expect(await screen.findByText('Weekly digest queued again')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/admin/jobs/j1/retry']);
    expect(within(screen.getByRole('table', { name: 'Failed jobs' })).queryByRole('row', { name: /Weekly digest/ })).toBeNull();
  });

  it('says so when nothing has failed', async () => {
    stubFetch({
      'GET /admin/jobs': () => json({ pending: 0, retrying: 0, failed: 0, failures: [] }),
      'GET /admin/overview': () => json(overview),
    });
    renderPage();
    expect(await screen.findByText('No job has failed.')).toBeInTheDocument();
  });

  it('tells the admin what the server said when a retry is refused', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({
      'GET /admin/jobs': () => json(failed),
      'GET /admin/overview': () => json(overview),
      'POST /admin/jobs/:jobId/retry': () =>
        apiError(404, 'not_found', 'That job has not failed: it is done, or already waiting to run.'),
    });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Failed jobs' });
    await userEvent.click(within(table).getByRole('button', { name: 'Retry Weekly digest' }));
    expect(await screen.findByText('That job has not failed: it is done, or already waiting to run.')).toBeInTheDocument();
  });

  it('shows the platform at a glance: choirs, the sleepy ones, sign-ins with a table, mail and storage per choir, calendars', async () => {
    stubFetch({ 'GET /admin/jobs': () => json(failed), 'GET /admin/overview': () => json(overview) });
    renderPage();
    const choirs = await screen.findByRole('region', { name: 'Choirs and members' });
    expect(within(choirs).getByText('New this month').previousElementSibling).toHaveTextContent('1');
    expect(within(choirs).getByText('Active in the last 30 days').previousElementSibling).toHaveTextContent('2');
    expect(within(choirs).getByText('Members', { selector: 'p' }).previousElementSibling).toHaveTextContent('41');
    expect(within(choirs).getByText('Storage').previousElementSibling).toHaveTextContent('3 GB');
    const sleepy = within(choirs).getByRole('table', { name: 'Sleepy choirs' });
    expect(within(sleepy).getAllByRole('row')).toHaveLength(2);
    expect(within(sleepy).getByRole('row', { name: /Quiet Chapel Choir/ })).toHaveTextContent(/Sep.*2026/);

    const chart = screen.getByRole('img', { name: /Sign-ins per day/ });
    expect(chart).toHaveAccessibleName(/10 sign-ins in the last 30 days, most on .*30.* \(7\)/);
    await userEvent.click(screen.getByText('Show sign-ins as a table'));
    const table = screen.getByRole('table', { name: 'Sign-ins per day' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);

    const usage = screen.getByRole('table', { name: 'Email and storage per choir' });
    const rows = within(usage).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'St Cecilia Schola301204' + '2 GB',
      'Riverside Singers10801 GB',
      'Quiet Chapel Choir1000 B',
    ]);
    expect(screen.getByText(/belong to no choir: 12 sent, 2 failed/)).toBeInTheDocument();

    const calendars = screen.getByRole('table', { name: 'Calendar types' });
    expect(within(calendars).getByRole('row', { name: /1962 Missal/ })).toHaveTextContent('Uploaded');
    expect(within(calendars).getByRole('row', { name: /United States/ })).toHaveTextContent('Not uploaded');
    for (const [name, href] of [
      ['Calendar import', '/dashboard/global-admin/calendar-import'],
      ['Master feasts', '/dashboard/global-admin/master-feasts'],
      ['Subscriptions', '/dashboard/global-admin/subscriptions'],
    ]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('keeps the job queue when the overview cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({
      'GET /admin/jobs': () => json(failed),
      'GET /admin/overview': () => apiError(500, 'INTERNAL', 'Something went wrong on our side.'),
    });
    renderPage();
    expect(await screen.findByText('The platform overview could not be loaded')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Failed jobs' })).toBeInTheDocument();
  });
});
