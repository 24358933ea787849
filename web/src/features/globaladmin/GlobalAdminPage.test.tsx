import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, stubFetch } from '../../test/api';
import { renderWithProviders, resetToasts } from '../../test/render';
import type { JobQueue } from './api';
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
    stubFetch({ 'GET /admin/jobs': () => json({ pending: 0, retrying: 0, failed: 0, failures: [] }) });
    renderPage();
    expect(await screen.findByText('No job has failed.')).toBeInTheDocument();
  });

  it('tells the admin what the server said when a retry is refused', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({
      'GET /admin/jobs': () => json(failed),
      'POST /admin/jobs/:jobId/retry': () =>
        apiError(404, 'not_found', 'That job has not failed: it is done, or already waiting to run.'),
    });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Failed jobs' });
    await userEvent.click(within(table).getByRole('button', { name: 'Retry Weekly digest' }));
    expect(await screen.findByText('That job has not failed: it is done, or already waiting to run.')).toBeInTheDocument();
  });
});
